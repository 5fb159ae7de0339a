/** Shared by the refund tests: a paid order without going through a checkout, and the admin calls. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminRefund } from '@summit/domain';
import type { Envelope } from '../../test/flows.ts';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { paymentOrders, type PaymentGatewayId } from '../../db/schema-payments.ts';

export async function paidOrder(
  db: Db,
  accountId: number,
  opts: { amountFen?: number; gateway?: PaymentGatewayId; purpose?: 'tuition' | 'apply_fee'; payer?: 'student' | 'parent'; at?: Date } = {},
) {
  const at = opts.at ?? new Date();
  const gateway = opts.gateway ?? 'sandbox';
  const [order] = await db
    .insert(paymentOrders)
    .values({
      orderNo: `SM20260501${randomBytes(10).toString('hex')}`,
      accountId,
      purpose: opts.purpose ?? 'tuition',
      amountFen: opts.amountFen ?? 1_680_000,
      status: 'paid',
      provider: gateway === 'alipay' ? 'AL' : 'WX',
      channel: gateway === 'alipay' ? 'alipay_web' : 'wechat_scan',
      gateway,
      payer: opts.payer ?? 'student',
      idempotencyKey: randomBytes(16).toString('hex'),
      providerTradeNo: `T${randomBytes(8).toString('hex')}`,
      paidAt: at,
      expiresAt: new Date(at.getTime() + 7_200_000),
      createdAt: at,
    })
    .returning();
  if (!order) throw new Error('order insert failed');
  if ((opts.purpose ?? 'tuition') === 'tuition') await db.update(studentProfiles).set({ tuitionPaidAt: at }).where(eq(studentProfiles.accountId, accountId));
  return order;
}

export async function requestRefund(
  app: FastifyInstance,
  token: string,
  userId: number,
  body: { order_id: string; amount_fen: number; reason: string; idempotency_key?: string },
  key?: string,
): Promise<{ http: number; body: Envelope<AdminRefund & { field?: string }> }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/students/${userId}/refunds`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: JSON.stringify(body),
  });
  return { http: res.statusCode, body: res.json() };
}
