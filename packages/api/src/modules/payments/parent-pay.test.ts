import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PAYMENT_TIMING, type ParentLink, type PayFor, type PaymentOrder } from '@summit/domain';
import { parentPayLinks, paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, pressSandbox, profileOf } from './payment-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const makeLink = (token: string) => call<ParentLink>(t.app, 'POST', '/api/student/payment/parent-link', { token, body: { purpose: 'tuition' } });
const view = (linkToken: string) => call<PayFor>(t.app, 'GET', `/api/guest/payment/pay-for/${linkToken}`);
const payAsParent = (linkToken: string, body: Record<string, unknown>) => call<PaymentOrder>(t.app, 'POST', `/api/guest/payment/pay-for/${linkToken}`, { body });
const parentIsPaid = (linkToken: string) => call(t.app, 'GET', `/api/guest/payment/pay-for/${linkToken}/is-paid`);

describe('creating a parent pay link', () => {
  it('needs a complete profile and a released offer, like paying tuition', async () => {
    const incomplete = await payingStudent(t, { infoComplete: false, offer: 1 });
    expect((await makeLink(incomplete.token)).body.status).toBe('403-60');
    const noOffer = await payingStudent(t, { offer: 0 });
    expect((await makeLink(noOffer.token)).body.status).toBe('403-10');
    expect(await t.db.select().from(parentPayLinks).where(eq(parentPayLinks.accountId, noOffer.accountId))).toHaveLength(0);
  });

  it('is for tuition only', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await call(t.app, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'apply_fee' } });
    expect(res.body).toMatchObject({ status: 4003, data: { field: 'purpose' } });
  });

  it('answers a 256-bit token, the web path and a 7-day expiry; only the hash is stored', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await makeLink(s.token);
    expect(res.body.status).toBe(200);
    const link = res.body.data!;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.url).toBe(`/pay/admission-parent/${link.token}`);
    expect(new Date(link.expires_at).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 60 * 60_000);
    const rows = await t.db.select().from(parentPayLinks).where(eq(parentPayLinks.accountId, s.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });
});

describe('the parent, without an account', () => {
  it('sees the masked name, the programme and the amount; pays; the link then stops working', async () => {
    const s = await payingStudent(t, { offer: 1, name: '张小明' });
    const link = (await makeLink(s.token)).body.data!;
    expect((await view(link.token)).body).toMatchObject({
      status: 200,
      data: { student_name: '张*明', programme: 'Summit 高中生夏季学术项目', purpose: 'tuition', amount_fen: 1_680_000, currency: 'CNY', status: 'pending', expires_at: link.expires_at },
    });
    expect((await parentIsPaid(link.token)).body.data).toEqual({ paid: false, status: 'pending', purpose_paid: false });

    const order = await payAsParent(link.token, { provider: 'WX', channel: 'wechat_wap' });
    expect(order.body).toMatchObject({ status: 200, data: { purpose: 'tuition', amount_fen: 1_680_000, pay: { kind: 'redirect' } } });
    const payUrl = new URL((order.body.data!.pay as { url: string }).url);
    expect(payUrl.searchParams.get('return')).toBe(`/pay/admission-parent/${link.token}`);
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, order.body.data!.id));
    expect(row).toMatchObject({ accountId: s.accountId, payer: 'parent', purpose: 'tuition' });
    // Asking again reuses the parent's order.
    expect((await payAsParent(link.token, { provider: 'WX', channel: 'wechat_wap' })).body.data?.id).toBe(order.body.data!.id);

    await pressSandbox(t.app, order.body.data!.id, 'confirm');
    expect((await parentIsPaid(link.token)).body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).not.toBeNull();
    const status = await call<{ is_tuition_paid: boolean }>(t.app, 'GET', '/api/student/status', { token: s.token });
    expect(status.body.data?.is_tuition_paid).toBe(true);

    // The link no longer takes money but still says who paid and when (no phone: the parent paid).
    const paidAt = (await profileOf(t.db, s.accountId)).tuitionPaidAt!.toISOString();
    expect((await view(link.token)).body).toMatchObject({ status: 200, data: { status: 'paid', amount_fen: 1_680_000, paid_by: { payer: 'parent', paid_at: paidAt, phone: null } } });
    expect((await payAsParent(link.token, { provider: 'AL', channel: 'alipay_wap' })).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_PAID });
    expect((await makeLink(s.token)).body.status).toBe('402-2');
    const [stored] = await t.db.select().from(parentPayLinks).where(eq(parentPayLinks.accountId, s.accountId));
    expect(stored?.paidAt).not.toBeNull();
    expect(stored?.usedAt).not.toBeNull();
  });

  it("a parent's payment replaces the student's open tuition order, whose page then learns it is paid", async () => {
    const s = await payingStudent(t, { offer: 1 });
    const own = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'AL', channel: 'scan' } })).body.data!;
    const link = (await makeLink(s.token)).body.data!;
    const parents = (await payAsParent(link.token, { provider: 'WX', channel: 'wechat_scan' })).body.data!;
    expect(parents.id).not.toBe(own.id);
    await pressSandbox(t.app, parents.id, 'confirm');
    const polled = await call(t.app, 'GET', `/api/student/payment/${own.id}/is-paid`, { token: s.token });
    expect(polled.body.data).toEqual({ paid: false, status: 'closed', purpose_paid: true });
  });

  it('a link opened after the student paid says the student paid, when, with the phone masked', async () => {
    const s = await payingStudent(t, { offer: 1, name: '李小龙' });
    const link = (await makeLink(s.token)).body.data!;
    expect((await view(link.token)).body.data).toMatchObject({ status: 'pending', paid_by: null });
    const own = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } })).body.data!;
    await pressSandbox(t.app, own.id, 'confirm');
    const { accounts } = await import('../../db/schema.ts');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, s.accountId));
    const res = await view(link.token);
    expect(res.body.data).toMatchObject({ student_name: '李*龙', status: 'paid', paid_by: { payer: 'student', paid_at: (await profileOf(t.db, s.accountId)).tuitionPaidAt!.toISOString() } });
    const phone = res.body.data!.paid_by!.phone!;
    expect(phone).toBe(`${account!.phone.slice(0, 3)}****${account!.phone.slice(7)}`);
    expect(JSON.stringify(res.body)).not.toContain(account!.phone);
    expect((await payAsParent(link.token, { provider: 'WX', channel: 'wechat_wap' })).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_PAID });
  });

  it('a new link revokes the old one', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const first = (await makeLink(s.token)).body.data!;
    t.clock.advance(PAYMENT_TIMING.parentLinkRepeatMs);
    const second = (await makeLink(s.token)).body.data!;
    expect((await view(first.token)).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_INVALID });
    expect((await payAsParent(first.token, { provider: 'WX', channel: 'wechat_scan' })).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_INVALID });
    expect((await view(second.token)).body.status).toBe(200);
  });

  it('eight requests at once make one live link; the others are told it was just made (409) and the one handed out works', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const results = await Promise.all(Array.from({ length: 8 }, () => makeLink(s.token)));
    expect(results.every((r) => r.http < 500)).toBe(true);
    const made = results.filter((r) => r.body.status === 200);
    expect(made).toHaveLength(1);
    for (const r of results.filter((x) => x.body.status !== 200)) expect(r).toMatchObject({ http: 409, body: { status: 4001, msg: MSG.PAY_LINK_JUST_MADE } });
    const rows = await t.db.select().from(parentPayLinks).where(eq(parentPayLinks.accountId, s.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).toBeNull();
    expect((await view(made[0]!.body.data!.token)).body.status).toBe(200);
    // A press seconds later is refused the same way; once the moment has passed a new link replaces it.
    expect((await makeLink(s.token)).http).toBe(409);
    t.clock.advance(PAYMENT_TIMING.parentLinkRepeatMs);
    const next = await makeLink(s.token);
    expect(next.body.status).toBe(200);
    expect((await view(made[0]!.body.data!.token)).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_INVALID });
  });

  it('an expired link answers 支付链接已过期', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const link = (await makeLink(s.token)).body.data!;
    t.clock.advance(7 * 24 * 60 * 60_000 + 1000);
    expect((await view(link.token)).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_EXPIRED });
    expect((await payAsParent(link.token, { provider: 'WX', channel: 'wechat_scan' })).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_EXPIRED });
    expect((await parentIsPaid(link.token)).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_EXPIRED });
  });

  it('a withdrawn offer invalidates the link', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const link = (await makeLink(s.token)).body.data!;
    const { studentProfiles } = await import('../../db/schema.ts');
    await t.db.update(studentProfiles).set({ offerLetter: 0 }).where(eq(studentProfiles.accountId, s.accountId));
    expect((await view(link.token)).body).toMatchObject({ status: 4001, msg: MSG.PAY_LINK_INVALID });
  });

  it('an unknown token answers like a revoked one; a malformed one is a 4003', async () => {
    const unknown = await view('A'.repeat(43));
    expect(unknown).toMatchObject({ http: 400, body: { status: 4001, msg: MSG.PAY_LINK_INVALID } });
    const malformed = await view('short');
    expect(malformed.body).toMatchObject({ status: 4003, msg: MSG.PAY_LINK_INVALID, data: { field: 'token' } });
  });
});
