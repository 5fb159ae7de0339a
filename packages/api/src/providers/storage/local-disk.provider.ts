/**
 * Files on this server's disk under DATA_DIR/uploads (the default). The browser POSTs to our own
 * /api/oss/upload with an S3-style policy signed by HMAC-SHA256, so the web code is the same for every provider.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, MSG, UPLOAD_SNIFF_BYTES, contentMatchesType, formatByteSize, formatMessage, parseUploadKey } from '@summit/domain';
import type { LocalStorageProvider, PostPolicyInput, SignedPost, VerifiedPolicy } from './storage-provider.ts';

export const LOCAL_UPLOAD_ENDPOINT = '/api/oss/upload';
const LOCAL_BUCKET = 'local';

interface PolicyDocument {
  expiration: string;
  conditions: unknown[];
}

export interface LocalDiskOptions {
  root: string;
  /** The HMAC secret (from env or the settings table); asked for on each use so every process agrees. */
  secret: () => Promise<string>;
}

function sign(secret: string, policyBase64: string): string {
  return createHmac('sha256', secret).update(policyBase64).digest('hex');
}

function policyError(): AppError {
  return AppError.message(MSG.UPLOAD_POLICY_INVALID);
}

/** Reads the conditions we write: {bucket}, {key}, {Content-Type}, ["content-length-range", min, max]. */
function readPolicy(policyBase64: string): { expiration: Date; bucket?: string; key?: string; contentType?: string; range?: [number, number] } {
  let doc: PolicyDocument;
  try {
    doc = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as PolicyDocument;
  } catch {
    throw policyError();
  }
  if (!doc || typeof doc.expiration !== 'string' || !Array.isArray(doc.conditions)) throw policyError();
  const out: ReturnType<typeof readPolicy> = { expiration: new Date(doc.expiration) };
  for (const c of doc.conditions) {
    if (Array.isArray(c) && c[0] === 'content-length-range' && typeof c[1] === 'number' && typeof c[2] === 'number') out.range = [c[1], c[2]];
    else if (c && typeof c === 'object' && !Array.isArray(c)) {
      const entry = c as Record<string, unknown>;
      if (typeof entry.bucket === 'string') out.bucket = entry.bucket;
      if (typeof entry.key === 'string') out.key = entry.key;
      if (typeof entry['Content-Type'] === 'string') out.contentType = entry['Content-Type'];
    }
  }
  return out;
}

export function createLocalDiskStorage(options: LocalDiskOptions): LocalStorageProvider {
  const root = path.resolve(options.root);
  const tempDir = path.join(root, '.incoming');

  function pathOf(key: string): string {
    if (!parseUploadKey(key)) throw policyError();
    const full = path.resolve(root, key);
    // parseUploadKey already refuses '..' and separators in the name; this is the belt to those braces.
    if (!full.startsWith(root + path.sep)) throw policyError();
    return full;
  }

  return {
    id: 'local',
    kind: 'local',

    async signPost(input: PostPolicyInput): Promise<SignedPost> {
      const doc: PolicyDocument = {
        expiration: input.expiresAt.toISOString(),
        conditions: [{ bucket: LOCAL_BUCKET }, { key: input.key }, { 'Content-Type': input.contentType }, ['content-length-range', 1, input.maxBytes]],
      };
      const policy = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64');
      return {
        endpoint: LOCAL_UPLOAD_ENDPOINT,
        fields: { key: input.key, 'Content-Type': input.contentType, policy, signature: sign(await options.secret(), policy) },
      };
    },

    async verifyPost(fields, now): Promise<VerifiedPolicy> {
      const { key, policy, signature } = fields;
      const contentType = fields['Content-Type'] ?? fields['content-type'];
      if (!key || !policy || !signature || !contentType) throw AppError.param('policy', MSG.UPLOAD_POLICY_INVALID);
      if (policy.length > 8192 || !/^[0-9a-f]{64}$/.test(signature)) throw policyError();
      const expected = Buffer.from(sign(await options.secret(), policy), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw policyError();
      const doc = readPolicy(policy);
      if (Number.isNaN(doc.expiration.getTime()) || doc.expiration.getTime() <= now.getTime()) throw policyError();
      if (doc.bucket !== LOCAL_BUCKET || doc.key !== key || doc.contentType !== contentType || !doc.range) throw policyError();
      if (!parseUploadKey(key)) throw policyError();
      return { key, contentType, minBytes: doc.range[0], maxBytes: doc.range[1] };
    },

    async receive(source: Readable, policy: VerifiedPolicy) {
      await mkdir(tempDir, { recursive: true });
      const tempPath = path.join(tempDir, randomBytes(16).toString('hex'));
      let size = 0;
      let head = Buffer.alloc(0);
      const guard = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > policy.maxBytes) return done(AppError.param('file', formatMessage(MSG.FILE_TOO_LARGE, formatByteSize(policy.maxBytes))));
          if (head.length < UPLOAD_SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, UPLOAD_SNIFF_BYTES - head.length)]);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, guard, createWriteStream(tempPath, { flags: 'wx' }));
        const truncated = (source as Readable & { truncated?: boolean }).truncated === true;
        if (truncated) throw AppError.param('file', formatMessage(MSG.FILE_TOO_LARGE, formatByteSize(policy.maxBytes)));
        if (size < policy.minBytes) throw AppError.param('file', MSG.UPLOAD_FILE_MISSING);
        if (!contentMatchesType(head, policy.contentType)) throw AppError.param('file', MSG.UPLOAD_CONTENT_MISMATCH);
        return { tempPath, sizeBytes: size };
      } catch (error) {
        await rm(tempPath, { force: true });
        throw error;
      }
    },

    async commit(tempPath, key) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },

    async discard(tempPath) {
      await rm(tempPath, { force: true });
    },

    async deleteObject(key) {
      let target: string;
      try {
        target = pathOf(key);
      } catch {
        return;
      }
      await rm(target, { force: true });
      // The key's random directory held only this file; leave no empty directories behind.
      await rmdir(path.dirname(target)).catch(() => undefined);
    },

    async openRead(key) {
      let target: string;
      try {
        target = pathOf(key);
      } catch {
        return null;
      }
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        return { stream: createReadStream(target), sizeBytes: info.size };
      } catch {
        return null;
      }
    },
  };
}
