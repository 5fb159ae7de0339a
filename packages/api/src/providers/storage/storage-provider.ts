/**
 * Object storage behind the upload credential (decision 010). Every provider signs a browser-direct multipart
 * POST with the same conditions (exact key, content type, size range, expiry); reading differs: the local disk
 * streams through our own authorised route, remote buckets answer with a short-lived signed GET address.
 */
import type { Readable } from 'node:stream';

export type StorageProviderId = 'local' | 's3' | 'aliyun-oss';

export interface PostPolicyInput {
  key: string;
  contentType: string;
  /** content-length-range upper bound (the lower bound is always 1 byte). */
  maxBytes: number;
  expiresAt: Date;
  now: Date;
}

export interface SignedPost {
  /** Where the browser POSTs the multipart form. */
  endpoint: string;
  /** Fields to send, in this order, before the `file` field. */
  fields: Record<string, string>;
}

export interface ReadOptions {
  /** Name offered to the person saving the file. */
  downloadName: string;
  contentType: string;
  expiresInSeconds: number;
}

interface StorageProviderBase {
  readonly id: StorageProviderId;
  signPost(input: PostPolicyInput): Promise<SignedPost>;
  /** Removes the object; removing one that is not there succeeds (the retention sweep retries safely). */
  deleteObject(key: string): Promise<void>;
}

/** What the bucket says about an object (a HEAD): null when it does not exist. */
export interface StoredObject {
  sizeBytes: number;
  contentType: string | null;
}

/** What a verified local POST policy allows. */
export interface VerifiedPolicy {
  key: string;
  contentType: string;
  minBytes: number;
  maxBytes: number;
}

export interface LocalStorageProvider extends StorageProviderBase {
  readonly kind: 'local';
  /** Checks the signature and expiry of posted fields; throws AppError when they do not hold. */
  verifyPost(fields: Record<string, string>, now: Date): Promise<VerifiedPolicy>;
  /** Streams a posted file to a temporary place, enforcing the size range and the content type's magic bytes. */
  receive(source: Readable, policy: VerifiedPolicy): Promise<{ tempPath: string; sizeBytes: number }>;
  /** Moves a received file to its key (after the database accepted it). */
  commit(tempPath: string, key: string): Promise<void>;
  discard(tempPath: string): Promise<void>;
  openRead(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
}

export interface RemoteStorageProvider extends StorageProviderBase {
  readonly kind: 'remote';
  signedReadUrl(key: string, options: ReadOptions): Promise<string>;
  /** The browser POSTs straight to the bucket, so the platform asks the bucket before a form may use the file. */
  headObject(key: string): Promise<StoredObject | null>;
}

export type StorageProvider = LocalStorageProvider | RemoteStorageProvider;

/** RFC 6266 / RFC 5987: an ASCII fallback plus the UTF-8 name, so Chinese names survive every browser. */
export function contentDispositionFor(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
