import { REFUND_TIMING } from '@summit/domain';
import { startPeriodicJob, type PeriodicJob } from '../../db/exclusive-job.ts';
import type { PaymentDeps } from '../payments/payment-events.service.ts';
import { findOrderById } from '../payments/payments.queries.ts';
import { applyRefundResult, eventFromRefundState } from './refund-events.ts';
import { listStaleRefunds, touchRefund } from './refunds.repo.ts';
import { providerRequestOf, submitRefund } from './refunds.service.ts';

export interface RefundReconcileReport {
  checked: number;
  sent: number;
  succeeded: number;
  failed: number;
  errors: number;
}

const BATCH = 100;
/** Fixed, distinct from the payment reconciler's: the advisory lock every API process agrees on. */
export const REFUND_RECONCILER_LOCK_KEY = 7_007_068;

/**
 * Refunds left processing longer than REFUND_TIMING.reconcileAfterMs (a notification lost, a process that died
 * mid-request) are asked about; sendable requests that were never sent (the process died after the commit)
 * are sent. What the provider says goes through the same transaction as a notification.
 */
export async function reconcileRefunds(deps: PaymentDeps): Promise<RefundReconcileReport> {
  const report: RefundReconcileReport = { checked: 0, sent: 0, succeeded: 0, failed: 0, errors: 0 };
  const before = new Date(deps.ctx.now().getTime() - REFUND_TIMING.reconcileAfterMs);
  for (const refund of await listStaleRefunds(deps.ctx.db, before, BATCH)) {
    report.checked++;
    try {
      if (refund.status === 'requested') {
        await submitRefund(deps, refund.id);
        report.sent++;
        continue;
      }
      const order = await findOrderById(deps.ctx.db, refund.orderId);
      const gateway = order ? deps.gateways.byId(order.gateway) : null;
      if (!order || !gateway) continue;
      const state = await gateway.queryRefund(providerRequestOf(refund, order));
      if (state.status === 'processing') {
        await touchRefund(deps.ctx.db, refund.id, deps.ctx.now());
        continue;
      }
      const result = await applyRefundResult(deps, gateway.id, eventFromRefundState(order.orderNo, refund.refundNo, state, 'reconcile'), JSON.stringify(state), state.status === 'failed' ? state.reason : undefined);
      if (result.outcome === 'applied') report[state.status === 'succeeded' ? 'succeeded' : 'failed']++;
    } catch (err) {
      report.errors++;
      await touchRefund(deps.ctx.db, refund.id, deps.ctx.now());
      deps.log.warn({ refundNo: refund.refundNo, err: err instanceof Error ? err.message : String(err) }, 'refund reconciler could not query a refund');
    }
  }
  return report;
}

/** Started by main.ts (tests call reconcileRefunds): one run at a time across processes. */
export function startRefundReconciler(deps: PaymentDeps, opts: { advisoryLock: boolean; intervalMs?: number }): PeriodicJob {
  return startPeriodicJob({
    db: deps.ctx.db,
    name: 'refund reconciler',
    lockKey: REFUND_RECONCILER_LOCK_KEY,
    advisoryLock: opts.advisoryLock,
    intervalMs: opts.intervalMs ?? REFUND_TIMING.reconcileEveryMs,
    run: () => reconcileRefunds(deps),
    log: deps.log,
  });
}
