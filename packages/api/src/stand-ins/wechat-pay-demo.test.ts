import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentOrder } from '@summit/domain';
import { paymentOrders } from '../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../test/flows.ts';
import { issuePayerTicket } from '../modules/wechat/payer-ticket.ts';
import { payingStudent, profileOf } from '../modules/payments/payment-test-kit.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

let t: TestApp;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: origin, PAYMENT_WECHAT: 'standin', WECHATPAY_APP_ID: 'wxdemo0000000001', DEMO_MODE: 'true' } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('demo mode PAYMENT_WECHAT=standin', () => {
  it('a student pays tuition by JSAPI through the real v3 gateway and the in-process stand-in', async () => {
    const s = await payingStudent(t, { offer: 1 });
    const wx_payer = await issuePayerTicket(t.app.ctx, { appId: 'wxdemo0000000001', openId: 'oDemoStudent' });
    const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_mp', wx_payer } });
    expect(res.body).toMatchObject({ status: 200, data: { pay: { kind: 'jsapi', params: { app_id: 'wxdemo0000000001', sign_type: 'RSA' } } } });
    const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, res.body.data!.id));
    expect(row).toMatchObject({ gateway: 'wechatpay', payKind: 'jsapi' });
    const standIn = t.app.payments.wechatStandIn!;
    expect(standIn.requests.at(-1)).toMatchObject({ path: '/__wechat/pay/v3/pay/transactions/jsapi', signatureValid: true });

    const p = (res.body.data!.pay as Extract<PaymentOrder['pay'], { kind: 'jsapi' }>).params;
    // What the page's simulated WeChat sheet sends on 确认支付.
    const confirm = await fetch(`${origin}/__wechat/pay/jsapi/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: p.app_id, timeStamp: p.time_stamp, nonceStr: p.nonce_str, package: p.package, signType: p.sign_type, paySign: p.pay_sign }),
    });
    expect(await confirm.json()).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    // The stand-in's signed, encrypted notification reached our notify route and was applied.
    const paid = await call(t.app, 'GET', `/api/student/payment/${res.body.data!.id}/is-paid`, { token: s.token });
    expect(paid.body.data).toEqual({ paid: true, status: 'paid', purpose_paid: true });
    expect((await profileOf(t.db, s.accountId)).tuitionPaidAt).not.toBeNull();
  });
});
