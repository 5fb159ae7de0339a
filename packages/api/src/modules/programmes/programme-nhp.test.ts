/**
 * The NHP partner channel end to end (decision 076): the app listens, PAYMENT_NHP=standin, a week-camp student
 * pays the deposit through the real NHP adapter; the stand-in's signed notification reaches our notify route
 * and marks the installment paid. Other programmes and the summer fees refuse NHP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type PaymentOrder, type ProgrammePortal } from '@summit/domain';
import { paymentOrders } from '../../db/schema-payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { freePort } from '../../test/free-port.ts';
import { payingStudent, profileOf } from '../payments/payment-test-kit.ts';
import { insertDecidedApplication, insertProgramme } from './programme-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ env: { PAYMENT_NHP: 'standin', PORT: String(port) } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

describe('NHP through the stand-in', () => {
  it('pays the H-week deposit and the final payment; the summer profile is untouched', async () => {
    const programmeId = await insertProgramme(t.db, 'hxweek', { name: 'H-week' });
    const s = await payingStudent(t, { offer: 1 });
    await insertDecidedApplication(t.db, programmeId, s.accountId, { at: t.clock.now() });

    for (const kind of ['deposit', 'final'] as const) {
      const res = await call<PaymentOrder>(t.app, 'POST', '/api/student/programmes/hxweek/payment', { token: s.token, body: { kind, provider: 'NHP', channel: 'web' } });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ status: 200, data: { purpose: `programme_${kind}`, pay: { kind: 'redirect' } } });
      const order = res.body.data!;
      expect(order.pay.kind === 'redirect' && order.pay.url).toMatch(new RegExp(`/__nhp/pay/${order.id}$`));
      // The payer confirms on NHP's page; NHP notifies us (signed) before the redirect back.
      const confirm = await fetch(`${(order.pay as { url: string }).url}/confirm`, { method: 'POST', redirect: 'manual' });
      expect(confirm.status).toBe(303);
      const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, order.id));
      expect(row).toMatchObject({ status: 'paid', gateway: 'nhp', provider: 'NHP', programmeId });
    }
    const portal = await call<ProgrammePortal>(t.app, 'GET', '/api/student/programmes/hxweek/portal', { token: s.token });
    expect(portal.body.data).toMatchObject({ fees: { paid_fen: 2_000_000 }, gates: { deposit: null }, next_kind: null });
    const profile = await profileOf(t.db, s.accountId);
    expect(profile.tuitionPaidAt).toBeNull();
  });

  it('is refused for other programmes, the application fee and the summer fees', async () => {
    const programmeId = await insertProgramme(t.db, 'sbp-nhp');
    const s = await payingStudent(t, { offer: 1 });
    await insertDecidedApplication(t.db, programmeId, s.accountId, { at: t.clock.now() });
    expect((await call(t.app, 'POST', '/api/student/programmes/sbp-nhp/payment', { token: s.token, body: { kind: 'deposit', provider: 'NHP', channel: 'web' } })).body.msg).toBe(MSG.PAY_NHP_UNSUPPORTED);
    expect((await call(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'NHP', channel: 'web' } })).body.msg).toBe(MSG.PAY_NHP_UNSUPPORTED);
  });

  it('rejects a forged notification at the notify route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/notify/nhp', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ notify_id: 'x', out_trade_no: 'SM1', event: 'TRADE_SUCCESS', sign: '0'.repeat(64) }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('fail');
  });
});
