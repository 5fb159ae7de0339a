/**
 * The sandbox provider's books (docs/decisions/073): its checkout writes what it confirmed, its refund writes what
 * it paid back, and its bill (SandboxGateway.fetchBill) is read from here, never from payment_orders.
 */
import { and, asc, gte, lt } from 'drizzle-orm';
import { beijingDayRange } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { sandboxBillLedger } from '../../db/schema-reconciliation.ts';
import type { ProviderBillLine } from '../../providers/payment/payment-provider.ts';

export interface SandboxLedgerEntry {
  kind: 'payment' | 'refund';
  orderNo: string;
  refundNo?: string | null;
  tradeNo: string | null;
  amountFen: number;
  currency: string;
  occurredAt: Date;
}

/** Once per payment (by order) and per refund (by refund number): a repeated confirm books nothing twice. */
export async function recordSandboxLedger(db: Db, entry: SandboxLedgerEntry): Promise<void> {
  await db
    .insert(sandboxBillLedger)
    .values({ kind: entry.kind, orderNo: entry.orderNo, refundNo: entry.refundNo ?? null, tradeNo: entry.tradeNo, amountFen: entry.amountFen, currency: entry.currency, occurredAt: entry.occurredAt })
    .onConflictDoNothing();
}

/** Everything the sandbox booked on one Beijing day, as bill lines. */
export async function listSandboxBill(db: Db, day: string): Promise<ProviderBillLine[]> {
  const { start, end } = beijingDayRange(day);
  const rows = await db
    .select()
    .from(sandboxBillLedger)
    .where(and(gte(sandboxBillLedger.occurredAt, start), lt(sandboxBillLedger.occurredAt, end)))
    .orderBy(asc(sandboxBillLedger.occurredAt), asc(sandboxBillLedger.id));
  return rows.map((r) => ({ kind: r.kind, orderNo: r.orderNo, refundNo: r.refundNo, providerTradeNo: r.tradeNo, amountFen: r.amountFen, currency: r.currency, occurredAt: r.occurredAt }));
}
