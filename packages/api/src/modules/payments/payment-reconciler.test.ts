import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, type PaymentOrder } from '@summit/domain';
import type { Database } from '../../db/client.ts';
import { paymentNotifications, paymentOrders } from '../../db/schema-payments.ts';
import { loadEnv } from '../../env.ts';
import { buildApp } from '../../app/app.ts';
import { gatewaysOf } from '../../providers/payment/create-payment-gateways.ts';
import { PaymentGatewayError, type CreateProviderOrder, type PaymentGateway, type ProviderOrderState } from '../../providers/payment/payment-provider.ts';
import { createClock, createTestDatabase, type TestClock } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import type { PaymentDeps } from './payment-events.service.ts';
import { closeExpiredOrders, reconcilePendingOrders, runReconcilerExclusively } from './payment-reconciler.ts';
import { payingStudent, profileOf } from './payment-test-kit.ts';

/** A provider whose answers the test decides, standing in for WeChat Pay. */
class FakeGateway implements PaymentGateway {
  readonly id = 'wechatpay' as const;
  states = new Map<string, ProviderOrderState>();
  closed: string[] = [];
  failCreate = false;
  failClose = false;
  queryDelayMs = 0;
  queries = 0;

  async createOrder(order: CreateProviderOrder) {
    if (this.failCreate) throw new PaymentGatewayError('provider down');
    return { kind: 'qr' as const, codeUrl: `weixin://wxpay/bizpayurl?pr=${order.orderNo}` };
  }
  async parseNotification(): Promise<never> {
    throw new Error('not used');
  }
  async queryOrder(orderNo: string) {
    this.queries++;
    if (this.queryDelayMs) await new Promise((r) => setTimeout(r, this.queryDelayMs));
    return this.states.get(orderNo) ?? { status: 'pending' as const };
  }
  async closeOrder(orderNo: string) {
    if (this.failClose) throw new PaymentGatewayError('close refused');
    this.closed.push(orderNo);
  }
  reply(accepted: boolean) {
    return { httpStatus: accepted ? 200 : 400, contentType: 'application/json', body: '{}' };
  }
  async refund(): Promise<never> {
    throw new Error('not used');
  }
  async queryRefund(): Promise<never> {
    throw new Error('not used');
  }
  async fetchBill(): Promise<never> {
    throw new Error('not used');
  }
}

let database: Database;
let app: FastifyInstance;
let clock: TestClock;
let fake: FakeGateway;
let deps: PaymentDeps;
const t = () => ({ app, db: database.db });

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createClock();
  fake = new FakeGateway();
  const env = loadEnv({ ...process.env, DEMO_MODE: 'true', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '8192', RATE_LIMIT_PER_MINUTE: '100000' });
  app = await buildApp({ env, db: database.db, now: clock.now, logger: false, payments: gatewaysOf({ WX: fake }) });
  await app.ready();
  deps = { ctx: app.ctx, gateways: app.payments, log: app.log };
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function openOrder() {
  const s = await payingStudent(t());
  const res = await call<PaymentOrder>(app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
  expect(res.body.status).toBe(200);
  return { ...s, order: res.body.data! };
}
const row = async (orderNo: string) => (await database.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]!;
const paidState = (amountFen = 50_000): ProviderOrderState => ({ status: 'paid', amountFen, currency: 'CNY', providerTradeNo: '4200001234', paidAt: new Date(clock.now().getTime() - 30_000) });

describe('reconcilePendingOrders', () => {
  it('leaves orders younger than 2 minutes alone, then applies what the provider says', async () => {
    const { order, accountId } = await openOrder();
    expect(order.pay).toEqual({ kind: 'qr', code_url: `weixin://wxpay/bizpayurl?pr=${order.id}` });
    fake.states.set(order.id, paidState());
    clock.advance(60_000);
    expect((await reconcilePendingOrders(deps)).checked).toBe(0);
    expect(await row(order.id)).toMatchObject({ status: 'pending' });

    clock.advance(90_000);
    const report = await reconcilePendingOrders(deps);
    expect(report).toMatchObject({ paid: 1, failed: 0 });
    expect(await row(order.id)).toMatchObject({ status: 'paid', providerTradeNo: '4200001234' });
    expect((await profileOf(database.db, accountId)).applyPaidAt?.toISOString()).toBe((fake.states.get(order.id) as { paidAt: Date }).paidAt.toISOString());
    // Nothing pending any more: the next run does not ask again.
    const queries = fake.queries;
    await reconcilePendingOrders(deps);
    expect(fake.queries).toBe(queries);
  });

  it('a provider that still says "not paid" changes nothing; a late notification after reconciling is a no-op', async () => {
    const { order } = await openOrder();
    clock.advance(3 * 60_000);
    await reconcilePendingOrders(deps);
    expect(await row(order.id)).toMatchObject({ status: 'pending' });
    fake.states.set(order.id, paidState());
    await reconcilePendingOrders(deps);
    const notes = await database.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, order.id));
    expect(notes.map((n) => n.outcome)).toEqual(['applied']);
  });

  it('a paid answer with another amount is not applied', async () => {
    const { order, accountId } = await openOrder();
    fake.states.set(order.id, paidState(1));
    clock.advance(3 * 60_000);
    await reconcilePendingOrders(deps);
    expect(await row(order.id)).toMatchObject({ status: 'pending' });
    expect((await profileOf(database.db, accountId)).applyPaidAt).toBeNull();
    fake.states.delete(order.id);
  });

  it('a provider that cannot be reached is counted and retried next time', async () => {
    const { order } = await openOrder();
    clock.advance(3 * 60_000);
    const original = fake.queryOrder.bind(fake);
    fake.queryOrder = async () => {
      throw new PaymentGatewayError('timeout');
    };
    try {
      expect((await reconcilePendingOrders(deps)).failed).toBeGreaterThanOrEqual(1);
    } finally {
      fake.queryOrder = original;
    }
    fake.states.set(order.id, paidState());
    await reconcilePendingOrders(deps);
    expect(await row(order.id)).toMatchObject({ status: 'paid' });
  });
});

describe('closeExpiredOrders', () => {
  it('closes expired orders at the provider and here; a refused close leaves the order for the next run', async () => {
    const { order } = await openOrder();
    clock.advance(2 * 60 * 60_000 + 1000);
    fake.failClose = true;
    const refused = await closeExpiredOrders(deps);
    expect(refused.failed).toBeGreaterThanOrEqual(1);
    expect(await row(order.id)).toMatchObject({ status: 'pending' });
    fake.failClose = false;
    await closeExpiredOrders(deps);
    expect(fake.closed).toContain(order.id);
    expect(await row(order.id)).toMatchObject({ status: 'closed' });
  });

  it('an expired order the payer paid at the last moment becomes paid, not closed', async () => {
    const { order } = await openOrder();
    fake.states.set(order.id, paidState());
    clock.advance(2 * 60 * 60_000 + 1000);
    const report = await closeExpiredOrders(deps);
    expect(report.paid).toBe(1);
    expect(await row(order.id)).toMatchObject({ status: 'paid' });
    expect(fake.closed).not.toContain(order.id);
  });
});

describe('orders and a provider', () => {
  it('a provider that refuses to create the order → 支付服务暂时不可用, and the order is closed', async () => {
    const s = await payingStudent(t());
    fake.failCreate = true;
    try {
      const res = await call(app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
      expect(res.body).toMatchObject({ status: 4001, msg: MSG.PAY_UNAVAILABLE });
    } finally {
      fake.failCreate = false;
    }
    const rows = await database.db.select().from(paymentOrders).where(eq(paymentOrders.accountId, s.accountId));
    expect(rows.map((r) => r.status)).toEqual(['closed']);
    // The student can try again at once.
    const retry = await call(app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } });
    expect(retry.body.status).toBe(200);
  });

  it('switching channel when the provider says the open order was just paid → 402-1, payment applied', async () => {
    const { order, token, accountId } = await openOrder();
    fake.states.set(order.id, paidState());
    const res = await call(app, 'POST', '/api/student/payment', { token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_wap' } });
    expect(res.body.status).toBe('402-1');
    expect(await row(order.id)).toMatchObject({ status: 'paid' });
    expect((await profileOf(database.db, accountId)).applyPaidAt).not.toBeNull();
    expect(fake.closed).not.toContain(order.id);
  });

  it('switching channel closes the old order at the provider first', async () => {
    const { order, token } = await openOrder();
    const res = await call(app, 'POST', '/api/student/payment', { token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_wap' } });
    expect(res.body.status).toBe(200);
    expect(fake.closed).toContain(order.id);
    expect(await row(order.id)).toMatchObject({ status: 'closed' });
  });
});

describe.runIf(database_kind() === 'postgres')('several processes', () => {
  it('one reconciler run at a time across connections (advisory lock)', async () => {
    await openOrder();
    clock.advance(3 * 60_000);
    fake.queryDelayMs = 300;
    try {
      const [a, b] = await Promise.all([runReconcilerExclusively(deps), new Promise((r) => setTimeout(r, 50)).then(() => runReconcilerExclusively(deps))]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
    } finally {
      fake.queryDelayMs = 0;
    }
    expect((await runReconcilerExclusively(deps)).ran).toBe(true);
  });
});

function database_kind(): 'postgres' | 'pglite' {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}
