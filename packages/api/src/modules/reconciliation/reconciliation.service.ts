/**
 * Daily reconciliation (decision 073): for one Beijing day and one payment gateway, fetch the
 * provider's bill, compare it with our paid orders and succeeded refunds, and store the run and every mismatch.
 * A bill that cannot be fetched (not built, refused, unreadable) makes a failed run with the reason: a day is
 * never shown as reconciled when it was not.
 */
import type { Readable } from 'node:stream';
import {
  AppError,
  RECON_MISMATCH_LABELS,
  RECON_MSG,
  RECON_RUN_STATUS_LABELS,
  beijingDay,
  beijingDayRange,
  previousBeijingDay,
  reconGatewayLabel,
  reconStatusLabel,
  type ReconMismatch,
  type ReconMismatchList,
  type ReconMismatchQuery,
  type ReconNoteRequest,
  type ReconRun,
  type ReconRunList,
  type ReconRunListQuery,
  type ReconRunRequest,
  type ReconRunResult,
  type ReconTrigger,
} from '@summit/domain';
import { MONEY_FORMAT, beijingDayTag, beijingTime, streamSheet, yuanCell, type SheetColumn } from '../../exports/sheet-stream.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { PaymentGateways } from '../../providers/payment/create-payment-gateways.ts';
import { PAYMENT_GATEWAY_IDS, type PaymentGateway } from '../../providers/payment/payment-provider.ts';
import { registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import { compareBill } from './reconciliation-compare.ts';
import {
  countMismatches,
  failRun,
  findLatestRun,
  finishRun,
  insertRun,
  listMismatches,
  listOurPayments,
  listOurRefunds,
  listRuns,
  lookUpElsewhere,
  noteMismatch,
  type MismatchListRow,
  type ReconRunRow,
} from './reconciliation.repo.ts';

export interface ReconDeps {
  ctx: AppContext;
  gateways: PaymentGateways;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Every gateway this deployment has configured (the sandbox serves WX and AL but is one gateway, one bill). */
export function configuredGateways(gateways: PaymentGateways): PaymentGateway[] {
  return PAYMENT_GATEWAY_IDS.map((id) => gateways.byId(id)).filter((g): g is PaymentGateway => g !== null);
}

export function toReconRun(r: ReconRunRow & { latest?: boolean }): ReconRun {
  return {
    id: r.id,
    day: r.day,
    gateway: r.gateway,
    gateway_label: reconGatewayLabel(r.gateway),
    status: r.status,
    trigger: r.trigger,
    failure_reason: r.failureReason,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    latest: r.latest ?? true,
    ours_paid_count: r.oursPaidCount,
    ours_refund_count: r.oursRefundCount,
    bill_paid_count: r.billPaidCount,
    bill_refund_count: r.billRefundCount,
    totals: r.totalsByCurrency,
    mismatch_count: r.mismatchCount,
  };
}

function toReconMismatch(m: MismatchListRow): ReconMismatch {
  return {
    id: m.id,
    run_id: m.runId,
    day: m.day,
    gateway: m.gateway,
    kind: m.kind,
    order_no: m.orderNo,
    refund_no: m.refundNo,
    provider_trade_no: m.providerTradeNo,
    ours_amount_fen: m.oursAmountFen,
    bill_amount_fen: m.billAmountFen,
    ours_currency: m.oursCurrency,
    bill_currency: m.billCurrency,
    ours_status: m.oursStatus,
    bill_status: m.billStatus,
    has_receipt: m.orderPaid,
    note: m.note,
    noted_by: m.notedBy === null ? null : (m.notedByName ?? `#${m.notedBy}`),
    noted_at: m.notedAt?.toISOString() ?? null,
  };
}

/** One gateway, one day: always ends as a succeeded or a failed run. */
export async function reconcileGatewayDay(deps: ReconDeps, gateway: PaymentGateway, day: string, trigger: ReconTrigger, actorId: number | null): Promise<ReconRunRow> {
  const run = await insertRun(deps.ctx.db, { day, gateway: gateway.id, trigger, actorId, now: deps.ctx.now() });
  try {
    const bill = await gateway.fetchBill(day);
    const { start, end } = beijingDayRange(day);
    const ours = { payments: await listOurPayments(deps.ctx.db, gateway.id, start, end), refunds: await listOurRefunds(deps.ctx.db, gateway.id, start, end) };
    const known = await lookUpElsewhere(
      deps.ctx.db,
      [...new Set(bill.map((l) => l.orderNo))],
      [...new Set(bill.flatMap((l) => (l.refundNo ? [l.refundNo] : [])))],
    );
    const { mismatches, totals } = compareBill(ours, bill, known);
    const done = await finishRun(deps.ctx.db, run.id, totals, mismatches, deps.ctx.now());
    deps.log.info({ day, gateway: gateway.id, runId: run.id, mismatches: mismatches.length }, 'reconciliation finished');
    return done;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.warn({ day, gateway: gateway.id, runId: run.id, err: reason }, 'reconciliation failed');
    return failRun(deps.ctx.db, run.id, reason, deps.ctx.now());
  }
}

/** 重新对账: an admin reconciles a finished Beijing day, for one gateway or all configured ones. */
export async function runReconciliation(deps: ReconDeps, auth: AuthState, input: ReconRunRequest): Promise<ReconRunResult> {
  if (input.day >= beijingDay(deps.ctx.now())) throw AppError.param('day', RECON_MSG.DAY_NOT_PAST);
  let targets = configuredGateways(deps.gateways);
  if (input.gateway) {
    const one = deps.gateways.byId(input.gateway);
    if (!one) throw AppError.param('gateway', RECON_MSG.GATEWAY_UNKNOWN);
    targets = [one];
  }
  if (targets.length === 0) throw AppError.param('gateway', RECON_MSG.GATEWAY_UNKNOWN);
  const runs: ReconRun[] = [];
  for (const g of targets) runs.push(toReconRun(await reconcileGatewayDay(deps, g, input.day, 'admin', auth.accountId)));
  return { runs };
}

export async function listReconRuns(deps: ReconDeps, q: ReconRunListQuery): Promise<ReconRunList> {
  return {
    items: (await listRuns(deps.ctx.db, q)).map(toReconRun),
    gateways: configuredGateways(deps.gateways).map((g) => ({ id: g.id, label: reconGatewayLabel(g.id) })),
  };
}

const MISMATCH_PAGE = 500;

export async function listReconMismatches(ctx: AppContext, q: ReconMismatchQuery): Promise<ReconMismatchList> {
  const [rows, total] = await Promise.all([listMismatches(ctx.db, q, { limit: MISMATCH_PAGE }), countMismatches(ctx.db, q)]);
  return { items: rows.map(toReconMismatch), total };
}

export async function noteReconMismatch(ctx: AppContext, auth: AuthState, id: number, body: ReconNoteRequest): Promise<ReconMismatch> {
  const row = await noteMismatch(ctx.db, { id, note: body.note, actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.notFound(RECON_MSG.MISMATCH_NOT_FOUND);
  const [listed] = await listMismatches(ctx.db, { run_id: row.runId }, { limit: 1, afterId: row.id + 1 });
  if (!listed) throw AppError.notFound(RECON_MSG.MISMATCH_NOT_FOUND);
  return toReconMismatch(listed);
}

const money = (fen: number | null) => yuanCell(fen);
const MISMATCH_COLUMNS: readonly SheetColumn<MismatchListRow>[] = [
  { header: '对账日期', width: 12, value: (m) => m.day },
  { header: '支付渠道', width: 12, value: (m) => reconGatewayLabel(m.gateway) },
  { header: '差异类型', width: 22, value: (m) => RECON_MISMATCH_LABELS[m.kind] },
  { header: '订单号', width: 34, value: (m) => m.orderNo },
  { header: '退款单号', width: 28, value: (m) => m.refundNo },
  { header: '渠道交易号', width: 30, value: (m) => m.providerTradeNo },
  { header: '本平台金额', width: 14, numFmt: MONEY_FORMAT, value: (m) => money(m.oursAmountFen) },
  { header: '账单金额', width: 14, numFmt: MONEY_FORMAT, value: (m) => money(m.billAmountFen) },
  { header: '本平台币种', width: 10, value: (m) => m.oursCurrency },
  { header: '账单币种', width: 10, value: (m) => m.billCurrency },
  { header: '本平台状态', width: 12, value: (m) => (m.oursStatus ? reconStatusLabel(m.oursStatus) : '') },
  { header: '账单状态', width: 12, value: (m) => (m.billStatus ? reconStatusLabel(m.billStatus) : '') },
  { header: '处理说明', width: 40, value: (m) => m.note },
  { header: '处理人', width: 12, value: (m) => (m.notedBy === null ? null : (m.notedByName ?? `#${m.notedBy}`)) },
  { header: '处理时间', width: 18, value: (m) => (m.notedAt ? beijingTime(m.notedAt) : '') },
];

/** The mismatches the filters select, newest day first, streamed in keyset batches. */
export function exportReconMismatches(ctx: AppContext, q: ReconMismatchQuery): { fileName: string; stream: Readable } {
  async function* batches() {
    let afterId: number | undefined;
    for (;;) {
      const rows = await listMismatches(ctx.db, q, { limit: 1000, ...(afterId ? { afterId } : {}) });
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < 1000) return;
      afterId = rows[rows.length - 1]!.id;
    }
  }
  return { fileName: `对账差异-${beijingDayTag(ctx.now())}.xlsx`, stream: streamSheet('对账差异', MISMATCH_COLUMNS, batches()) };
}

// The daily run (durable job, decision 038) ------------------------------------------------------------------

export const RECONCILIATION_DAILY_KIND = 'payment-bill-reconciliation';
/** 10:00 Beijing: WeChat Pay publishes the previous day's bill after 09:00, Alipay's is ready by then too. */
const DAILY_AT_BEIJING_HOUR = 10;

/** The next 10:00 Beijing after `now`; the key makes it one job however many processes schedule it. */
export function nextDailyRunAt(now: Date): Date {
  const today = beijingDayRange(beijingDay(now)).start.getTime() + DAILY_AT_BEIJING_HOUR * 3_600_000;
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

export function scheduleDailyReconciliation(ctx: Pick<AppContext, 'db'>, now: Date): Promise<boolean> {
  const runAt = nextDailyRunAt(now);
  return scheduleJob(ctx.db, { kind: RECONCILIATION_DAILY_KIND, key: `${RECONCILIATION_DAILY_KIND}@${runAt.toISOString()}`, runAt });
}

/**
 * The previous Beijing day, every configured gateway. A gateway whose latest run of that day already succeeded
 * is skipped, so a job delivered twice does not reconcile twice; a failed one is tried again.
 */
export async function runDailyReconciliation(deps: ReconDeps): Promise<ReconRunRow[]> {
  const day = previousBeijingDay(deps.ctx.now());
  const runs: ReconRunRow[] = [];
  for (const g of configuredGateways(deps.gateways)) {
    const latest = await findLatestRun(deps.ctx.db, day, g.id);
    if (latest?.status === 'succeeded') continue;
    runs.push(await reconcileGatewayDay(deps, g, day, 'schedule', null));
  }
  return runs;
}

/** main.ts hands the process's gateways over once the app is built; the job handler runs with them. */
let jobGateways: { gateways: PaymentGateways; log: ReconDeps['log'] } | null = null;
export function useGatewaysForReconciliation(gateways: PaymentGateways, log: ReconDeps['log']): void {
  jobGateways = { gateways, log };
}

registerJobHandler(RECONCILIATION_DAILY_KIND, async (_payload, _job, ctx) => {
  await scheduleDailyReconciliation(ctx, ctx.now());
  if (!jobGateways) throw new Error('reconciliation job ran before the payment gateways were bound');
  await runDailyReconciliation({ ctx, ...jobGateways });
});
