/**
 * Releasing or withdrawing another programme's result tells the student (decision 090): a notice under 消息 and an
 * SMS through the notification outbox, written in the same transaction; a withdrawal goes back to a draft, is
 * audited, and is refused once the student has paid towards the programme.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, type StudentMessageList } from '@summit/domain';
import { accounts, auditLog, smsOutbox } from '../../db/schema.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { programmeApplications } from '../../db/schema-programmes.ts';
import { settleNotifications } from '../notifications/notifications.service.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone, registerStudent } from '../../test/flows.ts';
import { insertDecidedApplication, insertProgramme } from './programme-test-kit.ts';

const clock = createClock();
let t: TestApp;
let admin: string;
let programmeId: number;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  programmeId = await insertProgramme(t.db, 'winter-camp', { name: '冬令营' });
});
afterAll(async () => {
  await t.close();
});

async function applicant() {
  const phone = newPhone();
  const { token } = await registerStudent(t.app, phone);
  const [row] = await t.db.update(accounts).set({ name: '王同学' }).where(eq(accounts.phone, phone)).returning({ id: accounts.id });
  const appId = await insertDecidedApplication(t.db, programmeId, row!.id, { released: false });
  return { token, phone, accountId: row!.id, appId };
}

const smsOf = async (phone: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).filter((r) => r.kind !== null);
const messagesOf = async (token: string) => (await call<StudentMessageList>(t.app, 'GET', '/api/student/messages', { token })).body.data!.items;
const withdraw = (appId: number, token = admin) => call(t.app, 'POST', `/api/admin/programmes/winter-camp/applications/${appId}/decision/withdraw`, { token });

describe('a programme result released and withdrawn', () => {
  it('release: a notice under 消息 and an SMS naming the programme, once per release', async () => {
    const s = await applicant();
    expect((await call(t.app, 'POST', '/api/admin/programmes/winter-camp/release', { token: admin, body: { ids: [s.appId] } })).body.data).toEqual({ released: 1 });
    await settleNotifications(t.app.ctx);
    const sms = await smsOf(s.phone);
    expect(sms.map((r) => r.kind)).toEqual(['programme_result']);
    expect(sms[0]!.content).toBe('【Summit】王同学同学，你的冬令营录取结果已公布，请登录网站查看。');
    expect((await messagesOf(s.token)).map((m) => m.title)).toEqual(['冬令营录取结果已公布']);
    // Releasing again releases nothing and tells nobody twice.
    expect((await call(t.app, 'POST', '/api/admin/programmes/winter-camp/release', { token: admin, body: { ids: [s.appId] } })).body.data).toEqual({ released: 0 });
    expect(await smsOf(s.phone)).toHaveLength(1);
  });

  it('withdraw: back to a draft, audited, the student told; a second withdrawal is refused', async () => {
    const s = await applicant();
    await call(t.app, 'POST', '/api/admin/programmes/winter-camp/release', { token: admin, body: { ids: [s.appId] } });
    const res = await withdraw(s.appId);
    expect(res.body).toMatchObject({ status: 200, msg: MSG.ADMISSION_WITHDRAWN, data: { decision: 'admit', released_at: null } });
    const [row] = await t.db.select().from(programmeApplications).where(eq(programmeApplications.id, s.appId));
    expect(row).toMatchObject({ decision: 'admit', releasedAt: null });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'programme.decision.withdraw'), eq(auditLog.entityId, String(s.appId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ released: false });
    await settleNotifications(t.app.ctx);
    expect((await smsOf(s.phone)).map((r) => r.kind).sort()).toEqual(['programme_result', 'programme_result_withdrawn']);
    expect((await smsOf(s.phone)).find((r) => r.kind === 'programme_result_withdrawn')!.content).toContain('冬令营录取结果已被项目组撤回');
    expect((await messagesOf(s.token)).map((m) => m.title)).toEqual(['冬令营录取结果已撤回', '冬令营录取结果已公布']);
    expect((await withdraw(s.appId)).body.msg).toBe(MSG.PROGRAMME_NOT_RELEASED);
    // Released again later, the student is told again (a re-release is news).
    clock.advance(60_000);
    expect((await call(t.app, 'POST', '/api/admin/programmes/winter-camp/release', { token: admin, body: { ids: [s.appId] } })).body.data).toEqual({ released: 1 });
    expect((await smsOf(s.phone)).filter((r) => r.kind === 'programme_result')).toHaveLength(2);
  });

  it('refused once the student paid towards the programme, for an unknown application, and to a student', async () => {
    const s = await applicant();
    await call(t.app, 'POST', '/api/admin/programmes/winter-camp/release', { token: admin, body: { ids: [s.appId] } });
    await t.db.insert(paymentOrders).values({
      orderNo: `WC${s.appId}${Date.now()}`,
      accountId: s.accountId,
      programmeId,
      purpose: 'programme_deposit',
      amountFen: 500_000,
      status: 'paid',
      provider: 'WX',
      channel: 'sandbox',
      gateway: 'sandbox',
      idempotencyKey: `wc-${s.appId}`,
      paidAt: new Date(),
      expiresAt: new Date(),
    } as typeof paymentOrders.$inferInsert);
    expect((await withdraw(s.appId)).body.msg).toBe(MSG.PROGRAMME_WITHDRAW_PAID);
    expect((await withdraw(999_999)).body.msg).toBe(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
    expect((await withdraw(s.appId, s.token)).http).toBeGreaterThanOrEqual(400);
    const [row] = await t.db.select().from(programmeApplications).where(eq(programmeApplications.id, s.appId));
    expect(row!.releasedAt).not.toBeNull();
  });
});
