import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import type { PaymentOrderRow } from '../payments/payments.queries.ts';

/** Paid orders (refunded ones too: the money came in) have receipts. */
const receiptable = and(inArray(paymentOrders.status, ['paid', 'refunded']), isNotNull(paymentOrders.paidAt));

export async function listReceiptOrders(db: Db, accountId: number): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), receiptable))
    .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
    .limit(50);
}

export async function findReceiptOrder(db: Db, orderNo: string): Promise<PaymentOrderRow | undefined> {
  const rows = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).limit(1);
  return rows[0];
}

export async function findAccountName(db: Db, accountId: number): Promise<string | null> {
  const rows = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return rows[0]?.name ?? null;
}

/** The first paid order of a student's purpose (a link whose purpose the student paid themself). */
export async function findPaidOrderOfPurpose(db: Db, accountId: number, purpose: PaymentOrderRow['purpose'], programmeId: number | null = null): Promise<PaymentOrderRow | undefined> {
  const ofProgramme = programmeId === null ? isNull(paymentOrders.programmeId) : eq(paymentOrders.programmeId, programmeId);
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), ofProgramme, receiptable))
    .orderBy(paymentOrders.paidAt, paymentOrders.id)
    .limit(1);
  return rows[0];
}

export interface SucceededRefund {
  orderId: number;
  refundNo: string;
  amountFen: number;
  currency: string;
  succeededAt: Date;
}

/** The refunds of these orders that went through, oldest first. */
export async function listSucceededRefunds(db: Db, orderIds: number[]): Promise<SucceededRefund[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: paymentRefunds.orderId, refundNo: paymentRefunds.refundNo, amountFen: paymentRefunds.amountFen, currency: paymentRefunds.currency, succeededAt: paymentRefunds.succeededAt })
    .from(paymentRefunds)
    .where(and(inArray(paymentRefunds.orderId, orderIds), eq(paymentRefunds.status, 'succeeded'), isNotNull(paymentRefunds.succeededAt)))
    .orderBy(asc(paymentRefunds.succeededAt), asc(paymentRefunds.id));
  return rows.flatMap((r) => (r.succeededAt ? [{ ...r, succeededAt: r.succeededAt }] : []));
}
