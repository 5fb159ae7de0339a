/**
 * The sandbox "provider" answering a refund later, as WeChat Pay does (decision 068): a durable job, run by
 * whichever API process claims it, builds the sandbox's signed refund notification and hands it to the same
 * notify path a real provider's POST takes (verify → applyRefundEvent). A lost delivery is not lost money: the
 * refund reconciler asks the sandbox, which answers succeeded.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { PAYMENT_CURRENCY, REFUND_TIMING } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { gatewaysOf } from '../../providers/payment/create-payment-gateways.ts';
import { NotificationRejected } from '../../providers/payment/payment-provider.ts';
import { buildSandboxRefundNotification, SANDBOX_SIGNATURE_HEADER, SandboxGateway, signSandboxNotification } from '../../providers/payment/sandbox.provider.ts';
import { registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import { handleNotification } from '../payments/payment-events.service.ts';
import { recordSandboxLedger } from '../payments/sandbox-checkout.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';

export const SANDBOX_REFUND_JOB_KIND = 'sandbox-refund-result';

export interface SandboxRefundJob {
  orderNo: string;
  refundNo: string;
  refundFen: number;
  refundId: string;
}

export async function scheduleSandboxRefundResult(ctx: Pick<AppContext, 'db' | 'now'>, job: SandboxRefundJob): Promise<void> {
  await scheduleJob(ctx.db, {
    kind: SANDBOX_REFUND_JOB_KIND,
    key: `${SANDBOX_REFUND_JOB_KIND}:${job.refundNo}`,
    runAt: new Date(ctx.now().getTime() + REFUND_TIMING.sandboxDelayMs),
    payload: job,
  });
}

let jobLog: FastifyBaseLogger | null = null;
/** Jobs get the context but not the app's logger: one process-wide pino at the configured level. */
const logger = (ctx: AppContext): FastifyBaseLogger => (jobLog ??= pino({ name: 'sandbox-refund', level: ctx.env.LOG_LEVEL }) as unknown as FastifyBaseLogger);

/** Delivers the sandbox's result for one refund through the notify path; true when it was accepted. */
export async function deliverSandboxRefundResult(ctx: AppContext, job: SandboxRefundJob, log: FastifyBaseLogger = logger(ctx)): Promise<boolean> {
  const now = ctx.now();
  // The sandbox pays the money back now: into its own books first, as its bill will show it (decision 073).
  await recordSandboxLedger(ctx.db, { kind: 'refund', orderNo: job.orderNo, refundNo: job.refundNo, tradeNo: job.refundId, amountFen: job.refundFen, currency: PAYMENT_CURRENCY, occurredAt: now });
  const gateway = new SandboxGateway({ secret: () => getSandboxSecret(ctx), now: ctx.now });
  const body = JSON.stringify(buildSandboxRefundNotification({ orderNo: job.orderNo, refundNo: job.refundNo, refundFen: job.refundFen, result: 'succeeded', refundId: job.refundId, at: now }));
  const signature = signSandboxNotification(await getSandboxSecret(ctx), body, now);
  const reply = await handleNotification({ ctx, gateways: gatewaysOf({ WX: gateway }), log }, gateway, {
    headers: { [SANDBOX_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
    rawBody: body,
  });
  return reply.httpStatus === 200;
}

registerJobHandler<SandboxRefundJob>(SANDBOX_REFUND_JOB_KIND, async (payload, _job, ctx) => {
  // A refused delivery is retried by the runner, as a provider re-delivers until it is acknowledged.
  if (!(await deliverSandboxRefundResult(ctx, payload))) throw new NotificationRejected('sandbox refund result was not accepted', 'malformed');
});
