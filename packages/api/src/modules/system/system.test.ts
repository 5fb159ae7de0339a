import { afterEach, describe, expect, it } from 'vitest';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newPhone, requestSmsCode } from '../../test/flows.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('system routes', () => {
  it('GET /api/clock gives the server time in ms', async () => {
    const clock = createClock(new Date('2026-07-17T00:00:00+08:00'));
    t = await createTestApp({ clock });
    const res = await call<{ now: number }>(t.app, 'GET', '/api/clock');
    expect(res.body).toEqual({ status: 200, msg: 'ok', data: { now: Date.parse('2026-07-17T00:00:00+08:00') } });
  });

  it('demo mode shows the outbox, newest first', async () => {
    t = await createTestApp();
    const phone = newPhone();
    const first = await requestSmsCode(t.app, phone);
    t.clock.advance(61_000);
    const second = await requestSmsCode(t.app, phone);
    const res = await call<Array<{ code: string }>>(t.app, 'GET', `/api/dev/outbox?phone=${phone}`);
    expect(res.body.data?.map((m) => m.code)).toEqual([second, first]);
  });

  it('outside demo mode the outbox route does not exist', async () => {
    t = await createTestApp({ env: { DEMO_MODE: 'false' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?phone=13900000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 4001, msg: '接口不存在' });
    expect(t.app.routeRegistry.some((r) => r.url === '/api/dev/outbox')).toBe(false);
  });

  it('serves the OpenAPI document', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/student/info', '/api/region/schools']));
  });
});
