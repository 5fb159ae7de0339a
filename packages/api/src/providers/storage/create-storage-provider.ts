import path from 'node:path';
import type { Env } from '../../env.ts';
import { createAliyunOssStorage } from './aliyun-oss.provider.ts';
import { createLocalDiskStorage } from './local-disk.provider.ts';
import { createS3Storage } from './s3.provider.ts';
import type { StorageProvider } from './storage-provider.ts';

/** env.ts has already refused a remote provider without its keys; the `?? ''` below never applies. */
export function createStorageProvider(env: Env, deps: { localSecret: () => Promise<string> }): StorageProvider {
  switch (env.STORAGE_PROVIDER) {
    case 's3':
      return createS3Storage({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? '',
        bucket: env.S3_BUCKET ?? '',
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      });
    case 'aliyun-oss':
      return createAliyunOssStorage({
        region: env.OSS_REGION ?? '',
        bucket: env.OSS_BUCKET ?? '',
        accessKeyId: env.OSS_ACCESS_KEY_ID ?? '',
        accessKeySecret: env.OSS_ACCESS_KEY_SECRET ?? '',
        endpoint: env.OSS_ENDPOINT,
      });
    case 'local':
      return createLocalDiskStorage({ root: path.join(env.DATA_DIR, 'uploads'), secret: deps.localSecret });
  }
}
