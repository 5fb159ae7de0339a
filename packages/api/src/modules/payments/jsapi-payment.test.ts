import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type ParentLink, type PaymentOrder } from '@summit/domain';
import { paymentOrders } from '../../db/schema-payments.ts';
import { sandboxJsapiSign } from '../../providers/payment/sandbox.provider.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';
import { issuePayerTicket } from '../wechat/payer-ticket.ts';
import { payingStudent, pressSandbox, profileOf } from './payment-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const APP_ID = 'wx8888888888888888';
const ticketFor = (openId: string, appId = APP_ID) => issuePayerTicket(t.app.ctx, { appId, openId });
const payTuition = (token: string, body: Record<string, unknown>) =>
  call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_mp', ...body } });

type JsapiPay = Extract<PaymentOrder['pay'], { kind: 'jsapi' }>;

describe('JSAPI inside WeChat, in the sandbox', () => {
  it('a student with a payer ticket gets signed getBrandWCPayRequest parameters, pays, and the tuition turns paid', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await payTuition(s.token, { wx_payer: await ticketFor('oStudent0001') });
    expect(res.body).toMatchObject({ status: 200, data: { purpose: 'tuition', pay: { kind: 'jsapi' } } });
    const order = res.body.data!;
    const params = (order.pay as JsapiPay).params;
    expect(params).toMatchObject({ app_id: APP_ID, package: `prepay_id=sandbox_${order.id}`, sign_type: 'RSA' });
    expect(params.time_stamp).toMatch(/^\d{10}$/);
    // The signature is over appId, timeStamp, nonceStr and package, as WeChat's bridge checks it.
    const secret = await getSandboxSecret(t.app.ctx);
    expect(params.pay_sign).toBe(sandboxJsapiSign(secret, { appId: params.app_id, timeStamp: params.time_stamp, nonceStr: params.nonce_str, package: params.package }));
    expect(params.pay_sign).not.toBe(sandboxJsapiSign(secret, { appId: params.app_id, timeStamp: params.time_stamp, nonceStr: params.nonce_str, package: 'prepay_id=other' }));

    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, order.id));
    expect(row).toMatchObject({ payKind: 'jsapi', channel: 'wechat_mp', payUrl: params.package, payParams: { payerOpenId: 'oStudent0001', payerAppId: APP_ID } });

    // Asking again (a double tap) answers the very same parameters.
    const again = await payTuition(s.token, { wx_payer: await ticketFor('oStudent0001') });
    expect(again.body.data).toEqual(order);

    expect((await pressSandbox(t.app, order.id, 'confirm')).body).toMatchObject({ status: 200, data: { status: 'paid' } });
    const paid = await call(t.app, 'GET', `/api/student/payment/${order.id}/is-paid`, { token: s.token });
    expect(paid.body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).not.toBeNull();
  });

  it('without a ticket, or with a forged or expired one, asks the payer to authorise and makes no order', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const good = await ticketFor('oStudent0002');
    const forged = good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const body of [{}, { wx_payer: '' }, { wx_payer: forged }, { wx_payer: 'v1.x.y.1.z' }]) {
      const res = await payTuition(s.token, body);
      expect(res.body).toMatchObject({ status: 4003, msg: MSG.PAY_WX_PAYER_REQUIRED, data: { field: 'wx_payer' } });
    }
    const expired = await ticketFor('oStudent0002');
    t.clock.advance(25 * 60 * 60_000);
    try {
      expect((await payTuition(s.token, { wx_payer: expired })).body).toMatchObject({ status: 4003, msg: MSG.PAY_WX_PAYER_REQUIRED });
    } finally {
      t.clock.advance(-25 * 60 * 60_000);
    }
    expect(await t.db.select().from(paymentOrders).where(eq(paymentOrders.accountId, s.accountId))).toHaveLength(0);
    // Other channels do not need it.
    expect((await payTuition(s.token, { channel: 'wechat_scan' })).body).toMatchObject({ status: 200, data: { pay: { kind: 'qr' } } });
  });

  it('another WeChat user gets an order of their own: a prepay id is bound to one open id', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const first = (await payTuition(s.token, { wx_payer: await ticketFor('oPayerA') })).body.data!;
    const second = (await payTuition(s.token, { wx_payer: await ticketFor('oPayerB') })).body.data!;
    expect(second.id).not.toBe(first.id);
    const rows = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, first.id));
    expect(rows[0]?.status).toBe('closed');
  });

  it('a parent pays through the link with JSAPI', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const link = (await call<ParentLink>(t.app, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'tuition' } })).body.data!;
    const path = `/api/guest/payment/pay-for/${link.token}`;
    const refused = await call(t.app, 'POST', path, { body: { provider: 'WX', channel: 'wechat_mp' } });
    expect(refused.body).toMatchObject({ status: 4003, msg: MSG.PAY_WX_PAYER_REQUIRED });
    const res = await call<PaymentOrder>(t.app, 'POST', path, { body: { provider: 'WX', channel: 'wechat_mp', wx_payer: await ticketFor('oParent0001') } });
    expect(res.body).toMatchObject({ status: 200, data: { pay: { kind: 'jsapi', params: { app_id: APP_ID } } } });
    const orderNo = res.body.data!.id;
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
    expect(row).toMatchObject({ payer: 'parent', payParams: { payerOpenId: 'oParent0001' } });
    await pressSandbox(t.app, orderNo, 'confirm');
    expect((await call(t.app, 'GET', `${path}/is-paid`)).body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });
  });

  it('Alipay has no JSAPI channel', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const res = await call(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'AL', channel: 'wechat_mp', wx_payer: await ticketFor('o1') } });
    expect(res.body).toMatchObject({ status: 4003, msg: MSG.PAY_METHOD_UNSUPPORTED });
  });
});
