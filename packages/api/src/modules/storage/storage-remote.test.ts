/**
 * The app configured for an S3-compatible bucket: credentials point at the bucket, reads redirect to it, and a
 * form attaches a file only after a HEAD shows the object with the expected size and type. The bucket is a
 * stand-in HTTP server on 127.0.0.1 (offline).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema-admission.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { getCredential, readBack, startStandInBucket, type StandInBucket } from './storage-test-kit.ts';
import { isAttachableUpload } from './storage.service.ts';

let t: TestApp;
let alice: string;
let bob: string;
let bucket: StandInBucket;

beforeAll(async () => {
  bucket = await startStandInBucket();
  t = await createTestApp({
    env: {
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: bucket.url,
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
  await bucket.close();
});

describe('with STORAGE_PROVIDER=s3', () => {
  it('signs a POST to the bucket and redirects the owner to a 5-minute signed GET', async () => {
    const cred = await getCredential(t.app, alice, { file_name: '推荐信.pdf', type: 'application/pdf', file_size: 2048 });
    expect(cred.body.status).toBe(200);
    const c = cred.body.data!;
    expect(c.endpoint).toBe(`${bucket.url}/summit-files`);
    expect(c.fields).toMatchObject({ key: c.key, 'Content-Type': 'application/pdf' });

    const read = await readBack(t.app, c.file.url, alice);
    expect(read.statusCode).toBe(302);
    const location = new URL(read.headers.location as string);
    expect(location.origin).toBe(bucket.url);
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

  it('a form attaches a file only once the bucket shows it with the expected size and type (HEAD), then trusts the row', async () => {
    const cred = await getCredential(t.app, alice, { file_name: 'transcript.pdf', type: 'application/pdf', file_size: 4096 });
    const c = cred.body.data!;
    const owner = (await t.db.select().from(uploads).where(eq(uploads.key, c.key)))[0]!.ownerId;
    const attachable = () => isAttachableUpload(t.app.ctx, 'student', owner, c.file.url);
    const objectPath = `/summit-files/${c.key}`;

    expect(await attachable()).toBe(false); // never uploaded
    bucket.objects.set(objectPath, { sizeBytes: 4096, contentType: 'text/html' });
    expect(await attachable()).toBe(false); // another type than the credential's
    bucket.objects.set(objectPath, { sizeBytes: 4097, contentType: 'application/pdf' });
    expect(await attachable()).toBe(false); // bigger than the credential allowed
    bucket.objects.set(objectPath, { sizeBytes: 4000, contentType: 'application/pdf' });
    expect(await attachable()).toBe(true);
    expect((await t.db.select().from(uploads).where(eq(uploads.key, c.key)))[0]).toMatchObject({ sizeBytes: 4000, storedAt: expect.any(Date) });

    // Confirmed once: later checks read the row, not the bucket.
    const heads = bucket.requests.filter((r) => r.method === 'HEAD').length;
    expect(await attachable()).toBe(true);
    expect(bucket.requests.filter((r) => r.method === 'HEAD').length).toBe(heads);
    // Someone else's file never is, whatever the bucket says.
    expect(await isAttachableUpload(t.app.ctx, 'student', owner + 1, c.file.url)).toBe(false);
  });

  it('through a route: an admin sets a QR image only after it is in the bucket', async () => {
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const cred = await getCredential(t.app, admin, { file_name: 'qr.png', type: 'image/png', file_size: 1000 }, '/api/teacher/oss/credential');
    const c = cred.body.data!;
    const put = () => call(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'service', file: c.file } });
    const refused = await put();
    expect([refused.http, refused.body.status]).toEqual([400, 4003]);
    bucket.objects.set(`/summit-files/${c.key}`, { sizeBytes: 900, contentType: 'image/png' });
    expect((await put()).body.status).toBe(200);
  });

  it('a bucket that refuses the check is reported in the spec words, not as a 500 or a bad file', async () => {
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    const cred = await getCredential(t.app, admin, { file_name: 'qr2.png', type: 'image/png', file_size: 1000 }, '/api/teacher/oss/credential');
    const c = cred.body.data!;
    bucket.refusing.add(`/summit-files/${c.key}`);
    const res = await call(t.app, 'PUT', '/api/admin/site/qr', { token: admin, body: { which: 'official', file: c.file } });
    expect(res.http).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: 4001, msg: '链接OSS服务器失败，请稍后再试！' });
  });
});
