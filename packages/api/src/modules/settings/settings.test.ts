import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type FeeSettings } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { settings } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { getSandboxSecret } from './settings.service.ts';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/admin/settings/fees';

describe('fee settings', () => {
  it('the first read seeds the defaults (¥500 application fee, ¥16,800 tuition) into the settings table', async () => {
    expect(await t.db.select().from(settings)).toHaveLength(0);
    const res = await call<FeeSettings>(t.app, 'GET', URL, { token: admin });
    expect(res.body.data).toEqual({ apply_fen: 50_000, tuition_fen: 1_680_000, currency: 'CNY', updated_at: null, updated_by: null });
    const rows = await t.db.select().from(settings);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({ 'fee.apply_fen': 50_000, 'fee.tuition_fen': 1_680_000 });
  });

  it('an admin edit is stored, answered, and audited with before and after', async () => {
    t.clock.advance(60_000);
    const res = await call<FeeSettings>(t.app, 'PUT', URL, { token: admin, body: { apply_fen: 30_000, tuition_fen: 1_880_000 } });
    expect(res.body).toMatchObject({ status: 200, msg: MSG.SAVE_OK, data: { apply_fen: 30_000, tuition_fen: 1_880_000, updated_by: adminId, updated_at: t.clock.now().toISOString() } });
    expect((await call<FeeSettings>(t.app, 'GET', URL, { token: admin })).body.data).toMatchObject({ apply_fen: 30_000, tuition_fen: 1_880_000 });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.fees.update'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      entity: 'settings',
      entityId: 'fees',
      before: { apply_fen: 50_000, tuition_fen: 1_680_000 },
      after: { apply_fen: 30_000, tuition_fen: 1_880_000 },
    });
  });

  it.each([
    [{ apply_fen: 0, tuition_fen: 1 }, 'apply_fen'],
    [{ apply_fen: 100, tuition_fen: 12.5 }, 'tuition_fen'],
    [{ apply_fen: 100, tuition_fen: 100_000_001 }, 'tuition_fen'],
    [{ apply_fen: '100', tuition_fen: 100 }, 'apply_fen'],
  ])('refuses %j on the field, changing nothing and auditing nothing', async (body, field) => {
    const before = (await call<FeeSettings>(t.app, 'GET', URL, { token: admin })).body.data;
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const res = await call(t.app, 'PUT', URL, { token: admin, body });
    expect(res.body).toMatchObject({ status: 4003, msg: MSG.FEE_INVALID, data: { field } });
    expect((await call(t.app, 'GET', URL, { token: admin })).body.data).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('only admins: a plain teacher and a student are refused', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    for (const method of ['GET', 'PUT'] as const) {
      const res = await call(t.app, method, URL, { token: teacher, body: method === 'PUT' ? { apply_fen: 1, tuition_fen: 1 } : undefined });
      expect(res).toMatchObject({ http: 403, body: { status: 4001, msg: MSG.NO_PERMISSION } });
    }
    expect((await call<FeeSettings>(t.app, 'GET', URL, { token: admin })).body.data?.apply_fen).toBe(30_000);
  });
});

describe('the sandbox secret', () => {
  it('is made once and shared: every caller (every process) reads the same stored value', async () => {
    const [a, b] = await Promise.all([getSandboxSecret(t.app.ctx), getSandboxSecret(t.app.ctx)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'sandbox.pay_secret'));
    expect(row?.value).toBe(a);
    // Not exposed with the fees.
    expect(JSON.stringify((await call(t.app, 'GET', URL, { token: admin })).body)).not.toContain(a);
  });

  it('SANDBOX_PAY_SECRET wins when set', async () => {
    const fixed = 'k'.repeat(40);
    expect(await getSandboxSecret({ ...t.app.ctx, env: { ...t.app.ctx.env, SANDBOX_PAY_SECRET: fixed } })).toBe(fixed);
  });
});
