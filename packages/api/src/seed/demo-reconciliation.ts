/**
 * The sandbox's books for the demo (decision 073): one payment the sandbox booked yesterday (Beijing) for an order
 * the platform never recorded, so the 对账 tab's 重新对账 for yesterday shows what a mismatch looks like.
 */
import type { Db } from '../db/client.ts';
import { sandboxBillLedger } from '../db/schema-reconciliation.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO_UNKNOWN_ORDER_NO = 'SMDEMO0000000000000000000001';

export async function seedDemoReconciliation(tx: Tx, now: Date): Promise<void> {
  // Noon, Beijing time, of the day before now.
  const beijingNoon = new Date(now.getTime() + 8 * 3_600_000 - 86_400_000);
  beijingNoon.setUTCHours(12, 0, 0, 0);
  const occurredAt = new Date(beijingNoon.getTime() - 8 * 3_600_000);
  await tx
    .insert(sandboxBillLedger)
    .values({ kind: 'payment', orderNo: DEMO_UNKNOWN_ORDER_NO, tradeNo: 'SBXDEMO00000000000000000001', amountFen: 50_000, currency: 'CNY', occurredAt })
    .onConflictDoNothing();
}
