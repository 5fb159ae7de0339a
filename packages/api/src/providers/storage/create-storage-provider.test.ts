import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createStorageProvider } from './create-storage-provider.ts';

const base = { DATA_DIR: '/tmp/summit-test-data' };
const secret = async () => 'x'.repeat(64);

describe('storage configuration', () => {
  it('defaults to the local disk with a 20 MB ceiling', () => {
    const env = loadEnv(base);
    expect([env.STORAGE_PROVIDER, env.UPLOAD_MAX_MB]).toEqual(['local', 20]);
    expect(createStorageProvider(env, { localSecret: secret })).toMatchObject({ id: 'local', kind: 'local' });
  });

  it('refuses to start a remote provider without its keys, naming each one', () => {
    expect(() => loadEnv({ ...base, STORAGE_PROVIDER: 's3', S3_BUCKET: 'b' })).toThrow(/S3_REGION[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ ...base, STORAGE_PROVIDER: 'aliyun-oss' })).toThrow(/OSS_REGION[\s\S]*OSS_BUCKET[\s\S]*OSS_ACCESS_KEY_ID[\s\S]*OSS_ACCESS_KEY_SECRET/);
    expect(() => loadEnv({ ...base, STORAGE_PROVIDER: 'ftp' })).toThrow(/STORAGE_PROVIDER/);
    expect(() => loadEnv({ ...base, UPLOAD_MAX_MB: '0' })).toThrow(/UPLOAD_MAX_MB/);
  });

  it('builds the configured remote provider', () => {
    const s3 = loadEnv({ ...base, STORAGE_PROVIDER: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' });
    expect(createStorageProvider(s3, { localSecret: secret })).toMatchObject({ id: 's3', kind: 'remote' });
    const oss = loadEnv({ ...base, STORAGE_PROVIDER: 'aliyun-oss', OSS_REGION: 'oss-cn-beijing', OSS_BUCKET: 'summit-files', OSS_ACCESS_KEY_ID: 'k', OSS_ACCESS_KEY_SECRET: 's' });
    expect(createStorageProvider(oss, { localSecret: secret })).toMatchObject({ id: 'aliyun-oss', kind: 'remote' });
  });

  it('loads the cloud SDK on first use and answers through it', async () => {
    const s3 = createStorageProvider(loadEnv({ ...base, STORAGE_PROVIDER: 's3', S3_REGION: 'us-east-1', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }), { localSecret: secret });
    const now = new Date();
    const post = await s3.signPost({ key: 'student/1/abc/x.pdf', contentType: 'application/pdf', maxBytes: 1024, expiresAt: new Date(now.getTime() + 60_000), now });
    expect(post.endpoint).toMatch(/\/b$|\/\/b\./);
    expect(post.fields).toMatchObject({ key: 'student/1/abc/x.pdf' });
  });
});
