import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRACKING_PAYLOAD_MAX_CHARS } from '@summit/domain';
import { trackingEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';
import { TRACKING_PAYLOAD_MAX_BYTES } from './tracking.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function buryDot(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/bury-dot', payload: body as Record<string, unknown>, headers });
  return { http: res.statusCode, body: res.json() as { status: number; msg: string; data?: { field?: string } } };
}

const rowsFor = (anonId: string) => t.db.select().from(trackingEvents).where(eq(trackingEvents.anonId, anonId));

describe('POST /api/bury-dot', () => {
  it('stores an anonymous event without an account', async () => {
    const res = await buryDot({ event: 'page_view', ip: 'anon-1', payload: { path: '/register', ref: '海报' } }, { 'x-plat': 'wechat' });
    expect(res).toMatchObject({ http: 200, body: { status: 200 } });
    const rows = await rowsFor('anon-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'page_view', anonId: 'anon-1', accountId: null, plat: 'wechat', payload: { path: '/register', ref: '海报' } });
    expect(rows[0]!.createdAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('adds the account id when a valid token is sent', async () => {
    const { token } = await registerStudent(t.app);
    const me = await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token });
    const res = await buryDot({ event: 'apply_click', ip: 'anon-2' }, { authorization: `Bearer ${token}`, 'x-plat': 'web' });
    expect(res.body.status).toBe(200);
    const rows = await rowsFor('anon-2');
    expect(rows).toEqual([expect.objectContaining({ event: 'apply_click', accountId: me.body.data!.user_id, plat: 'web', payload: null })]);
  });

  it('still records an event sent with an invalid token, as anonymous; an unknown platform is dropped', async () => {
    const res = await buryDot({ event: 'page_view', ip: 'anon-3' }, { authorization: 'Bearer not-a-real-token', 'x-plat': 'desktop-app' });
    expect(res.body.status).toBe(200);
    expect(await rowsFor('anon-3')).toEqual([expect.objectContaining({ accountId: null, plat: null })]);
  });

  it('rejects an oversize payload with 4003 and stores nothing', async () => {
    const big = { blob: 'x'.repeat(9 * 1024) };
    const res = await buryDot({ event: 'page_view', ip: 'anon-4', payload: big });
    expect(res).toMatchObject({ http: 400, body: { status: 4003, data: { field: 'payload' } } });
    expect(await rowsFor('anon-4')).toEqual([]);
  });

  it('bounds the stored bytes too: Chinese text under the character limit but over 8 KB is refused', async () => {
    const chars = Math.floor(TRACKING_PAYLOAD_MAX_CHARS / 1.1);
    const payload = { text: '中'.repeat(chars) };
    expect(JSON.stringify(payload).length).toBeLessThanOrEqual(TRACKING_PAYLOAD_MAX_CHARS);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeGreaterThan(TRACKING_PAYLOAD_MAX_BYTES);
    const res = await buryDot({ event: 'page_view', ip: 'anon-5', payload });
    expect(res.body).toMatchObject({ status: 4003, data: { field: 'payload' } });
    expect(await rowsFor('anon-5')).toEqual([]);

    const fits = { text: '中'.repeat(1000) };
    expect((await buryDot({ event: 'page_view', ip: 'anon-6', payload: fits })).body.status).toBe(200);
    expect(await rowsFor('anon-6')).toHaveLength(1);
  });

  it('requires event and ip', async () => {
    expect((await buryDot({ ip: 'anon-7' })).body).toMatchObject({ status: 4003, data: { field: 'event' } });
    expect((await buryDot({ event: 'x' })).body).toMatchObject({ status: 4003, data: { field: 'ip' } });
    expect((await buryDot({ event: '', ip: 'anon-7' })).body.status).toBe(4003);
    expect(await rowsFor('anon-7')).toEqual([]);
  });
});
