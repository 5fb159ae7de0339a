/** Uploads end to end on the local provider: credential → direct POST → authorised read (decision 010). */
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { EXE_BYTES, PDF_BYTES, PNG_BYTES, getCredential, postFile, readBack } from './storage-test-kit.ts';

let t: TestApp;
let dataDir: string;
let alice: string;
let bob: string;
let admin: string;
let teacher: string;
let school: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'summit-uploads-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '20' } });
  alice = (await registerStudent(t.app)).token;
  bob = (await registerStudent(t.app)).token;
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  school = await createStaffToken(t, 'school');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function storedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; name: string; parentPath: string }>)
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function storedRow(key: string) {
  const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
  return row;
}

describe('a student uploads a file and reads it back', () => {
  it('credential → POST → byte-identical read by the owner; others as the rules say', async () => {
    const cred = await getCredential(t.app, alice, { file_name: '成绩单 2024.png', type: 'image/png', file_size: PNG_BYTES.length });
    expect(cred.body.status).toBe(200);
    const c = cred.body.data!;
    expect(c.endpoint).toBe('/api/oss/upload');
    expect(c.key).toMatch(/^student\/\d+\/[0-9a-f]{32}\/成绩单_2024\.png$/);
    expect(c.file).toEqual({ name: '成绩单_2024.png', url: `/api/oss/file/${c.key}` });
    expect(c.fields).toMatchObject({ key: c.key, 'Content-Type': 'image/png' });
    expect(new Date(c.expires_at).getTime() - t.clock.now().getTime()).toBe(600_000);

    const policy = JSON.parse(Buffer.from(c.fields.policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PNG_BYTES.length]);
    expect(policy.conditions).toContainEqual({ key: c.key });

    const posted = await postFile(t.app, c.fields, { name: '成绩单 2024.png', type: 'image/png', bytes: PNG_BYTES });
    expect(posted.http).toBe(204);
    expect((await storedRow(c.key))).toMatchObject({ sizeBytes: PNG_BYTES.length, contentType: 'image/png' });
    expect((await storedRow(c.key))?.storedAt).toBeInstanceOf(Date);

    const mine = await readBack(t.app, c.file.url, alice);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="____2024.png"; filename*=UTF-8''${encodeURIComponent('成绩单_2024.png')}`);

    const other = await readBack(t.app, c.file.url, bob);
    expect([other.statusCode, other.json()]).toEqual([403, { status: 4001, msg: '无权限访问！' }]);
    const bySchool = await readBack(t.app, c.file.url, school);
    expect(bySchool.statusCode).toBe(403);
    const byAdmin = await readBack(t.app, c.file.url, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(PNG_BYTES)).toBe(true);
    // A plain teacher reads a student's file only once it is handed in to their course (none exist yet).
    const byTeacher = await readBack(t.app, c.file.url, teacher);
    expect([byTeacher.statusCode, byTeacher.json().status]).toEqual([403, 4001]);
    const namedByTeacher = await t.app.inject({ method: 'GET', url: `/api/oss/download-as-name?url=${encodeURIComponent(c.file.url)}`, headers: { authorization: `Bearer ${teacher}` } });
    expect(namedByTeacher.statusCode).toBe(403);
    const anonymous = await readBack(t.app, c.file.url);
    expect([anonymous.statusCode, anonymous.json().status]).toEqual([401, 401]);

    // A missing file answers exactly like a forbidden one: nothing leaks about what exists.
    const missing = await readBack(t.app, c.file.url.replace(/[0-9a-f]{32}/, 'f'.repeat(32)), bob);
    expect([missing.statusCode, missing.json()]).toEqual([other.statusCode, other.json()]);

    const named = await t.app.inject({
      method: 'GET',
      url: `/api/oss/download-as-name?url=${encodeURIComponent(c.file.url)}&name=${encodeURIComponent('张三的成绩单')}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('张三的成绩单.png')}`);
    expect(named.rawPayload.equals(PNG_BYTES)).toBe(true);
    const namedByBob = await t.app.inject({ method: 'GET', url: `/api/oss/download-as-name?url=${encodeURIComponent(c.file.url)}`, headers: { authorization: `Bearer ${bob}` } });
    expect(namedByBob.statusCode).toBe(403);
  });

  it('the role paths sign under the caller role prefix, and a PDF with rename keeps its extension', async () => {
    const cred = await getCredential(t.app, alice, { file_name: 'essay.pdf', type: 'application/pdf', file_size: PDF_BYTES.length, rename: '个人陈述' }, '/api/student/oss/credential');
    expect(cred.body.status).toBe(200);
    expect(cred.body.data!.file.name).toBe('个人陈述.pdf');
    expect((await postFile(t.app, cred.body.data!.fields, { name: 'essay.pdf', type: 'application/pdf', bytes: PDF_BYTES })).http).toBe(204);

    const asTeacher = await getCredential(t.app, teacher, { file_name: 'a.pdf', type: '', file_size: 10 }, '/api/teacher/oss/credential');
    expect(asTeacher.body.data!.key).toMatch(/^teacher\//);
    const wrongRole = await getCredential(t.app, alice, { file_name: 'a.pdf', type: '', file_size: 10 }, '/api/teacher/oss/credential');
    expect([wrongRole.http, wrongRole.body.status]).toEqual([403, 4001]);
  });
});

describe('larger files', () => {
  it('a 5 MB PDF goes through the local endpoint past the JSON body limit and reads back intact', async () => {
    const bytes = Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024, 7)]);
    const cred = await getCredential(t.app, alice, { file_name: 'big.pdf', type: 'application/pdf', file_size: bytes.length });
    const posted = await postFile(t.app, cred.body.data!.fields, { name: 'big.pdf', type: 'application/pdf', bytes });
    expect(posted.http).toBe(204);
    const read = await readBack(t.app, cred.body.data!.file.url, alice);
    expect(read.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('the credential refuses before signing', () => {
  it.each([
    [{ file_name: 'big.pdf', type: 'application/pdf', file_size: 20 * 1024 * 1024 + 1 }, 'file_size', '文件过大，超过20MB'],
    [{ file_name: 'virus.exe', type: 'application/x-msdownload', file_size: 100 }, 'file_name', '不支持该文件格式，请上传jpg、jpeg、png、pdf、doc、docx格式的文件'],
    [{ file_name: 'noext', type: '', file_size: 100 }, 'file_name', '不支持该文件格式，请上传jpg、jpeg、png、pdf、doc、docx格式的文件'],
    [{ file_name: 'photo.png', type: 'text/html', file_size: 100 }, 'type', '不支持该文件格式，请上传jpg、jpeg、png、pdf、doc、docx格式的文件'],
    [{ file_name: 'photo.png', type: 'image/png' }, 'file_size', '参数格式错误'],
    [{ file_name: 'photo.png', type: 'image/png', file_size: 0 }, 'file_size', '参数格式错误'],
  ])('%j → 4003 on %s', async (body, field, msg) => {
    const before = (await t.db.select().from(uploads)).length;
    const res = await getCredential(t.app, alice, body);
    expect(res.body).toEqual({ status: 4003, msg, data: { field } });
    expect((await t.db.select().from(uploads)).length).toBe(before);
  });

  it('without a token → 401', async () => {
    const res = await call(t.app, 'POST', '/api/oss/credential', { body: { file_name: 'a.png', type: 'image/png', file_size: 10 } });
    expect([res.http, res.body.status]).toEqual([401, 401]);
  });
});

describe('the local upload endpoint refuses bad posts and stores nothing', () => {
  async function freshCredential(token = alice, size = PNG_BYTES.length, fileName = 'p.png') {
    const res = await getCredential(t.app, token, { file_name: fileName, type: 'image/png', file_size: size });
    expect(res.body.status).toBe(200);
    return res.body.data!;
  }
  const png = { name: 'p.png', type: 'image/png', bytes: PNG_BYTES };

  async function expectRefused(res: { http: number; body: { status?: unknown; msg?: unknown } | null }, key: string) {
    expect(res.http).toBeGreaterThanOrEqual(400);
    expect(res.http).toBeLessThan(500);
    expect(res.body).toMatchObject({ status: expect.any(Number), msg: expect.any(String) });
    expect(res.body!.status).not.toBe(200);
    expect((await storedRow(key))?.storedAt ?? null).toBeNull();
    expect(storedFiles().some((f) => f.replace(/\\/g, '/') === key)).toBe(false);
  }

  it('an expired policy', async () => {
    const c = await freshCredential();
    t.clock.advance(601_000);
    try {
      await expectRefused(await postFile(t.app, c.fields, png), c.key);
    } finally {
      t.clock.advance(-601_000);
    }
  });

  it('a tampered signature', async () => {
    const c = await freshCredential();
    const sig = c.fields.signature!;
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    await expectRefused(await postFile(t.app, { ...c.fields, signature: flipped }, png), c.key);
  });

  it("a key moved into another user's prefix, and a policy rewritten to allow it", async () => {
    const c = await freshCredential(bob);
    const aliceCred = await freshCredential(alice);
    const aliceKey = aliceCred.key;
    await expectRefused(await postFile(t.app, { ...c.fields, key: aliceKey }, png), aliceKey);
    const doc = JSON.parse(Buffer.from(c.fields.policy!, 'base64').toString('utf8')) as { conditions: Array<Record<string, unknown>> };
    const forged = { ...doc, conditions: doc.conditions.map((cond) => ('key' in cond ? { key: aliceKey } : cond)) };
    const res = await postFile(t.app, { ...c.fields, key: aliceKey, policy: Buffer.from(JSON.stringify(forged)).toString('base64') }, png);
    await expectRefused(res, aliceKey);
    await expectRefused(res, c.key);
  });

  it('a file bigger than the policy allows', async () => {
    const c = await freshCredential(alice, 50);
    const res = await postFile(t.app, c.fields, png);
    await expectRefused(res, c.key);
    expect(res.body?.msg).toBe('文件过大，超过50B');
  });

  it('a .png that is really an .exe', async () => {
    const c = await freshCredential(alice, EXE_BYTES.length);
    const res = await postFile(t.app, c.fields, { name: 'p.png', type: 'image/png', bytes: EXE_BYTES });
    await expectRefused(res, c.key);
    expect(res.body?.msg).toBe('文件内容与格式不符，请重新选择文件');
  });

  it('missing fields, no file, an empty file, a JSON body', async () => {
    const c = await freshCredential();
    for (const drop of ['policy', 'signature', 'key', 'Content-Type']) {
      const fields = { ...c.fields };
      delete fields[drop];
      await expectRefused(await postFile(t.app, fields, png), c.key);
    }
    await expectRefused(await postFile(t.app, c.fields, null), c.key);
    await expectRefused(await postFile(t.app, c.fields, { ...png, bytes: Buffer.alloc(0) }), c.key);
    const json = await call(t.app, 'POST', '/api/oss/upload', { body: { ...c.fields } });
    await expectRefused(json, c.key);
  });

  it('a credential is used once: a second POST under the same key is refused and the first file stays', async () => {
    const c = await freshCredential();
    expect((await postFile(t.app, c.fields, png)).http).toBe(204);
    const again = await postFile(t.app, c.fields, { ...png, bytes: Buffer.concat([PNG_BYTES.subarray(0, 8), Buffer.alloc(PNG_BYTES.length - 8)]) });
    expect(again.http).toBe(400);
    const read = await readBack(t.app, c.file.url, alice);
    expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('nothing is left in the incoming folder after refusals', () => {
    expect(storedFiles().filter((f) => f.startsWith('.incoming'))).toEqual([]);
  });
});
