/** The app configured for an S3-compatible bucket: credentials point at the bucket, reads redirect to it. Offline. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';
import { getCredential, readBack } from './storage-test-kit.ts';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: 'http://minio.test:9000',
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'summit-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-for-tests',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  alice = (await registerStudent(t.app)).token;
  bob = (await registerStudent(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

describe('with STORAGE_PROVIDER=s3', () => {
  it('signs a POST to the bucket and redirects the owner to a 5-minute signed GET', async () => {
    const cred = await getCredential(t.app, alice, { file_name: '推荐信.pdf', type: 'application/pdf', file_size: 2048 });
    expect(cred.body.status).toBe(200);
    const c = cred.body.data!;
    expect(c.endpoint).toBe('http://minio.test:9000/summit-files');
    expect(c.fields).toMatchObject({ key: c.key, 'Content-Type': 'application/pdf' });

    const read = await readBack(t.app, c.file.url, alice);
    expect(read.statusCode).toBe(302);
    const location = new URL(read.headers.location as string);
    expect(location.origin).toBe('http://minio.test:9000');
    expect(decodeURIComponent(location.pathname)).toBe(`/summit-files/${c.key}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');

    const named = await t.app.inject({ method: 'GET', url: `/api/oss/download-as-name?url=${encodeURIComponent(c.file.url)}&name=${encodeURIComponent('张三推荐信')}`, headers: { authorization: `Bearer ${alice}` } });
    expect(new URL(named.headers.location as string).searchParams.get('response-content-disposition')).toContain(encodeURIComponent('张三推荐信.pdf'));

    const other = await readBack(t.app, c.file.url, bob);
    expect([other.statusCode, other.json().status]).toEqual([403, 4001]);
    expect(other.headers.location).toBeUndefined();
  });

  it('has no local upload endpoint', async () => {
    const res = await call(t.app, 'POST', '/api/oss/upload', { body: {} });
    expect(res.http).toBe(404);
  });
});
