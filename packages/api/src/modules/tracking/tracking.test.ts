import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRACKING_PAYLOAD_MAX_CHARS } from '@summit/domain';
import { trackingEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
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

describe('POST /api/bury-dot from navigator.sendBeacon (text/plain)', () => {
  const beacon = (body: string) =>
    t.app.inject({ method: 'POST', url: '/api/bury-dot', payload: body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });

  it('accepts JSON sent as text/plain and takes the platform from the payload', async () => {
    const res = await beacon(JSON.stringify({ event: 'page_leave', ip: 'beacon-1', payload: { path: '/faq', dwell_seconds: 42, plat: 'wechat' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 200 });
    expect(await rowsFor('beacon-1')).toEqual([expect.objectContaining({ event: 'page_leave', plat: 'wechat', payload: { path: '/faq', dwell_seconds: 42, plat: 'wechat' } })]);
  });

  it('answers text that is not JSON, or an oversize beacon, with an envelope and stores nothing', async () => {
    const bad = await beacon('not json {');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 4003 });
    const huge = await beacon(JSON.stringify({ event: 'page_leave', ip: 'beacon-2', payload: { blob: 'x'.repeat(20_000) } }));
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json()).toHaveProperty('status');
    expect(huge.json().status).not.toBe(200);
    expect(await rowsFor('beacon-2')).toEqual([]);
  });
});

describe('GET /api/admin/tracking/page-views', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  });
  const report = (query: string, token = admin) => call<{ from: string; to: string; rows: Array<Record<string, unknown>> }>(t.app, 'GET', `/api/admin/tracking/page-views${query}`, { token });
  const at = async (iso: string, body: Record<string, unknown>) => {
    t.clock.set(new Date(iso));
    expect((await buryDot(body)).body.status).toBe(200);
  };

  it('is for admins only', async () => {
    const { token: student } = await registerStudent(t.app);
    const teacher = await createStaffToken(t, 'teacher');
    expect((await report('', '')).body.status).toBe(401);
    for (const token of [student, teacher]) {
      expect(await report('', token)).toMatchObject({ http: 403, body: { status: 4001, msg: '无权限访问！' } });
    }
  });

  it('counts views, visitors and average dwell per Beijing day per path', async () => {
    // 2025-07-01 23:30 and 2025-07-02 00:30 in Beijing: two different days.
    await at('2025-07-01T15:30:00Z', { event: 'page_view', ip: 'v1', payload: { path: '/faq' } });
    await at('2025-07-01T15:31:00Z', { event: 'page_view', ip: 'v1', payload: { path: '/faq' } });
    await at('2025-07-01T15:32:00Z', { event: 'page_view', ip: 'v2', payload: { path: '/faq' } });
    await at('2025-07-01T15:33:00Z', { event: 'page_leave', ip: 'v1', payload: { path: '/faq', dwell_seconds: 30 } });
    await at('2025-07-01T15:34:00Z', { event: 'page_leave', ip: 'v2', payload: { path: '/faq', dwell_seconds: 15 } });
    // Not numbers or absurd: left out of the average.
    await at('2025-07-01T15:35:00Z', { event: 'page_leave', ip: 'v2', payload: { path: '/faq', dwell_seconds: 'lots' } });
    await at('2025-07-01T15:36:00Z', { event: 'page_leave', ip: 'v2', payload: { path: '/faq', dwell_seconds: 999_999 } });
    await at('2025-07-01T16:30:00Z', { event: 'page_view', ip: 'v3', payload: { path: '/' } });
    await at('2025-07-01T16:31:00Z', { event: 'page_view', ip: 'v3', payload: { path: '/faq' } });
    // Other events, paths that are not site paths, and events outside the range do not count.
    await at('2025-07-01T16:32:00Z', { event: 'apply_click', ip: 'v3', payload: { path: '/faq' } });
    await at('2025-07-01T16:33:00Z', { event: 'page_view', ip: 'v3', payload: { path: 'https://evil.example' } });
    await at('2025-07-01T16:34:00Z', { event: 'page_view', ip: 'v3' });
    await at('2025-06-30T15:59:59Z', { event: 'page_view', ip: 'v4', payload: { path: '/faq' } }); // 23:59:59 on 30 June
    await at('2025-07-02T16:00:00Z', { event: 'page_view', ip: 'v4', payload: { path: '/faq' } }); // 00:00 on 3 July

    const res = await report('?from=2025-07-01&to=2025-07-02');
    expect(res.body.status).toBe(200);
    expect(res.body.data).toEqual({
      from: '2025-07-01',
      to: '2025-07-02',
      rows: [
        { date: '2025-07-02', path: '/', views: 1, visitors: 1, avg_dwell_seconds: null, dwell_samples: 0 },
        { date: '2025-07-02', path: '/faq', views: 1, visitors: 1, avg_dwell_seconds: null, dwell_samples: 0 },
        { date: '2025-07-01', path: '/faq', views: 3, visitors: 2, avg_dwell_seconds: 22.5, dwell_samples: 2 },
      ],
    });

    const oneDay = await report('?from=2025-07-03&to=2025-07-03');
    expect(oneDay.body.data!.rows).toEqual([{ date: '2025-07-03', path: '/faq', views: 1, visitors: 1, avg_dwell_seconds: null, dwell_samples: 0 }]);
  });

  it('defaults to the last 7 Beijing days', async () => {
    t.clock.set(new Date('2025-07-07T04:00:00Z'));
    const res = await report('');
    expect(res.body.data).toMatchObject({ from: '2025-07-01', to: '2025-07-07' });
    expect(res.body.data!.rows.map((r) => r.date)).toEqual(['2025-07-03', '2025-07-02', '2025-07-02', '2025-07-01']);
  });

  it('refuses bad dates and ranges with 4003 naming the field', async () => {
    expect((await report('?from=2025-02-30')).body).toMatchObject({ status: 4003, data: { field: 'from' } });
    expect((await report('?to=yesterday')).body).toMatchObject({ status: 4003, data: { field: 'to' } });
    expect((await report('?from=2025-07-02&to=2025-07-01')).body).toMatchObject({ status: 4003, msg: '日期范围无效：开始日期不能晚于结束日期，且最多一年', data: { field: 'from' } });
    expect((await report('?from=2024-01-01&to=2025-01-01')).body).toMatchObject({ status: 4003, data: { field: 'to' } });
    expect((await report('?from=2024-01-02&to=2025-01-01')).body.status).toBe(200);
  });
});
