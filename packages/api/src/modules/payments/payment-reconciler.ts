import { PAYMENT_TIMING } from '@summit/domain';
import { runExclusively, startPeriodicJob, type PeriodicJob } from '../../db/exclusive-job.ts';
import { applyVerifiedEvent, closeEvent, eventFromQuery, type PaymentDeps } from './payment-events.service.ts';
import { listExpiredPendingOrders, listPendingOrdersCreatedBefore } from './payments.repo.ts';

export interface ReconcileReport {
  checked: number;
  paid: number;
  closed: number;
  failed: number;
}

const BATCH = 100;
/** Arbitrary, fixed: the advisory lock key every API process agrees on for the reconciler. */
export const RECONCILER_LOCK_KEY = 7_007_001;

const emptyReport = (): ReconcileReport => ({ checked: 0, paid: 0, closed: 0, failed: 0 });

/**
 * Orders still pending 2 minutes after creation: a notification may have been lost. Ask the provider and
 * apply what it says through the same transaction as a notification.
 */
export async function reconcilePendingOrders(deps: PaymentDeps): Promise<ReconcileReport> {
  const report = emptyReport();
  const before = new Date(deps.ctx.now().getTime() - PAYMENT_TIMING.reconcileAfterMs);
  for (const order of await listPendingOrdersCreatedBefore(deps.ctx.db, before, BATCH)) {
    const gateway = deps.gateways.byId(order.gateway);
    if (!gateway) continue;
    report.checked++;
    try {
      const state = await gateway.queryOrder(order.orderNo);
      const event = eventFromQuery(order.orderNo, state, 'reconcile');
      if (!event) continue;
      const result = await applyVerifiedEvent(deps, gateway.id, event, JSON.stringify(state));
      if (result.outcome === 'applied' || result.outcome === 'paid_after_close') report[event.kind === 'paid' ? 'paid' : 'closed']++;
    } catch (err) {
      report.failed++;
      deps.log.warn({ orderNo: order.orderNo, err: err instanceof Error ? err.message : String(err) }, 'reconciler could not query an order');
    }
  }
  return report;
}

/**
 * Pending orders past their expiry: a last query (a payment may have landed), else close at the provider and
 * here. An order the provider refuses to close stays pending for the next run.
 */
export async function closeExpiredOrders(deps: PaymentDeps): Promise<ReconcileReport> {
  const report = emptyReport();
  for (const order of await listExpiredPendingOrders(deps.ctx.db, deps.ctx.now(), BATCH)) {
    report.checked++;
    const gateway = deps.gateways.byId(order.gateway);
    try {
      if (gateway) {
        const state = await gateway.queryOrder(order.orderNo);
        const event = eventFromQuery(order.orderNo, state, 'expire');
        if (event?.kind === 'paid') {
          const result = await applyVerifiedEvent(deps, gateway.id, event, JSON.stringify(state));
          if (result.outcome === 'applied' || result.outcome === 'paid_after_close') {
            report.paid++;
            continue;
          }
        }
        if (state.status !== 'closed') await gateway.closeOrder(order.orderNo);
      }
      const result = await applyVerifiedEvent(deps, order.gateway, closeEvent(order.orderNo, 'expire'), '{"source":"expire"}');
      if (result.outcome === 'applied') report.closed++;
    } catch (err) {
      report.failed++;
      deps.log.warn({ orderNo: order.orderNo, err: err instanceof Error ? err.message : String(err) }, 'reconciler could not close an expired order');
    }
  }
  return report;
}

export async function runReconcilerOnce(deps: PaymentDeps): Promise<{ pending: ReconcileReport; expired: ReconcileReport }> {
  return { pending: await reconcilePendingOrders(deps), expired: await closeExpiredOrders(deps) };
}

/** One run across all processes (db/exclusive-job.ts: a transaction-scoped advisory lock). */
export async function runReconcilerExclusively(deps: PaymentDeps): Promise<{ ran: boolean }> {
  const outcome = await runExclusively(deps.ctx.db, RECONCILER_LOCK_KEY, () => runReconcilerOnce(deps));
  return { ran: outcome.ran };
}

/** Started by main.ts only (tests call the functions): every 60 s, one run at a time. */
export function startPaymentReconciler(deps: PaymentDeps, opts: { advisoryLock: boolean; intervalMs?: number }): PeriodicJob {
  return startPeriodicJob({
    db: deps.ctx.db,
    name: 'payment reconciler',
    lockKey: RECONCILER_LOCK_KEY,
    advisoryLock: opts.advisoryLock,
    intervalMs: opts.intervalMs ?? PAYMENT_TIMING.reconcileEveryMs,
    run: () => runReconcilerOnce(deps),
    log: deps.log,
  });
}
