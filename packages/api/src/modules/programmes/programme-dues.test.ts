/**
 * Another programme's installments get the summer tuition's staff extension and reminders (decisions 072, 090):
 * an audited extension per student, programme and installment that moves the due date the student sees, and the
 * daily job's reminder SMS on the reminder days, once per due date and day, re-armed by an extension.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, type StaffDues } from '@summit/domain';
import { accounts, auditLog, smsOutbox } from '../../db/schema.ts';
import { programmeApplications, programmes } from '../../db/schema-programmes.ts';
import { runRegisteredDuesPasses } from '../dues/dues.service.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone, registerStudent } from '../../test/flows.ts';
import { programmeDues } from './programme-payments.plan.ts';
import { insertDecidedApplication, insertProgramme } from './programme-test-kit.ts';
import './programme-dues.service.ts';

const DAY = 86_400_000;
// 2026-07-01 09:00 Beijing, when the daily job runs.
const clock = createClock(new Date('2026-07-01T01:00:00Z'));
let t: TestApp;
let admin: string;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  // Split fees: the deposit due 7 days after the offer, the final payment 30 days after (programme-test-kit).
  ids.camp = await insertProgramme(t.db, 'dues-camp', { name: '暑期营' });
  ids.lab = await insertProgramme(t.db, 'dues-lab', { name: '研究营' });
});
afterAll(async () => {
  await t.close();
});

async function admitted(...programmeIds: number[]) {
  const phone = newPhone();
  const { token } = await registerStudent(t.app, phone);
  const [row] = await t.db.update(accounts).set({ name: '李同学' }).where(eq(accounts.phone, phone)).returning({ id: accounts.id });
  const apps = [];
  for (const id of programmeIds) apps.push(await insertDecidedApplication(t.db, id, row!.id, { at: clock.now() }));
  return { phone, token, accountId: row!.id, apps };
}

async function duesOf(programmeId: number, appId: number) {
  const [programme] = await t.db.select().from(programmes).where(eq(programmes.id, programmeId));
  const [app] = await t.db.select().from(programmeApplications).where(eq(programmeApplications.id, appId));
  return programmeDues(t.db, programme!, app!, clock.now());
}

const extend = (code: string, appId: number, body: object, token = admin) => call(t.app, 'PUT', `/api/admin/programmes/${code}/applications/${appId}/due-date`, { token, body });
const remindersOf = async (phone: string) => (await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.kind, 'payment_due')))).map((r) => r.content);

describe('a programme installment’s due date extended by staff', () => {
  it('moves that programme’s installment only, is audited, and shows as the due date in force', async () => {
    const s = await admitted(ids.camp!, ids.lab!);
    const [campApp, labApp] = s.apps;
    const dueAt = new Date(clock.now().getTime() + 20 * DAY).toISOString();
    const res = await extend('dues-camp', campApp!, { purpose: 'programme_deposit', due_at: dueAt, reason: '家长出差，延期两周' });
    expect(res.body).toMatchObject({ status: 200, data: { user_id: s.accountId, purpose: 'programme_deposit', due_at: dueAt } });
    const camp = await duesOf(ids.camp!, campApp!);
    expect(camp.installments[0]).toMatchObject({ purpose: 'programme_deposit', extended: true, dueAt: new Date(dueAt) });
    // The other programme's deposit (same purpose, same student) keeps its own date.
    const lab = await duesOf(ids.lab!, labApp!);
    expect(lab.installments[0]).toMatchObject({ purpose: 'programme_deposit', extended: false, dueAt: new Date(clock.now().getTime() + 7 * DAY) });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.due_date.extend'), eq(auditLog.entityId, String(s.accountId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ purpose: 'programme_deposit', programme_id: ids.camp, due_at: dueAt, reason: '家长出差，延期两周' });
    // The student's portal shows the date in force, marked as extended.
    const portal = await call<{ installments: Array<{ kind: string; due_at: string; extended?: boolean }> }>(t.app, 'GET', '/api/student/programmes/dues-camp/portal', { token: s.token });
    expect(portal.body.data?.installments?.[0]).toMatchObject({ kind: 'deposit', due_at: dueAt, extended: true });
  });

  it('refuses an installment not in the plan, bad input, an unknown application, and staff without money.settings', async () => {
    const s = await admitted(ids.camp!);
    const due = new Date(clock.now().getTime() + 9 * DAY).toISOString();
    expect((await extend('dues-camp', s.apps[0]!, { purpose: 'programme_whole', due_at: due, reason: '延期' })).body.msg).toBe(MSG.DUE_PURPOSE_NOT_IN_PLAN);
    expect((await extend('dues-camp', s.apps[0]!, { purpose: 'programme_deposit', due_at: due, reason: ' ' })).body).toMatchObject({ status: 4003, msg: MSG.DUE_REASON_REQUIRED });
    expect((await extend('dues-camp', 999_999, { purpose: 'programme_deposit', due_at: due, reason: '延期' })).body.msg).toBe(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
    const teacher = await createStaffToken(t, 'teacher');
    expect((await extend('dues-camp', s.apps[0]!, { purpose: 'programme_deposit', due_at: due, reason: '延期' }, teacher)).http).toBe(403);
  });
});

describe('the staff view of a programme application\'s due dates (GET …/applications/:id/dues)', () => {
  it('lists the deposit and the final payment with the date in force, marks an extension, and needs money.settings', async () => {
    const s = await admitted(ids.camp!);
    const url = `/api/admin/programmes/dues-camp/applications/${s.apps[0]!}/dues`;
    const before = (await call<StaffDues>(t.app, 'GET', url, { token: admin })).body.data!;
    expect(before.installments.map((i) => [i.purpose, i.label, i.status, i.extended])).toEqual([
      ['programme_deposit', '定金', 'unpaid', false],
      ['programme_final', '尾款', 'unpaid', false],
    ]);
    const dueAt = new Date(clock.now().getTime() + 40 * DAY).toISOString();
    expect((await extend('dues-camp', s.apps[0]!, { purpose: 'programme_final', due_at: dueAt, reason: '签证办理中' })).body.status).toBe(200);
    const after = (await call<StaffDues>(t.app, 'GET', url, { token: admin })).body.data!;
    expect(after.installments[1]).toMatchObject({ purpose: 'programme_final', due_at: dueAt, extended: true });
    expect(after.installments[0]).toMatchObject({ extended: false });
    expect((await call(t.app, 'GET', `/api/admin/programmes/dues-camp/applications/999999/dues`, { token: admin })).body.msg).toBe(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'GET', url, { token: teacher })).http).toBe(403);
  });
});

describe('programme installment reminders in the daily job', () => {
  it('one SMS on a reminder day naming the programme and the installment, not twice, re-armed by an extension', async () => {
    const s = await admitted(ids.camp!);
    // Released just now: the deposit is due in 7 days (a reminder day), the final payment in 30 (not one).
    await runRegisteredDuesPasses(t.app.ctx);
    expect(await remindersOf(s.phone)).toEqual([expect.stringContaining('你的暑期营定金5000.00元将于')]);
    await runRegisteredDuesPasses(t.app.ctx);
    expect(await remindersOf(s.phone)).toHaveLength(1);
    // An extension to three days from now arms the reminder for the new date.
    await extend('dues-camp', s.apps[0]!, { purpose: 'programme_deposit', due_at: new Date(clock.now().getTime() + 3 * DAY).toISOString(), reason: '提前缴费安排' });
    await runRegisteredDuesPasses(t.app.ctx);
    expect(await remindersOf(s.phone)).toHaveLength(2);
  });
});
