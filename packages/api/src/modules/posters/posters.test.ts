import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { DEFAULT_POSTER_TEMPLATES, type PosterResult } from '@summit/domain';
import { accounts, studentProfiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { PosterCache, drawPoster, renderCached } from './posters.render.ts';
import { referralCodeFor, verifyReferralCode } from './referral-code.ts';

let t: TestApp;
let teacher: string;
let alice: { token: string; id: number };

async function decodeQr(png: Buffer): Promise<string | null> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const data = g.getImageData(0, 0, img.width, img.height);
  return jsQR(new Uint8ClampedArray(data.data), img.width, img.height)?.data ?? null;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://summit.example.cn' } });
  teacher = await createStaffToken(t, 'teacher');
  const s = await registerStudent(t.app);
  const [row] = await t.db.update(accounts).set({ name: '王小明' }).where(eq(accounts.phone, s.phone)).returning({ id: accounts.id });
  await t.db.update(studentProfiles).set({ schoolName: '北京四中' }).where(eq(studentProfiles.accountId, row!.id));
  alice = { token: s.token, id: row!.id };
});
afterAll(async () => {
  await t.close();
});

describe('referral codes', () => {
  it('round-trips, and a tampered or forged code is refused', async () => {
    const code = await referralCodeFor(t.app.ctx, 42, 'th');
    expect(code.length).toBeLessThanOrEqual(24);
    expect(await verifyReferralCode(t.app.ctx, code)).toEqual({ accountId: 42, campaign: 'th' });
    const [c, id, sig] = code.split('.') as [string, string, string];
    expect(await verifyReferralCode(t.app.ctx, `${c}.${(43).toString(36)}.${sig}`)).toBeNull();
    expect(await verifyReferralCode(t.app.ctx, `en.${id}.${sig}`)).toBeNull();
    expect(await verifyReferralCode(t.app.ctx, `${c}.${id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await verifyReferralCode(t.app.ctx, 'garbage')).toBeNull();
  });
});

describe('renderer', () => {
  it('is deterministic and cached by the hash of its inputs', async () => {
    const input = { template: DEFAULT_POSTER_TEMPLATES.enroll, values: { name: '李雷', school: '上海中学', programme: '峰会' }, qrText: 'https://x.cn/?ref=a' };
    const a = await drawPoster(input);
    const b = await drawPoster(input);
    expect(a.equals(b)).toBe(true);
    const cache = new PosterCache();
    const first = await renderCached(input, cache);
    const second = await renderCached(input, cache);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.png.equals(a)).toBe(true);
    const other = await renderCached({ ...input, values: { ...input.values, name: '韩梅梅' } }, cache);
    expect(other.hash).not.toBe(first.hash);
    expect(other.png.equals(a)).toBe(false);
  });
});

describe('a student’s poster', () => {
  it('renders their poster whose QR decodes to the landing URL with their valid signed code', async () => {
    const res = await call<PosterResult>(t.app, 'GET', '/api/student/posters/talent-hunt', { token: alice.token });
    expect(res.body.status).toBe(200);
    const poster = res.body.data!;
    expect(poster.url).toBe(`/api/posters/image/${poster.hash}.png`);
    const img = await t.app.inject({ method: 'GET', url: poster.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers.etag).toBe(`"${poster.hash}"`);
    expect(img.headers['cache-control']).toContain('immutable');
    const text = await decodeQr(img.rawPayload);
    expect(text).toBe(poster.link);
    const url = new URL(text!);
    expect(url.origin).toBe('https://summit.example.cn');
    expect(await verifyReferralCode(t.app.ctx, url.searchParams.get('ref'))).toEqual({ accountId: alice.id, campaign: 'th' });
    // Same inputs, same hash and bytes; a revalidation is a 304.
    const again = await call<PosterResult>(t.app, 'GET', '/api/student/posters/talent-hunt', { token: alice.token });
    expect(again.body.data!.hash).toBe(poster.hash);
    const revalidate = await t.app.inject({ method: 'GET', url: poster.url, headers: { 'if-none-match': `"${poster.hash}"` } });
    expect(revalidate.statusCode).toBe(304);
  });

  it('checks role and input', async () => {
    expect((await call(t.app, 'GET', '/api/student/posters/talent-hunt')).body.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/student/posters/talent-hunt', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/student/posters/nope', { token: alice.token })).body.status).toBe(4003);
    const missing = await t.app.inject({ method: 'GET', url: `/api/posters/image/${'0'.repeat(64)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).status).toBe(4001);
    expect((await t.app.inject({ method: 'GET', url: '/api/posters/image/..%2Fetc.png' })).statusCode).toBe(400);
  });
});
