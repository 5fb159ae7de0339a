import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalDiskStorage } from './local-disk.provider.ts';
import { lazyProvider } from '../lazy-provider.ts';
import type { StorageProvider } from './storage-provider.ts';

/** env.ts has already refused a remote provider without its keys; the `?? ''` below never applies. */
export function createStorageProvider(env: Env, deps: { localSecret: () => Promise<string> }): StorageProvider {
  switch (env.STORAGE_PROVIDER) {
    // The cloud SDKs load on the first upload or download.
    case 's3': {
      const options = {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION ?? '',
        bucket: env.S3_BUCKET ?? '',
        accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      };
      return lazyProvider<StorageProvider>({ id: 's3', kind: 'remote' }, async () => (await import('./s3.provider.ts')).createS3Storage(options));
    }
    case 'aliyun-oss': {
      const options = {
        region: env.OSS_REGION ?? '',
        bucket: env.OSS_BUCKET ?? '',
        accessKeyId: env.OSS_ACCESS_KEY_ID ?? '',
        accessKeySecret: env.OSS_ACCESS_KEY_SECRET ?? '',
        endpoint: env.OSS_ENDPOINT,
      };
      return lazyProvider<StorageProvider>({ id: 'aliyun-oss', kind: 'remote' }, async () => (await import('./aliyun-oss.provider.ts')).createAliyunOssStorage(options));
    }
    case 'local':
      return createLocalDiskStorage({ root: path.join(env.DATA_DIR, 'uploads'), secret: deps.localSecret });
  }
}
