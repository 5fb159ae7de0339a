/**
 * Aliyun OSS: the SDK's PostObject policy signature (V1, HMAC-SHA1 over the base64 policy) for the browser's
 * direct POST, and signatureUrl for short-lived reads; HEAD and DELETE are the only calls that reach the bucket.
 */
import OSS from 'ali-oss';
import type { PostPolicyInput, ReadOptions, RemoteStorageProvider, SignedPost, StoredObject } from './storage-provider.ts';
import { contentDispositionFor } from './storage-provider.ts';

export interface AliyunOssOptions {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** A bound custom domain (CNAME); default https://<bucket>.<region>.aliyuncs.com. */
  endpoint?: string | undefined;
}

export function ossRegion(region: string): string {
  return region.startsWith('oss-') ? region : `oss-${region}`;
}

export function createAliyunOssStorage(options: AliyunOssOptions): RemoteStorageProvider {
  const region = ossRegion(options.region);
  const client = new OSS({
    region,
    bucket: options.bucket,
    accessKeyId: options.accessKeyId,
    accessKeySecret: options.accessKeySecret,
    secure: true,
    ...(options.endpoint ? { endpoint: options.endpoint, cname: true } : {}),
  });
  const postEndpoint = (options.endpoint ?? `https://${options.bucket}.${region}.aliyuncs.com`).replace(/\/+$/, '');

  return {
    id: 'aliyun-oss',
    kind: 'remote',

    async signPost(input: PostPolicyInput): Promise<SignedPost> {
      const policy = {
        expiration: input.expiresAt.toISOString(),
        conditions: [
          { bucket: options.bucket },
          ['eq', '$key', input.key],
          ['eq', '$Content-Type', input.contentType],
          ['content-length-range', 1, input.maxBytes],
        ],
      };
      const signed = client.calculatePostSignature(policy);
      return {
        endpoint: postEndpoint,
        fields: {
          key: input.key,
          'Content-Type': input.contentType,
          OSSAccessKeyId: signed.OSSAccessKeyId,
          policy: signed.policy,
          Signature: signed.Signature,
          // OSS answers 204 without a body, like S3 and our local endpoint.
          success_action_status: '204',
        },
      };
    },

    async signedReadUrl(key: string, read: ReadOptions): Promise<string> {
      return client.signatureUrl(key, {
        expires: read.expiresInSeconds,
        response: { 'content-disposition': contentDispositionFor(read.downloadName), 'content-type': read.contentType },
      });
    },

    async headObject(key: string): Promise<StoredObject | null> {
      try {
        const head = await client.head(key);
        const headers = head.res.headers as Record<string, string | undefined>;
        return { sizeBytes: Number(headers['content-length'] ?? 0), contentType: headers['content-type'] ?? null };
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },

    async deleteObject(key: string): Promise<void> {
      // OSS answers 204 for a key that is not there as well.
      await client.delete(key);
    },
  };
}
