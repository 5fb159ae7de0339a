/**
 * Refunds through the API on the sandbox provider (decision 068): never more than paid (also when two admins
 * press at once), idempotent retries, a second admin above the threshold, the policy's deductions and deadline,
 * the sandbox's asynchronous result through the notify path, a replayed notification, the reconciler, and who
 * may see and do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { AdminRefund, AdminRefundList, RefundPolicyView, StudentMoney, StudentRefundList } from '@summit/domain';
import { REFUND_MSG } from '@summit/domain';
import { auditLog, smsOutbox } from '../../db/schema.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { paymentNotifications, paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, profileOf } from '../payments/payment-test-kit.ts';
import { staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import type { PaymentDeps } from '../payments/payment-events.service.ts';
import { buildSandboxRefundNotification, SANDBOX_SIGNATURE_HEADER, sandboxRefundId, signSandboxNotification } from '../../providers/payment/sandbox.provider.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';
import { reconcileRefunds } from './refund-reconciler.ts';
import { paidOrder, requestRefund } from './refund-test-kit.ts';

let t: TestApp;
let adminA: Staff;
let adminB: Staff;
let deps: PaymentDeps;
const silent = { error: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  adminA = await staffOfType(t, 9, '管理员甲');
  adminB = await staffOfType(t, 9, '管理员乙');
  deps = { ctx: t.app.ctx, gateways: t.app.payments, log: t.app.log };
});
afterAll(async () => {
  await t.close();
});

async function setPolicy(body: { deadline?: string | null; deductions: Array<{ label: string; fen: number }>; approval_threshold_fen: number }) {
  const res = await call<RefundPolicyView>(t.app, 'PUT', '/api/admin/settings/refund-policy', { token: adminA.token, body });
  expect(res.body.status, res.body.msg).toBe(200);
  return res.body.data!;
}

const refundRow = async (refundNo: string) => (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;

/** Lets the job runner deliver the sandbox's refund results that are due. */
async function runSandboxJobs() {
  t.clock.advance(5_000);
  await new JobRunner({ ctx: t.app.ctx, log: silent }).tick();
}

const NO_LIMIT = { deadline: null, deductions: [], approval_threshold_fen: 100_000_000 };

describe('never more than paid', () => {
  it('refuses an amount above what the order paid, naming the field, and writes nothing', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_000_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1_000_001, reason: '超额测试' });
    expect(res.body.status).toBe(4003);
    expect(res.body.data?.field).toBe('amount_fen');
    expect(res.body.msg).toContain(REFUND_MSG.OVER_REFUNDABLE);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(0);
  });

  it('two refunds racing never exceed the paid amount', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_000_000 });
    const body = (i: number) => ({ order_id: order.orderNo, amount_fen: 600_000, reason: `并发退款${i}` });
    const results = await Promise.all([requestRefund(t.app, adminA.token, s.accountId, body(1)), requestRefund(t.app, adminB.token, s.accountId, body(2))]);
    expect(results.map((r) => r.body.status).sort()).toEqual([200, 4003]);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows.reduce((sum, r) => sum + r.amountFen, 0)).toBeLessThanOrEqual(1_000_000);
    // What is left can still go back, exactly up to the paid amount.
    const rest = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 400_000, reason: '剩余部分' });
    expect(rest.body.status, rest.body.msg).toBe(200);
    const more = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1, reason: '再退一分' });
    expect(more.body.status).not.toBe(200);
  });

  it('refuses an order that is not paid', async () => {
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 50_000 });
    await t.db.update(paymentOrders).set({ status: 'closed' }).where(eq(paymentOrders.id, order.id));
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 100, reason: '未支付订单' });
    expect(res.body).toMatchObject({ status: 4001, msg: REFUND_MSG.ORDER_NOT_REFUNDABLE });
  });
});

describe('idempotent retries', () => {
  it('the same Idempotency-Key (header or body) answers the same refund; a different refund under it is refused', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 800_000 });
    const body = { order_id: order.orderNo, amount_fen: 100_000, reason: '重复提交测试' };
    const first = await requestRefund(t.app, adminA.token, s.accountId, body, 'retry-key-0001');
    const again = await requestRefund(t.app, adminA.token, s.accountId, body, 'retry-key-0001');
    expect(first.body.status).toBe(200);
    expect(again.body.data?.refund_no).toBe(first.body.data?.refund_no);
    const viaBody = await requestRefund(t.app, adminA.token, s.accountId, { ...body, idempotency_key: 'retry-key-0001' });
    expect(viaBody.body.data?.refund_no).toBe(first.body.data?.refund_no);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(1);
    const other = await requestRefund(t.app, adminA.token, s.accountId, { ...body, amount_fen: 200_000 }, 'retry-key-0001');
    expect(other.body).toMatchObject({ status: 4001, msg: REFUND_MSG.IDEMPOTENCY_CONFLICT });
    const bad = await requestRefund(t.app, adminA.token, s.accountId, body, 'no');
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'Idempotency-Key' } });
  });

  it('two retries racing with one key make one refund', async () => {
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 800_000 });
    const body = { order_id: order.orderNo, amount_fen: 100_000, reason: '并发重试' };
    const [a, b] = await Promise.all([requestRefund(t.app, adminA.token, s.accountId, body, 'race-key-0002'), requestRefund(t.app, adminA.token, s.accountId, body, 'race-key-0002')]);
    expect(a.body.status).toBe(200);
    expect(b.body.data?.refund_no).toBe(a.body.data?.refund_no);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id))).toHaveLength(1);
  });
});

describe('the sandbox answers later, through the notify path', () => {
  it('processing, then the signed notification makes it succeeded; a partial refund leaves the order paid', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000, payer: 'parent' });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 200_000, reason: '部分退款' });
    expect(res.body.data).toMatchObject({ status: 'processing', payer: 'parent', amount_fen: 200_000 });
    expect((await refundRow(res.body.data!.refund_no)).submittedAt).toBeInstanceOf(Date);
    await runSandboxJobs();
    const after = await refundRow(res.body.data!.refund_no);
    expect(after.status).toBe('succeeded');
    expect(after.providerRefundNo).toBe(sandboxRefundId(after.refundNo));
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refundedFen: 200_000 });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).toBeInstanceOf(Date);
    const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.eventKey, `refund_succeeded:${after.id}`));
    expect(sms[0]?.content).toContain('2000.00元');
  });

  it('a full refund turns the order refunded and the tuition unpaid; the offer stays', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1_680_000, reason: '全额退款' });
    expect(res.body.status, res.body.msg).toBe(200);
    await runSandboxJobs();
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refundedFen: 1_680_000 });
    const profile = await profileOf(t.db, s.accountId);
    expect(profile.tuitionPaidAt).toBeNull();
    expect(profile.offerLetter).toBe(1);
  });

  it('a replayed refund notification changes nothing', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 500_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 300_000, reason: '重放测试' });
    const refundNo = res.body.data!.refund_no;
    const now = t.clock.now();
    const body = JSON.stringify(buildSandboxRefundNotification({ orderNo: order.orderNo, refundNo, refundFen: 300_000, result: 'succeeded', refundId: sandboxRefundId(refundNo), at: now }));
    const signature = signSandboxNotification(await getSandboxSecret(t.app.ctx), body, now);
    const post = () => t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }, payload: body });
    expect((await post()).statusCode).toBe(200);
    const once = { refund: await refundRow(refundNo), order: await orderRow(order.id) };
    expect(once.refund.status).toBe('succeeded');
    expect(once.order.refundedFen).toBe(300_000);
    expect((await post()).statusCode).toBe(200);
    expect(await refundRow(refundNo)).toEqual(once.refund);
    expect(await orderRow(order.id)).toEqual(once.order);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.succeeded'), eq(auditLog.entityId, refundNo)));
    expect(audits).toHaveLength(1);
    const notes = await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, order.orderNo));
    expect(notes).toHaveLength(1);
    // The scheduled sandbox delivery arrives too (another notification id): still nothing more.
    await runSandboxJobs();
    expect(await orderRow(order.id)).toEqual(once.order);
  });

  it('a forged refund notification is refused and recorded as such', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t.clock.now().getTime()},v1=${'0'.repeat(64)}` },
      payload: JSON.stringify({ type: 'refund', notification_id: 'x', order_no: 'x', refund_no: 'x', result: 'succeeded', refund_fen: 1, refund_id: '', occurred_at: t.clock.now().toISOString() }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('the reconciler resolves a refund left processing', async () => {
    await setPolicy(NO_LIMIT);
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 500_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 100_000, reason: '通知丢失' });
    const refundNo = res.body.data!.refund_no;
    // The sandbox's notification is lost: its job is gone.
    await t.db.delete(jobs).where(eq(jobs.key, `sandbox-refund-result:${refundNo}`));
    expect((await reconcileRefunds(deps)).checked).toBe(0); // not yet stale
    t.clock.advance(6 * 60_000);
    const report = await reconcileRefunds(deps);
    expect(report.succeeded).toBeGreaterThanOrEqual(1);
    expect(await refundRow(refundNo)).toMatchObject({ status: 'succeeded' });
    expect((await orderRow(order.id)).refundedFen).toBe(100_000);
  });
});

describe('a second admin above the threshold', () => {
  it('waits for another admin: the requester may not approve; the other may; rejecting ends it', async () => {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 100_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_000_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 150_000, reason: '大额退款' });
    expect(res.body).toMatchObject({ status: 200, msg: REFUND_MSG.WAITING_APPROVAL, data: { status: 'requested', approval_required: true } });
    const refundNo = res.body.data!.refund_no;
    // Waiting money still counts against the order.
    const money = await call<StudentMoney>(t.app, 'GET', `/api/admin/students/${s.accountId}/refunds`, { token: adminB.token });
    expect(money.body.data?.orders[0]?.suggestion?.refundable_fen).toBe(850_000);
    expect(money.body.data?.can_approve).toBe(true);

    const self = await call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${refundNo}/approve`, { token: adminA.token });
    expect(self.http).toBe(403);
    expect(self.body.msg).toBe(REFUND_MSG.SAME_ADMIN);
    expect((await refundRow(refundNo)).status).toBe('requested');

    const ok = await call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${refundNo}/approve`, { token: adminB.token });
    expect(ok.body.data).toMatchObject({ status: 'processing', approved_by: adminB.id, requested_by: adminA.id });
    const twice = await call(t.app, 'POST', `/api/admin/refunds/${refundNo}/approve`, { token: adminB.token });
    expect(twice).toMatchObject({ http: 409, body: { status: 4004, msg: REFUND_MSG.APPROVED_BY_YOU } });
    await runSandboxJobs();
    expect((await refundRow(refundNo)).status).toBe('succeeded');
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.approve'), eq(auditLog.entityId, refundNo)));
    expect(audit[0]?.actorId).toBe(adminB.id);

    const second = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 120_000, reason: '再次大额' });
    const rejected = await call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${second.body.data!.refund_no}/reject`, { token: adminB.token, body: { reason: '不符合政策' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    // A rejected request no longer holds money: the whole rest is refundable again.
    const after = await call<StudentMoney>(t.app, 'GET', `/api/admin/students/${s.accountId}/refunds`, { token: adminA.token });
    expect(after.body.data?.orders[0]?.suggestion?.refundable_fen).toBe(850_000);
  });

  it('at or below the threshold it is sent at once', async () => {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 100_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_000_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 100_000, reason: '小额退款' });
    expect(res.body.data).toMatchObject({ status: 'processing', approval_required: false });
  });

  it('an order charged in another currency always needs a second admin: its amount is not compared with the yuan threshold', async () => {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 100_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 50_000 });
    await t.db.update(paymentOrders).set({ currency: 'USD' }).where(eq(paymentOrders.id, order.id));
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1_000, reason: '美元订单退款' });
    expect(res.body.data).toMatchObject({ status: 'requested', approval_required: true, currency: 'USD' });
  });

  it("counts the order's total: refunds at the threshold one after another need a second admin from the second on", async () => {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 500_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000 });
    const ask = (i: number) => requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 500_000, reason: `拆分退款${i}` });
    const first = await ask(1);
    expect(first.body).toMatchObject({ status: 200, msg: REFUND_MSG.REQUESTED, data: { status: 'processing', approval_required: false } });
    const second = await ask(2);
    expect(second.body).toMatchObject({ status: 200, msg: REFUND_MSG.WAITING_APPROVAL, data: { status: 'requested', approval_required: true } });
    // A request waiting for approval counts too.
    const third = await ask(3);
    expect(third.body.data).toMatchObject({ status: 'requested', approval_required: true });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.request'), eq(auditLog.entityId, third.body.data!.refund_no)));
    expect(audit[0]?.after).toMatchObject({ amount_fen: 500_000, order_total_fen: 1_500_000, approval_required: true });
    // Rejected and failed refunds took nothing back: they no longer count.
    await call(t.app, 'POST', `/api/admin/refunds/${second.body.data!.refund_no}/reject`, { token: adminB.token, body: { reason: '拆分' } });
    await call(t.app, 'POST', `/api/admin/refunds/${third.body.data!.refund_no}/reject`, { token: adminB.token, body: { reason: '拆分' } });
    const small = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1, reason: '一分钱' });
    expect(small.body.data).toMatchObject({ approval_required: true }); // 500,000 succeeded or processing + 1 > 500,000
    await setPolicy(NO_LIMIT);
  });

  it('eight requests at the threshold at once: exactly one goes out without a second admin, none over the paid amount, no 5xx', async () => {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 500_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => requestRefund(t.app, i % 2 ? adminA.token : adminB.token, s.accountId, { order_id: order.orderNo, amount_fen: 500_000, reason: `并发拆分${i}` })),
    );
    expect(results.every((r) => r.http < 500)).toBe(true);
    const ok = results.filter((r) => r.body.status === 200);
    expect(ok).toHaveLength(3); // 3 × 500,000 ≤ 1,680,000 < 4 × 500,000
    expect(results.filter((r) => r.body.status === 4003).every((r) => r.body.data?.field === 'amount_fen')).toBe(true);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, order.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => !r.approvalRequired)).toHaveLength(1);
    await setPolicy(NO_LIMIT);
  });
});

describe('a decision is taken once', () => {
  async function waitingRefund() {
    await setPolicy({ deadline: null, deductions: [], approval_threshold_fen: 100_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_000_000 });
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 300_000, reason: '待审批' });
    expect(res.body.data?.status).toBe('requested');
    return res.body.data!.refund_no;
  }
  const decisions = async (refundNo: string) => t.db.select().from(auditLog).where(and(eq(auditLog.entityId, refundNo), inArray(auditLog.action, ['refund.approve', 'refund.reject'])));

  it('eight approvals at once: one 200, one audit row, the others a 4004 (HTTP 409) saying it was approved', async () => {
    const refundNo = await waitingRefund();
    const adminC = await staffOfType(t, 9, '管理员丙');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${refundNo}/approve`, { token: i % 2 ? adminB.token : adminC.token })),
    );
    expect(results.every((r) => r.http < 500)).toBe(true);
    const winners = results.filter((r) => r.body.status === 200);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.body.data!.approved_by;
    for (const r of results.filter((x) => x.body.status !== 200)) {
      expect(r.http).toBe(409);
      expect(r.body.status).toBe(4004);
      // Which words depends on who won: the winner's own second click, or another admin.
      expect([REFUND_MSG.APPROVED_BY_YOU, REFUND_MSG.APPROVED_BY_OTHER]).toContain(r.body.msg);
    }
    expect(await decisions(refundNo)).toHaveLength(1);
    expect(await refundRow(refundNo)).toMatchObject({ status: 'processing', approvedBy: winner });
  });

  it('approvals racing rejections: one wins; the losers are told what won, never that money went out when it did not', async () => {
    const refundNo = await waitingRefund();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${refundNo}/approve`, { token: adminB.token }).then((r) => ({ kind: 'approve' as const, ...r }))
          : call<AdminRefund>(t.app, 'POST', `/api/admin/refunds/${refundNo}/reject`, { token: adminB.token, body: { reason: '并发驳回' } }).then((r) => ({ kind: 'reject' as const, ...r })),
      ),
    );
    expect(results.every((r) => r.http < 500)).toBe(true);
    const winners = results.filter((r) => r.body.status === 200);
    expect(winners).toHaveLength(1);
    const won = winners[0]!.kind;
    const row = await refundRow(refundNo);
    expect(row.status).toBe(won === 'approve' ? 'processing' : 'rejected');
    const lostMsg = won === 'approve' ? REFUND_MSG.APPROVED_BY_YOU : REFUND_MSG.REJECTED_BY_YOU;
    for (const r of results.filter((x) => x.body.status !== 200)) expect(r).toMatchObject({ http: 409, body: { status: 4004, msg: lostMsg } });
    const audit = await decisions(refundNo);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe(won === 'approve' ? 'refund.approve' : 'refund.reject');
  });

  it('an approval after another admin rejected is told so (and the other way round)', async () => {
    const adminC = await staffOfType(t, 9, '管理员丁');
    const rejectedNo = await waitingRefund();
    expect((await call(t.app, 'POST', `/api/admin/refunds/${rejectedNo}/reject`, { token: adminB.token, body: {} })).body.status).toBe(200);
    const late = await call(t.app, 'POST', `/api/admin/refunds/${rejectedNo}/approve`, { token: adminC.token });
    expect(late).toMatchObject({ http: 409, body: { status: 4004, msg: REFUND_MSG.REJECTED_BY_OTHER } });
    expect((await refundRow(rejectedNo)).status).toBe('rejected');

    const approvedNo = await waitingRefund();
    expect((await call(t.app, 'POST', `/api/admin/refunds/${approvedNo}/approve`, { token: adminB.token })).body.status).toBe(200);
    const lateReject = await call(t.app, 'POST', `/api/admin/refunds/${approvedNo}/reject`, { token: adminC.token, body: {} });
    expect(lateReject).toMatchObject({ http: 409, body: { status: 4004, msg: REFUND_MSG.APPROVED_BY_OTHER } });
    expect((await refundRow(approvedNo)).status).not.toBe('rejected');
    await setPolicy(NO_LIMIT);
  });
});

describe('the refund policy', () => {
  it('deducts the fixed lines from what may go back, and the form sees the suggestion', async () => {
    await setPolicy({ deadline: null, deductions: [{ label: '线上转换差额', fen: 200_000 }], approval_threshold_fen: 100_000_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 1_680_000 });
    const money = await call<StudentMoney>(t.app, 'GET', `/api/admin/students/${s.accountId}/refunds`, { token: adminA.token });
    const suggestion = money.body.data!.orders.find((o) => o.order_no === order.orderNo)!.suggestion!;
    expect(suggestion).toMatchObject({ paid_fen: 1_680_000, deductions_fen: 200_000, suggested_fen: 1_480_000, refundable_fen: 1_680_000 });
    expect(suggestion.lines).toContainEqual({ label: '扣除：线上转换差额', fen: -200_000 });
    const full = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1_680_000, reason: '全额' });
    expect(full.body.data?.field).toBe('amount_fen');
    const lowered = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 1_000_000, reason: '降低金额' });
    expect(lowered.body.status).toBe(200);
    expect(lowered.body.data?.policy_lines).toContainEqual({ label: '扣除：线上转换差额', fen: -200_000 });
    // The deduction is taken once: the rest is 1,480,000 − 1,000,000.
    const rest = await call<StudentMoney>(t.app, 'GET', `/api/admin/students/${s.accountId}/refunds`, { token: adminA.token });
    expect(rest.body.data!.orders.find((o) => o.order_no === order.orderNo)!.suggestion!.suggested_fen).toBe(480_000);
  });

  it('is edited with an audit row and validated', async () => {
    const saved = await setPolicy({ deadline: '2026-08-03T23:59:00+08:00', deductions: [{ label: '线上转换差额', fen: 200_000 }], approval_threshold_fen: 300_000 });
    expect(saved).toMatchObject({ deadline: '2026-08-03T15:59:00.000Z', approval_threshold_fen: 300_000, updated_by: adminA.id });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.refund_policy.update')).orderBy(auditLog.id);
    expect(rows.at(-1)?.after).toMatchObject({ approval_threshold_fen: 300_000 });
    const bad = await call(t.app, 'PUT', '/api/admin/settings/refund-policy', { token: adminA.token, body: { deductions: [{ label: '', fen: -1 }], approval_threshold_fen: 1 } });
    expect(bad.body.status).toBe(4003);
    await setPolicy(NO_LIMIT);
  });

  it('after the deadline only an admin holding money.refund_approve refunds (administrators do)', async () => {
    await setPolicy({ deadline: new Date(t.clock.now().getTime() - 60_000).toISOString(), deductions: [], approval_threshold_fen: 100_000_000 });
    const s = await payingStudent(t);
    const order = await paidOrder(t.db, s.accountId, { amountFen: 100_000 });
    const money = await call<StudentMoney>(t.app, 'GET', `/api/admin/students/${s.accountId}/refunds`, { token: adminA.token });
    expect(money.body.data?.orders[0]?.suggestion?.after_deadline).toBe(true);
    const res = await requestRefund(t.app, adminA.token, s.accountId, { order_id: order.orderNo, amount_fen: 100_000, reason: '截止后特批' });
    expect(res.body.status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.request'), eq(auditLog.entityId, res.body.data!.refund_no)));
    expect(audit[0]?.after).toMatchObject({ after_deadline: true, reason: '截止后特批' });
    await setPolicy(NO_LIMIT);
  });
});

describe('who sees and does what', () => {
  it('a student sees only their own refunds, without rejected requests', async () => {
    await setPolicy(NO_LIMIT);
    const a = await payingStudent(t);
    const b = await payingStudent(t);
    const oa = await paidOrder(t.db, a.accountId, { amountFen: 300_000 });
    const ob = await paidOrder(t.db, b.accountId, { amountFen: 300_000 });
    await requestRefund(t.app, adminA.token, a.accountId, { order_id: oa.orderNo, amount_fen: 10_000, reason: '学生甲' });
    await requestRefund(t.app, adminA.token, b.accountId, { order_id: ob.orderNo, amount_fen: 20_000, reason: '学生乙' });
    const mine = await call<StudentRefundList>(t.app, 'GET', '/api/student/refunds', { token: a.token });
    expect(mine.body.data?.list.map((r) => r.amount_fen)).toEqual([10_000]);
    expect(JSON.stringify(mine.body.data)).not.toContain('学生甲'); // the admin's reason stays with the staff
  });

  it('an order of another student is not found under this student; staff without money permissions and students are refused', async () => {
    const a = await payingStudent(t);
    const b = await payingStudent(t);
    const ob = await paidOrder(t.db, b.accountId, { amountFen: 300_000 });
    const cross = await requestRefund(t.app, adminA.token, a.accountId, { order_id: ob.orderNo, amount_fen: 1_000, reason: '串单' });
    expect(cross.http).toBe(404);
    const staff = await staffOfType(t, 4, '工作人员');
    const denied = await requestRefund(t.app, staff.token, b.accountId, { order_id: ob.orderNo, amount_fen: 1_000, reason: '无权限' });
    expect(denied.http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/refunds', { token: staff.token })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/refunds', { token: b.token })).http).not.toBe(200);
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, ob.id))).toHaveLength(0);
  });

  it('the admin list filters by status', async () => {
    const list = await call<AdminRefundList>(t.app, 'GET', '/api/admin/refunds?status=succeeded', { token: adminA.token });
    expect(list.body.data!.total).toBeGreaterThan(0);
    expect(list.body.data!.list.every((r) => r.status === 'succeeded')).toBe(true);
    const bad = await call(t.app, 'GET', '/api/admin/refunds?status=nope', { token: adminA.token });
    expect(bad.body.status).toBe(4003);
  });
});
