import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';

const METRICS_TOKEN = 'm'.repeat(40);

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('health and readiness', () => {
  it('/healthz answers while the process is up, never cached', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 200, msg: 'ok', data: { uptime_s: expect.any(Number) } });
  });

  it('/readyz is 200 with the database reachable, 503 while starting up or draining, saying which', async () => {
    t = await createTestApp();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 200, msg: 'ok', data: { ready: true, checks: { startup: 'ok', draining: 'ok', database: 'ok' } } });

    t.app.ctx.lifecycle.startingUp = true;
    const starting = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ status: 4001, msg: '服务暂不可用，请稍后再试', data: { ready: false, checks: { startup: 'starting', database: 'ok' } } });

    t.app.ctx.lifecycle.startingUp = false;
    t.app.ctx.lifecycle.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ data: { ready: false, checks: { draining: 'draining' } } });
    // Draining is for the balancer: the node still serves what reaches it.
    expect((await call(t.app, 'GET', '/api/clock')).http).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz reports a database that does not answer', async () => {
    t = await createTestApp();
    const realDb = t.app.ctx.db;
    t.app.ctx.db = Object.assign(Object.create(realDb) as typeof realDb, { execute: () => Promise.reject(new Error('connection refused')) });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ data: { ready: false, checks: { database: 'connection refused' } } });
    } finally {
      t.app.ctx.db = realDb;
    }
  });
});

describe('metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    // No route: the path is like any unknown page (the app shell's 404 view when the web app is built).
    expect(String(res.headers['content-type'])).not.toMatch(/^text\/plain/);
    expect(res.body).not.toContain('summit_http_request_duration_seconds');
    expect(t.app.routeRegistry.some((r) => r.url === '/metrics')).toBe(false);
  });

  it('refuses a missing or wrong bearer secret, in the envelope', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${METRICS_TOKEN}x`, `Basic ${METRICS_TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: '请重新登录！' });
    }
  });

  it('gives request latency by route pattern (never a raw id), process figures and the queues', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
    const student = await registerStudent(t.app);
    await call(t.app, 'GET', '/api/clock');
    await call(t.app, 'GET', '/api/student/info', { token: student.token });
    await call(t.app, 'GET', '/api/admin/students/987654321', { token: student.token });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    if (process.env.SHOW_METRICS) console.log(text);
    expect(text).toMatch(/summit_http_request_duration_seconds_count\{route="\/api\/clock",method="GET",status="200"\} 1/);
    expect(text).toMatch(/summit_http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/student\/info",method="GET",status="200"\}/);
    expect(text).toMatch(/route="\/api\/admin\/students\/:[A-Za-z_]+",method="GET",status="403"/);
    expect(text).not.toContain('987654321');
    expect(text).toContain('summit_process_resident_memory_bytes');
    expect(text).toContain('summit_nodejs_eventloop_lag_seconds');
    for (const name of ['summit_jobs_due', 'summit_jobs_lag_seconds', 'summit_jobs_failed', 'summit_payments_pending', 'summit_refunds_processing_oldest_seconds']) {
      expect(text).toMatch(new RegExp(`^${name} \\d+(\\.\\d+)?$`, 'm'));
    }
    // The student's registration SMS went out at once: nothing is waiting in the outbox.
    expect(text).toMatch(/^summit_outbox_backlog\{channel="sms"\} 0$/m);
    expect(text).toMatch(/^summit_outbox_failed\{channel="mail"\} 0$/m);
  });

  it('refuses a METRICS_TOKEN too short to be a secret, at start-up', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
  });
});
