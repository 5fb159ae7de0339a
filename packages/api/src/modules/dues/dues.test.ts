import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { MSG, type FeePlan, type PaymentOrder, type PaymentPlan, type StaffDues } from '@summit/domain';
import { auditLog, smsOutbox, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions } from '../../db/schema-admission.ts';
import { paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { defaultJobRegistry } from '../jobs/job-runner.ts';
import { findJobByKey } from '../jobs/jobs.repo.ts';
import { depositPaid } from '../payments/deposit-gate.ts';
import { payingStudent, pressSandbox, profileOf, type PayingStudent } from '../payments/payment-test-kit.ts';
import { PAYMENT_DUES_KIND, runPaymentDues, schedulePaymentDues } from './dues.service.ts';

const DAY = 86_400_000;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Tokens outlive the weeks the clock moves through.
  t = await createTestApp({ env: { TOKEN_TTL_DAYS: '90', TOKEN_IDLE_DAYS: '90', STAFF_TOKEN_TTL_DAYS: '90', STAFF_TOKEN_IDLE_HOURS: '8760' } });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const basePlan = {
  mode: 'split',
  whole_due: { kind: 'after_offer', days: 14 },
  deposit_fen: 500_000,
  deposit_due: { kind: 'after_offer', days: 7 },
  final_due: { kind: 'after_offer', days: 14 },
  reminder_days: [7, 3, 1],
  overdue_rule: 'remind_only',
} as const;
const setPlan = (patch: Partial<Record<keyof typeof basePlan, unknown>> = {}) => call<FeePlan>(t.app, 'PUT', '/api/admin/settings/fee-plan', { token: admin, body: { ...basePlan, ...patch } });
const pay = (s: PayingStudent, purpose: string) => call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose, provider: 'AL', channel: 'alipay_web' } });
const planOf = (s: PayingStudent) => call<PaymentPlan>(t.app, 'GET', '/api/student/payment/plan', { token: s.token });
const run = () => runPaymentDues(t.app.ctx);

/** A student whose offer was released now (by the test clock), with the decision row an admin release writes. */
async function offerHolder(): Promise<PayingStudent> {
  const s = await payingStudent(t, { offer: 1 });
  const now = t.clock.now();
  await t.db.update(studentProfiles).set({ offerCreatedAt: now }).where(eq(studentProfiles.accountId, s.accountId));
  await t.db.insert(admissionDecisions).values({ accountId: s.accountId, decision: 'offer', decidedAt: now, releasedAt: now });
  return s;
}

beforeEach(() => {
  t.clock.set(new Date());
});

describe('fee plan settings', () => {
  it('an admin saves a split plan (audited); a deposit not below the tuition is refused by field', async () => {
    const saved = await setPlan();
    expect(saved.body).toMatchObject({ status: 200, data: { mode: 'split', deposit_fen: 500_000, reminder_days: [7, 3, 1] } });
    const bad = await setPlan({ deposit_fen: 1_680_000 });
    expect(bad.body).toMatchObject({ status: 4003, msg: MSG.FEE_PLAN_DEPOSIT_TOO_LARGE });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.fee_plan.update'));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    const student = await payingStudent(t, { offer: 1 });
    expect((await call(t.app, 'GET', '/api/admin/settings/fee-plan', { token: student.token })).http).not.toBe(200);
  });
});

describe('split tuition: deposit then final payment', () => {
  it('pays the deposit, then the final; tuition counts as paid only when both are; depositPaid reads the deposit', async () => {
    await setPlan();
    const s = await offerHolder();
    const plan = await planOf(s);
    expect(plan.body.data).toMatchObject({ mode: 'split', next_purpose: 'tuition_deposit' });
    expect(plan.body.data!.installments.map((i) => [i.purpose, i.amount_fen, i.status, i.payable])).toEqual([
      ['tuition_deposit', 500_000, 'unpaid', true],
      ['tuition_final', 1_180_000, 'unpaid', false],
    ]);
    expect(new Date(plan.body.data!.installments[0]!.due_at).getTime()).toBe(t.clock.now().getTime() + 7 * DAY);
    // The offer letter (and its PDF) carries the schedule; pay_by is the final payment's due date.
    const letter = await call<{ pay_by: string; schedule: Array<{ label: string; amount_fen: number }> }>(t.app, 'POST', '/api/student/offer-letter', { token: s.token });
    expect(letter.body.data!.schedule.map((i) => [i.label, i.amount_fen])).toEqual([
      ['定金', 500_000],
      ['尾款', 1_180_000],
    ]);
    expect(new Date(letter.body.data!.pay_by).getTime()).toBe(t.clock.now().getTime() + 14 * DAY);
    const pdf = await t.app.inject({ method: 'GET', url: '/api/student/offer-letter/pdf', headers: { authorization: `Bearer ${s.token}` } });
    expect(pdf.headers['content-type']).toContain('application/pdf');

    expect((await pay(s, 'tuition_final')).body).toMatchObject({ msg: MSG.PAY_DEPOSIT_FIRST });
    expect(await depositPaid(t.db, s.accountId, 'tuition')).toBe(false);

    const deposit = await pay(s, 'tuition_deposit');
    expect(deposit.body.data).toMatchObject({ purpose: 'tuition_deposit', amount_fen: 500_000 });
    await pressSandbox(t.app, deposit.body.data!.id, 'confirm');
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeNull();
    expect(await depositPaid(t.db, s.accountId, 'tuition')).toBe(true);
    expect((await pay(s, 'tuition_deposit')).body).toMatchObject({ msg: MSG.PAY_INSTALLMENT_PAID });

    // `tuition` means the next unpaid installment (what the parent link pays).
    const final = await pay(s, 'tuition');
    expect(final.body.data).toMatchObject({ purpose: 'tuition_final', amount_fen: 1_180_000 });
    await pressSandbox(t.app, final.body.data!.id, 'confirm');
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeInstanceOf(Date);
    const after = await planOf(s);
    expect(after.body.data!.installments.map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(after.body.data!.next_purpose).toBeNull();
    expect((await pay(s, 'tuition')).body.status).toBe('402-2');
  });

  it('the parent link pays the next unpaid installment: the deposit, then the final payment', async () => {
    await setPlan();
    const s = await offerHolder();
    const link = await call<{ token: string }>(t.app, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'tuition' } });
    const path = `/api/guest/payment/pay-for/${link.body.data!.token}`;
    expect((await call<{ amount_fen: number }>(t.app, 'GET', path)).body.data).toMatchObject({ amount_fen: 500_000, status: 'pending', installment: 'deposit' });
    const first = await call<PaymentOrder>(t.app, 'POST', path, { body: { provider: 'AL', channel: 'alipay_web' } });
    expect(first.body.data).toMatchObject({ purpose: 'tuition_deposit', amount_fen: 500_000 });
    await pressSandbox(t.app, first.body.data!.id, 'confirm');
    expect((await call<{ amount_fen: number }>(t.app, 'GET', path)).body.data).toMatchObject({ amount_fen: 1_180_000, status: 'pending', installment: 'final' });
    const second = await call<PaymentOrder>(t.app, 'POST', path, { body: { provider: 'AL', channel: 'alipay_web' } });
    expect(second.body.data).toMatchObject({ purpose: 'tuition_final', amount_fen: 1_180_000 });
    await pressSandbox(t.app, second.body.data!.id, 'confirm');
    expect((await call(t.app, 'GET', path)).body.data).toMatchObject({ status: 'paid' });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeInstanceOf(Date);
  });

  it('financial aid comes off the final payment', async () => {
    await setPlan();
    const s = await offerHolder();
    const { financialAidRequests } = await import('../../db/schema-admission.ts');
    await t.db.insert(financialAidRequests).values({ accountId: s.accountId, value: { reason: 'x' }, status: 'granted', grantedFen: 300_000 });
    const plan = await planOf(s);
    expect(plan.body.data!.installments.map((i) => i.amount_fen)).toEqual([500_000, 880_000]);
  });

  it('a whole plan keeps the single tuition order and refuses installment purposes', async () => {
    await setPlan({ mode: 'whole' });
    const s = await offerHolder();
    expect((await pay(s, 'tuition_deposit')).body).toMatchObject({ status: 4003, msg: MSG.DUE_PURPOSE_NOT_IN_PLAN });
    const whole = await pay(s, 'tuition');
    expect(whole.body.data).toMatchObject({ purpose: 'tuition', amount_fen: 1_680_000 });
    await pressSandbox(t.app, whole.body.data!.id, 'confirm');
    expect(await depositPaid(t.db, s.accountId, 'tuition')).toBe(true);
  });
});

describe('the staff view of a student\'s due dates (GET /api/admin/students/:userId/dues)', () => {
  it('lists each installment with the date in force, marks an extension, is empty before an offer, and needs money.settings', async () => {
    await setPlan();
    const s = await offerHolder();
    const dues = (await call<StaffDues>(t.app, 'GET', `/api/admin/students/${s.accountId}/dues`, { token: admin })).body.data!;
    expect(dues.installments.map((i) => [i.purpose, i.label, i.status, i.extended])).toEqual([
      ['tuition_deposit', '学费定金', 'unpaid', false],
      ['tuition_final', '学费尾款', 'unpaid', false],
    ]);
    expect(dues.installments[0]!.due_at).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    const newDue = new Date(t.clock.now().getTime() + 12 * DAY).toISOString();
    await call(t.app, 'PUT', `/api/admin/students/${s.accountId}/due-date`, { token: admin, body: { purpose: 'tuition_deposit', due_at: newDue, reason: '家长申请延期' } });
    const after = (await call<StaffDues>(t.app, 'GET', `/api/admin/students/${s.accountId}/dues`, { token: admin })).body.data!;
    expect(after.installments[0]).toMatchObject({ purpose: 'tuition_deposit', due_at: newDue, extended: true, status: 'unpaid' });
    expect(after.installments[1]).toMatchObject({ extended: false });

    const noOffer = await payingStudent(t, { offer: 0 });
    expect((await call<StaffDues>(t.app, 'GET', `/api/admin/students/${noOffer.accountId}/dues`, { token: admin })).body).toMatchObject({ status: 200, data: { installments: [] } });
    const teacher = await createStaffToken(t, 'teacher');
    expect((await call(t.app, 'GET', `/api/admin/students/${s.accountId}/dues`, { token: teacher })).http).toBe(403);
  });
});

describe('overdue rules, applied by the daily job at a controlled clock', () => {
  it('关闭未付订单并标记逾期: the open order is closed, paying is refused, an extension (audited) lifts it', async () => {
    await setPlan({ overdue_rule: 'close_and_mark' });
    const s = await offerHolder();
    const order = await pay(s, 'tuition_deposit');
    t.clock.advance(7 * DAY + 60_000);
    expect((await run()).overdue).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, order.body.data!.id));
    expect(row!.status).toBe('closed');
    expect((await planOf(s)).body.data!.installments[0]).toMatchObject({ status: 'overdue', payable: false });
    expect((await pay(s, 'tuition_deposit')).body).toMatchObject({ msg: MSG.PAY_OVERDUE });

    const newDue = new Date(t.clock.now().getTime() + 3 * DAY).toISOString();
    const ext = await call(t.app, 'PUT', `/api/admin/students/${s.accountId}/due-date`, { token: admin, body: { purpose: 'tuition_deposit', due_at: newDue, reason: '家庭原因申请延期' } });
    expect(ext.body).toMatchObject({ status: 200, data: { due_at: newDue } });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.due_date.extend'), eq(auditLog.entityId, String(s.accountId))));
    expect(audits).toHaveLength(1);
    expect((await planOf(s)).body.data!.installments[0]).toMatchObject({ status: 'unpaid', extended: true, payable: true });
    expect((await pay(s, 'tuition_deposit')).body.data).toMatchObject({ purpose: 'tuition_deposit' });
    const noReason = await call(t.app, 'PUT', `/api/admin/students/${s.accountId}/due-date`, { token: admin, body: { purpose: 'tuition_deposit', due_at: newDue, reason: '' } });
    expect(noReason.body).toMatchObject({ status: 4003, msg: MSG.DUE_REASON_REQUIRED });
  });

  it('撤销录取名额: the offer is withdrawn once, audited, and the student is told', async () => {
    await setPlan({ overdue_rule: 'release_place' });
    const s = await offerHolder();
    t.clock.advance(7 * DAY + 60_000);
    await run();
    await run();
    expect((await profileOf(t.db, s.accountId)).offerLetter).toBeFalsy();
    const [decision] = await t.db.select().from(admissionDecisions).where(eq(admissionDecisions.accountId, s.accountId));
    expect(decision!.releasedAt).toBeNull();
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.overdue.release_place'), eq(auditLog.entityId, String(s.accountId))))).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'admission.decision.withdraw'), eq(auditLog.entityId, String(s.accountId))))).toHaveLength(1);
    const sms = await t.db.select().from(smsOutbox).where(like(smsOutbox.eventKey, `place_released:${s.accountId}:%`));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.content).toContain('录取名额已被撤销');
    expect((await pay(s, 'tuition')).body.status).toBe('403-10');
  });

  it('仅提醒: marked overdue but the student may still pay; the offer stays', async () => {
    await setPlan({ mode: 'whole', overdue_rule: 'remind_only' });
    const s = await offerHolder();
    t.clock.advance(14 * DAY + 60_000);
    await run();
    expect((await planOf(s)).body.data!.installments[0]).toMatchObject({ status: 'overdue', payable: true });
    expect((await pay(s, 'tuition')).body.data).toMatchObject({ purpose: 'tuition' });
    expect((await profileOf(t.db, s.accountId)).offerLetter).toBeTruthy();
  });

  it("the offer's pay_by is enforced for whole tuition too, and follows the plan's due date", async () => {
    await setPlan({ mode: 'whole', whole_due: { kind: 'after_offer', days: 10 }, overdue_rule: 'close_and_mark' });
    const s = await offerHolder();
    const letter = await call<{ pay_by: string }>(t.app, 'POST', '/api/student/offer-letter', { token: s.token });
    expect(new Date(letter.body.data!.pay_by).getTime()).toBe(t.clock.now().getTime() + 10 * DAY);
    t.clock.advance(10 * DAY + 60_000);
    expect((await pay(s, 'tuition')).body).toMatchObject({ msg: MSG.PAY_OVERDUE });
    await call(t.app, 'PUT', `/api/admin/students/${s.accountId}/due-date`, { token: admin, body: { purpose: 'tuition', due_at: new Date(t.clock.now().getTime() + DAY).toISOString(), reason: '延期' } });
    expect((await pay(s, 'tuition')).body.data).toMatchObject({ purpose: 'tuition' });
  });
});

describe('reminders', () => {
  it('once per installment and reminder day, none after payment', async () => {
    await setPlan({ mode: 'whole', overdue_rule: 'remind_only' });
    const s = await offerHolder();
    const reminders = () => t.db.select().from(smsOutbox).where(like(smsOutbox.eventKey, `payment_due:${s.accountId}:%`));
    t.clock.advance(7 * DAY); // 7 days before the due date
    await run();
    await run();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.content).toContain('学费16800.00元');
    t.clock.advance(2 * DAY); // 5 days before: not in the schedule
    await run();
    expect(await reminders()).toHaveLength(1);
    t.clock.advance(2 * DAY); // 3 days before
    await run();
    expect(await reminders()).toHaveLength(2);
    const order = await pay(s, 'tuition');
    await pressSandbox(t.app, order.body.data!.id, 'confirm');
    t.clock.advance(2 * DAY); // 1 day before, but paid
    await run();
    expect(await reminders()).toHaveLength(2);
  });

  it('is a durable job at 09:00 Beijing that schedules its next run', async () => {
    expect(defaultJobRegistry.kinds()).toContain(PAYMENT_DUES_KIND);
    const now = new Date('2026-07-01T05:00:00Z');
    await schedulePaymentDues(t.db, now);
    expect(await findJobByKey(t.db, `${PAYMENT_DUES_KIND}@2026-07-02T01:00:00.000Z`)).not.toBeNull();
  });
});
