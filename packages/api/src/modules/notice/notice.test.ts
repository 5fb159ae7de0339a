import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPLY_MSG, DEFAULT_PROGRAMME_FACTS, NOTICE_FORM_NAMES, NOTICE_MSG, STATUS, type OnlineNoticeState, type ProgrammeMode } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { studentForms } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { NOTICE_AUDIT } from './notice.repo.ts';

let t: TestApp;
let teacher: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createStaffToken(t, 'teacher');
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const state = (token: string) => call<OnlineNoticeState>(t.app, 'GET', '/api/student/online-notice', { token });
const markRead = (token?: string) => call<OnlineNoticeState>(t.app, 'POST', '/api/student/online-read', { ...(token ? { token } : {}), body: {} });
const confirmOnline = (token?: string) => call<OnlineNoticeState>(t.app, 'POST', '/api/student/offline-to-online', { ...(token ? { token } : {}), body: {} });

const { switched_to_online_at: _never, ...facts } = DEFAULT_PROGRAMME_FACTS;
async function setMode(mode: ProgrammeMode) {
  const res = await call(t.app, 'PUT', '/api/admin/settings/programme', { token: admin, body: { ...facts, mode } });
  expect(res.body.status).toBe(200);
}
const payTuition = (accountId: number) => t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now() }).where(eq(studentProfiles.accountId, accountId));

/** Paid for an in-person programme, which then switched to online: the student the notice concerns. */
async function paidStudent(): Promise<PayingStudent> {
  const s = await payingStudent(t, { offer: 1 });
  await setMode('offline');
  await payTuition(s.accountId);
  t.clock.advance(1000);
  await setMode('online');
  return s;
}

const NOT_CONCERNED = { concerned: false, offline_to_online_due: false, switch_notice: null };
const formRows = (accountId: number, formName: string) =>
  t.db.select().from(studentForms).where(and(eq(studentForms.accountId, accountId), eq(studentForms.formName, formName)));
const auditRows = (accountId: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, NOTICE_AUDIT.entity), eq(auditLog.entityId, String(accountId))));

describe('auth and role', () => {
  it('refuses visitors (401) and every non-student role (无权限访问！)', async () => {
    for (const send of [() => state(''), () => markRead(), () => confirmOnline()]) {
      const res = await send();
      expect([res.http, res.body.status]).toEqual([401, STATUS.LOGIN_REQUIRED]);
    }
    for (const token of [teacher, admin]) {
      for (const res of [await state(token), await markRead(token), await confirmOnline(token)]) {
        expect(res.http).toBe(403);
        expect(res.body).toMatchObject({ status: STATUS.MESSAGE, msg: '无权限访问！' });
      }
    }
  });
});

describe('POST /api/student/online-read', () => {
  it('stores the read time on the server once; repeating keeps the first time', async () => {
    const s = await payingStudent(t);
    expect((await state(s.token)).body.data).toEqual({ read_at: null, offline_to_online: null, ...NOT_CONCERNED });

    const first = await markRead(s.token);
    const readAt = t.clock.now().toISOString();
    expect(first.body).toMatchObject({ status: 200, msg: NOTICE_MSG.ONLINE_READ_OK, data: { read_at: readAt } });

    t.clock.advance(60_000);
    const again = await markRead(s.token);
    expect(again.body).toMatchObject({ status: 200, data: { read_at: readAt } });
    expect((await state(s.token)).body.data?.read_at).toBe(readAt);
    expect(await formRows(s.accountId, NOTICE_FORM_NAMES.onlineRead)).toHaveLength(1);
  });

  it("is the caller's own flag: another student still sees the notice", async () => {
    const a = await payingStudent(t);
    const b = await payingStudent(t);
    await markRead(a.token);
    expect((await state(b.token)).body.data?.read_at).toBeNull();
  });
});

describe('POST /api/student/offline-to-online', () => {
  it('refuses a student without paid tuition with 403-10, writing nothing', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await confirmOnline(s.token);
    expect(res.http).toBe(403);
    expect(res.body).toEqual({ status: STATUS.GATE_OFFER, msg: NOTICE_MSG.OFFLINE_TO_ONLINE_PAID_ONLY });
    expect(await formRows(s.accountId, NOTICE_FORM_NAMES.offlineToOnline)).toHaveLength(0);
    expect(await auditRows(s.accountId)).toHaveLength(0);
    expect((await state(s.token)).body.data).toMatchObject({ offline_to_online: null, offline_to_online_due: false });
  });

  it('a paid student is asked, answers once (audited), and a repeat changes nothing', async () => {
    const s = await paidStudent();
    expect((await state(s.token)).body.data).toMatchObject({ offline_to_online: null, offline_to_online_due: true });

    const res = await confirmOnline(s.token);
    const at = t.clock.now().toISOString();
    expect(res.body).toMatchObject({ status: 200, msg: NOTICE_MSG.OFFLINE_TO_ONLINE_OK, data: { read_at: null, offline_to_online: { chosen: 'online', at }, concerned: true, offline_to_online_due: false } });
    const audits = await auditRows(s.accountId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: s.accountId, action: NOTICE_AUDIT.action, before: null, after: { chosen: 'online', at } });

    t.clock.advance(60_000);
    const again = await confirmOnline(s.token);
    expect(again.body).toMatchObject({ status: 200, data: { offline_to_online: { chosen: 'online', at }, offline_to_online_due: false } });
    expect(await auditRows(s.accountId)).toHaveLength(1);
    expect(await formRows(s.accountId, NOTICE_FORM_NAMES.offlineToOnline)).toHaveLength(1);
  });

  it("one student's answer is not another's", async () => {
    const a = await paidStudent();
    const b = await paidStudent();
    await confirmOnline(a.token);
    expect((await state(b.token)).body.data).toMatchObject({ offline_to_online: null, offline_to_online_due: true });
  });
});

describe('whom the switch to online concerns (decision 029)', () => {
  it('nobody while the programme is online from the start: a paid student is not asked and cannot answer', async () => {
    // This file's app has switched modes already: a fresh one is a programme online from the start.
    const fresh = await createTestApp();
    try {
      const f = await payingStudent(fresh, { offer: 1 });
      await fresh.db.update(studentProfiles).set({ tuitionPaidAt: fresh.clock.now() }).where(eq(studentProfiles.accountId, f.accountId));
      const st = await call<OnlineNoticeState>(fresh.app, 'GET', '/api/student/online-notice', { token: f.token });
      expect(st.body.data).toMatchObject(NOT_CONCERNED);
      const answer = await call(fresh.app, 'POST', '/api/student/offline-to-online', { token: f.token, body: {} });
      expect([answer.http, answer.body]).toEqual([403, { status: STATUS.GATE_OFFER, msg: NOTICE_MSG.OFFLINE_TO_ONLINE_NOT_CONCERNED }]);
    } finally {
      await fresh.close();
    }
  });

  it('a student who paid after the switch is not concerned; one who paid before it is, with the facts to quote', async () => {
    const before = await paidStudent();
    t.clock.advance(1000);
    const after = await payingStudent(t, { offer: 1 });
    await payTuition(after.accountId);
    expect((await state(after.token)).body.data).toMatchObject(NOT_CONCERNED);
    const refused = await confirmOnline(after.token);
    expect(refused.body).toEqual({ status: STATUS.GATE_OFFER, msg: NOTICE_MSG.OFFLINE_TO_ONLINE_NOT_CONCERNED });
    expect(await auditRows(after.accountId)).toHaveLength(0);

    expect((await state(before.token)).body.data).toMatchObject({
      concerned: true,
      offline_to_online_due: true,
      switch_notice: { dates: '7月17日—8月22日', difference_fen: 200_000, refund_deadline: DEFAULT_PROGRAMME_FACTS.difference_refund_deadline },
    });
  });

  it('while the programme is offline nobody is concerned, and the switch back makes it so again', async () => {
    const s = await paidStudent();
    await setMode('offline');
    expect((await state(s.token)).body.data).toMatchObject(NOT_CONCERNED);
    t.clock.advance(1000);
    await setMode('online');
    expect((await state(s.token)).body.data).toMatchObject({ concerned: true, offline_to_online_due: true });
  });
});

describe('the reserved form names', () => {
  it('cannot be written or read through the public form endpoint', async () => {
    const s = await paidStudent();
    for (const [formName, value] of [
      [NOTICE_FORM_NAMES.offlineToOnline, { chosen: 'online' }],
      [NOTICE_FORM_NAMES.onlineRead, { read: true }],
    ] as const) {
      const write = await call(t.app, 'POST', '/api/student/form', { token: s.token, body: { form_name: formName, value } });
      expect(write.body).toMatchObject({ status: STATUS.PARAM, msg: APPLY_MSG.FORM_UNKNOWN });
      const read = await call(t.app, 'GET', `/api/student/form?form_name=${encodeURIComponent(formName)}`, { token: s.token });
      expect(read.body).toMatchObject({ status: STATUS.PARAM });
      expect(await formRows(s.accountId, formName)).toHaveLength(0);
    }
    expect((await state(s.token)).body.data).toMatchObject({ read_at: null, offline_to_online: null, offline_to_online_due: true });
    expect(await auditRows(s.accountId)).toHaveLength(0);
  });
});
