/**
 * S3 and Aliyun OSS providers, offline: decode the signed policies, assert their conditions, and check the
 * signatures against independent computations of each provider's documented algorithm; HEAD and DELETE go
 * to a stand-in bucket on 127.0.0.1. No outside network.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInBucket, type StandInBucket } from '../../modules/storage/storage-test-kit.ts';
import { createAliyunOssStorage } from './aliyun-oss.provider.ts';
import { createS3Storage } from './s3.provider.ts';

const KEY = 'student/42/0123456789abcdef0123456789abcdef/成绩单.pdf';
const now = new Date();
const expiresAt = new Date(now.getTime() + 600_000);
const input = { key: KEY, contentType: 'application/pdf', maxBytes: 12_345, expiresAt, now };

function decodePolicy(base64: string): { expiration: string; conditions: unknown[] } {
  return JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

describe('S3-compatible provider', () => {
  const s3 = createS3Storage({
    endpoint: 'http://minio.local:9000',
    region: 'us-east-1',
    bucket: 'summit-files',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    forcePathStyle: true,
  });

  it('signs a POST policy with the exact key, content type, size range and a 10-minute expiry', async () => {
    const post = await s3.signPost(input);
    expect(post.endpoint).toBe('http://minio.local:9000/summit-files');
    expect(post.fields).toMatchObject({ key: KEY, 'Content-Type': 'application/pdf', bucket: 'summit-files', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = decodePolicy(post.fields.Policy!);
    expect(Math.abs(new Date(policy.expiration).getTime() - expiresAt.getTime())).toBeLessThan(5_000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'summit-files' },
        { key: KEY },
        ['content-length-range', 1, 12_345],
        ['eq', '$Content-Type', 'application/pdf'],
      ]),
    );
  });

  it('the POST signature is SigV4 over the base64 policy (independent computation)', async () => {
    const post = await s3.signPost(input);
    const credential = post.fields['X-Amz-Credential']!;
    const [accessKey, date, region, service, terminator] = credential.split('/');
    expect([accessKey, region, service, terminator]).toEqual(['AKIDEXAMPLE', 'us-east-1', 's3', 'aws4_request']);
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY'}`, date!), region!), service!), terminator!);
    expect(post.fields['X-Amz-Signature']).toBe(hmac(signingKey, post.fields.Policy!).toString('hex'));
    // Any change to the policy invalidates it.
    const tampered = Buffer.from(JSON.stringify({ ...decodePolicy(post.fields.Policy!), conditions: [] })).toString('base64');
    expect(post.fields['X-Amz-Signature']).not.toBe(hmac(signingKey, tampered).toString('hex'));
  });

  it('reads through a presigned GET valid 5 minutes that names the download', async () => {
    const url = new URL(await s3.signedReadUrl(KEY, { downloadName: '成绩单.pdf', contentType: 'application/pdf', expiresInSeconds: 300 }));
    expect(url.origin).toBe('http://minio.local:9000');
    expect(decodeURIComponent(url.pathname)).toBe(`/summit-files/${KEY}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toContain("filename*=UTF-8''%E6%88%90%E7%BB%A9%E5%8D%95.pdf");
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('Aliyun OSS provider', () => {
  const secret = 'oss-secret-for-tests-only';
  const oss = createAliyunOssStorage({ region: 'cn-hangzhou', bucket: 'summit-oss', accessKeyId: 'LTAI-test', accessKeySecret: secret });

  it('signs a PostObject policy with the exact key, content type, size range and expiry', async () => {
    const post = await oss.signPost(input);
    expect(post.endpoint).toBe('https://summit-oss.oss-cn-hangzhou.aliyuncs.com');
    expect(post.fields).toMatchObject({ key: KEY, 'Content-Type': 'application/pdf', OSSAccessKeyId: 'LTAI-test', success_action_status: '204' });
    const policy = decodePolicy(post.fields.policy!);
    expect(policy.expiration).toBe(expiresAt.toISOString());
    expect(policy.conditions).toEqual([{ bucket: 'summit-oss' }, ['eq', '$key', KEY], ['eq', '$Content-Type', 'application/pdf'], ['content-length-range', 1, 12_345]]);
  });

  it('the POST signature is base64 HMAC-SHA1 of the base64 policy (Aliyun PostObject V1, independent computation)', async () => {
    const post = await oss.signPost(input);
    const expected = createHmac('sha1', secret).update(post.fields.policy!).digest('base64');
    expect(post.fields.Signature).toBe(expected);
  });

  it('reads through a signed URL valid 5 minutes whose V1 signature checks out', async () => {
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(await oss.signedReadUrl(KEY, { downloadName: '成绩单.pdf', contentType: 'application/pdf', expiresInSeconds: 300 }));
    const expires = Number(url.searchParams.get('Expires'));
    expect(expires - before).toBeGreaterThanOrEqual(299);
    expect(expires - before).toBeLessThanOrEqual(301);
    expect(url.host).toBe('summit-oss.oss-cn-hangzhou.aliyuncs.com');
    expect(url.searchParams.get('OSSAccessKeyId')).toBe('LTAI-test');
    const disposition = url.searchParams.get('response-content-disposition')!;
    expect(disposition).toContain("filename*=UTF-8''%E6%88%90%E7%BB%A9%E5%8D%95.pdf");
    // StringToSign = VERB \n Content-MD5 \n Content-Type \n Expires \n CanonicalizedResource (sub-resources sorted, raw values).
    const resource = `/summit-oss/${KEY}?response-content-disposition=${disposition}&response-content-type=application/pdf`;
    const stringToSign = `GET\n\n\n${expires}\n${resource}`;
    expect(url.searchParams.get('Signature')).toBe(createHmac('sha1', secret).update(stringToSign, 'utf8').digest('base64'));
  });
});

describe('HEAD and DELETE against a stand-in bucket (the SDK clients over real HTTP, offline)', () => {
  let bucket: StandInBucket;
  beforeAll(async () => {
    bucket = await startStandInBucket();
  });
  afterAll(async () => {
    await bucket.close();
  });

  const cases = () => [
    {
      name: 'S3',
      provider: createS3Storage({ endpoint: bucket.url, region: 'us-east-1', bucket: 'summit-files', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', forcePathStyle: true }),
      path: `/summit-files/${KEY}`,
    },
    {
      name: 'Aliyun OSS',
      provider: createAliyunOssStorage({ region: 'cn-hangzhou', bucket: 'summit-oss', accessKeyId: 'LTAI-test', accessKeySecret: 'secret', endpoint: bucket.url }),
      path: `/${KEY}`,
    },
  ];

  it('headObject answers null for a missing object and size and type for a present one; deleteObject removes it', async () => {
    for (const { name, provider, path } of cases()) {
      if (provider.kind !== 'remote') throw new Error('remote expected');
      bucket.requests.length = 0;
      expect(await provider.headObject(KEY), name).toBeNull();
      bucket.objects.set(path, { sizeBytes: 2048, contentType: 'application/pdf' });
      expect(await provider.headObject(KEY), name).toEqual({ sizeBytes: 2048, contentType: 'application/pdf' });
      await provider.deleteObject(KEY);
      expect(bucket.objects.has(path), name).toBe(false);
      // Deleting what is already gone succeeds: the retention sweep may retry.
      await provider.deleteObject(KEY);
      expect(bucket.requests.map((r) => `${r.method} ${r.path}`), name).toEqual([`HEAD ${path}`, `HEAD ${path}`, `DELETE ${path}`, `DELETE ${path}`]);
      expect(bucket.requests.every((r) => r.signed), name).toBe(true);
    }
  });
});
