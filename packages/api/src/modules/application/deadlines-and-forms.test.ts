import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLY_MSG, MSG, type DeadlinesData } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { settings } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-01T10:00:00+08:00'));
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
});
afterAll(async () => {
  await t.close();
});

const ADMIN_URL = '/api/admin/settings/deadlines';
const DEFAULTS = {
  MRD: '2027-05-15T15:59:59.000Z',
  EB1: '2027-01-15T15:59:59.000Z',
  EB2: '2027-03-01T15:59:59.000Z',
  RD: '2027-04-30T15:59:59.000Z',
};
const list = (d: Record<string, string>) => ['MRD', 'EB1', 'EB2', 'RD'].map((key) => ({ key, deadline: d[key]! }));

describe('deadlines', () => {
  it('the public read needs no login and seeds the defaults (23:59:59 Beijing time) into settings', async () => {
    expect(await t.db.select().from(settings)).toHaveLength(0);
    const res = await call<DeadlinesData>(t.app, 'GET', '/api/deadlines');
    expect(res.body).toEqual({ status: 200, msg: 'ok', data: { items: list(DEFAULTS) } });
    const rows = await t.db.select().from(settings);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      'deadline.MRD': DEFAULTS.MRD,
      'deadline.EB1': DEFAULTS.EB1,
      'deadline.EB2': DEFAULTS.EB2,
      'deadline.RD': DEFAULTS.RD,
    });
    expect((await call(t.app, 'GET', ADMIN_URL, { token: admin })).body.data).toEqual({ items: list(DEFAULTS) });
  });

  it('an admin edit is stored, answered in UTC, audited with before and after, and moves the batch rule', async () => {
    const next = { MRD: '2027-06-01T23:59:59+08:00', EB1: '2026-11-30T23:59:59+08:00', EB2: '2027-01-01T23:59:59+08:00', RD: '2027-05-01T23:59:59+08:00' };
    const res = await call<DeadlinesData>(t.app, 'PUT', ADMIN_URL, { token: admin, body: { items: list(next) } });
    const expected = Object.fromEntries(Object.entries(next).map(([k, v]) => [k, new Date(v).toISOString()]));
    expect(res.body).toEqual({ status: 200, msg: MSG.SAVE_OK, data: { items: list(expected) } });
    expect((await call(t.app, 'GET', '/api/deadlines')).body.data).toEqual({ items: list(expected) });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.deadlines.update'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'settings', entityId: 'deadlines', before: DEFAULTS, after: expected });

    // 2026-12-01 is now after the moved EB1: a submission lands in EB2.
    const s = await payingStudent(t, { step1Submitted: false });
    const step1 = {
      legal_name: '李小明', gender: 2, birth_date: '2010-03-07', card_type: 'passport', card_number: 'E12345678', school_id: null,
      school_name: '上海中学', grade: 'G10', guardian_name: '李大明', guardian_relation: 'mother', guardian_phone: '13800138000',
      guardian_consent: true, session_preference: '第一期', track_preference: '人文社科',
    };
    const sub = await call<{ batch: string }>(t.app, 'POST', '/api/student/v5/apply/step1', { token: s.token, body: { submit: true, data: step1 } });
    expect(sub.body.data?.batch).toBe('EB2');
  });

  it.each([
    [{ items: list({ ...DEFAULTS, EB2: '2027-01-01T00:00:00+08:00' }) }, 'items.2.deadline', APPLY_MSG.DEADLINES_ORDER],
    [{ items: list({ ...DEFAULTS, MRD: '2027-04-01T00:00:00+08:00' }) }, 'items.0.deadline', APPLY_MSG.DEADLINES_ORDER],
    [{ items: list(DEFAULTS).slice(0, 3) }, 'items', APPLY_MSG.DEADLINES_MISSING],
    [{ items: list({ ...DEFAULTS, RD: 'tomorrow' }) }, 'items.3.deadline', APPLY_MSG.DEADLINE_INVALID],
    [{ items: 'x' }, 'items', APPLY_MSG.DEADLINES_MISSING],
  ])('refuses %j with 4003 on %s, changing and auditing nothing', async (body, field, msg) => {
    const before = (await call(t.app, 'GET', ADMIN_URL, { token: admin })).body.data;
    const auditBefore = (await t.db.select().from(auditLog)).length;
    const res = await call(t.app, 'PUT', ADMIN_URL, { token: admin, body });
    expect(res.body).toMatchObject({ status: 4003, msg, data: { field } });
    expect((await call(t.app, 'GET', ADMIN_URL, { token: admin })).body.data).toEqual(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(auditBefore);
  });

  it('only admins: a plain teacher, a student and a visitor are refused', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    const student = await payingStudent(t);
    for (const token of [teacher, student.token]) {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await call(t.app, method, ADMIN_URL, { token, body: method === 'PUT' ? { items: list(DEFAULTS) } : undefined });
        expect(res).toMatchObject({ http: 403, body: { status: 4001, msg: MSG.NO_PERMISSION } });
      }
    }
    expect((await call(t.app, 'PUT', ADMIN_URL, { body: { items: list(DEFAULTS) } })).body.status).toBe(401);
  });
});

describe('student forms', () => {
  const VALUE = { time_zone: 'UTC+8', device: 'computer', network: 'good', emergency_name: '王丽', emergency_phone: '13900139000', heard_from: 'school' };

  it('saves additional-info after step 1, reads it back by name, and resubmitting replaces it', async () => {
    const s = await payingStudent(t, { step1Submitted: true });
    const res = await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'additional-info', value: VALUE } });
    expect(res.body).toMatchObject({ status: 200, data: { form_name: 'additional-info', submitted_at: t.clock.now().toISOString(), value: { ...VALUE, health_notes: '' } } });
    await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'additional-info', value: { ...VALUE, health_notes: '花生过敏' } } });
    const read = await call<{ items: Array<{ value: { health_notes: string } }> }>(t.app, 'GET', '/api/student/form?form_name=additional-info', { token: s.token });
    expect(read.body.data?.items).toHaveLength(1);
    expect(read.body.data?.items[0]?.value.health_notes).toBe('花生过敏');

    // Another student sees only their own (none).
    const other = await payingStudent(t, { step1Submitted: true });
    expect((await call(t.app, 'GET', '/api/student/form?form_name=additional-info', { token: other.token })).body.data).toEqual({ items: [] });
  });

  it('needs step 1 submitted (403-40) and a complete profile (403-60)', async () => {
    const s = await payingStudent(t, { step1Submitted: false });
    expect((await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'additional-info', value: VALUE } })).body).toMatchObject({
      status: '403-40',
      msg: MSG.APPLY_INCOMPLETE,
    });
    const incomplete = await payingStudent(t, { infoComplete: false });
    expect((await call(t.app, 'POST', '/api/student/form', { token: incomplete.token, body: { form_name: 'additional-info', value: VALUE } })).body.status).toBe('403-60');
  });

  it('unknown names and invalid values are 4003 naming the field', async () => {
    const s = await payingStudent(t, { step1Submitted: true });
    const unknown = await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'secret', value: VALUE } });
    expect(unknown.body).toMatchObject({ status: 4003, msg: APPLY_MSG.FORM_UNKNOWN, data: { field: 'form_name' } });
    const bad = await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: 'additional-info', value: { ...VALUE, emergency_phone: '123' } } });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'value.emergency_phone' } });
    expect((await call(t.app, 'GET', '/api/student/form?form_name=nope', { token: s.token })).body).toMatchObject({ status: 4003, msg: APPLY_MSG.FORM_UNKNOWN, data: { field: 'form_name.0' } });
    expect((await call(t.app, 'GET', '/api/student/form', { token: s.token })).body.status).toBe(4003);
  });
});
