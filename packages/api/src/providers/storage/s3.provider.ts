/** S3-compatible buckets (AWS S3, MinIO, Cloudflare R2, Tencent COS …): presigned POST up, presigned GET down. */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PostPolicyInput, ReadOptions, RemoteStorageProvider, SignedPost, StoredObject } from './storage-provider.ts';
import { contentDispositionFor } from './storage-provider.ts';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function createS3Storage(options: S3StorageOptions): RemoteStorageProvider {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });

  return {
    id: 's3',
    kind: 'remote',

    async signPost(input: PostPolicyInput): Promise<SignedPost> {
      const expiresInSeconds = Math.max(1, Math.round((input.expiresAt.getTime() - input.now.getTime()) / 1000));
      const { url, fields } = await createPresignedPost(client, {
        Bucket: options.bucket,
        Key: input.key,
        Conditions: [
          ['content-length-range', 1, input.maxBytes],
          ['eq', '$Content-Type', input.contentType],
        ],
        Fields: { 'Content-Type': input.contentType },
        Expires: expiresInSeconds,
      });
      return { endpoint: url, fields };
    },

    async signedReadUrl(key: string, read: ReadOptions): Promise<string> {
      const command = new GetObjectCommand({
        Bucket: options.bucket,
        Key: key,
        ResponseContentDisposition: contentDispositionFor(read.downloadName),
        ResponseContentType: read.contentType,
      });
      return getSignedUrl(client, command, { expiresIn: read.expiresInSeconds });
    },

    async headObject(key: string): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
        return { sizeBytes: head.ContentLength ?? 0, contentType: head.ContentType ?? null };
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },

    async deleteObject(key: string): Promise<void> {
      // S3 answers 204 for a key that is not there as well.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
