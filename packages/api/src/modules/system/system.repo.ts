import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The database answers at all (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export interface OperationalFigures {
  /** Durable jobs due now and not yet done or failed, and how late the oldest of them is. */
  jobsDue: number;
  jobsLagSeconds: number;
  /** Jobs whose last attempt failed (they are not tried again). */
  jobsFailed: number;
  /** Result SMS written but not yet delivered (pending or being sent), and sends that failed for good. */
  smsBacklog: number;
  smsFailed: number;
  mailFailed: number;
  /** Payment orders still waiting for the provider's answer, and the age of the oldest (what the reconciler chases). */
  paymentsPending: number;
  paymentsPendingOldestSeconds: number;
  /** Refunds sent to the provider and not yet confirmed, and the age of the oldest. */
  refundsProcessing: number;
  refundsProcessingOldestSeconds: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** One round trip: the figures /metrics reports, read at scrape time from the shared database. */
export async function readOperationalFigures(db: Db, now: Date): Promise<OperationalFigures> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select
      (select count(*) from jobs where done_at is null and failed_at is null and run_at <= ${at}::timestamptz) as jobs_due,
      (select coalesce(extract(epoch from (${at}::timestamptz - min(run_at))), 0) from jobs
        where done_at is null and failed_at is null and run_at <= ${at}::timestamptz) as jobs_lag,
      (select count(*) from jobs where failed_at is not null) as jobs_failed,
      (select count(*) from sms_outbox where status in ('pending', 'sending')) as sms_backlog,
      (select count(*) from sms_outbox where status = 'failed') as sms_failed,
      (select count(*) from mail_outbox where status = 'failed') as mail_failed,
      (select count(*) from payment_orders where status = 'pending') as payments_pending,
      (select coalesce(extract(epoch from (${at}::timestamptz - min(created_at))), 0) from payment_orders where status = 'pending') as payments_oldest,
      (select count(*) from payment_refunds where status = 'processing') as refunds_processing,
      (select coalesce(extract(epoch from (${at}::timestamptz - min(updated_at))), 0) from payment_refunds where status = 'processing') as refunds_oldest
  `);
  const row = ((result as unknown as { rows: Record<string, unknown>[] }).rows ?? [])[0] ?? {};
  return {
    jobsDue: num(row.jobs_due),
    jobsLagSeconds: Math.max(0, num(row.jobs_lag)),
    jobsFailed: num(row.jobs_failed),
    smsBacklog: num(row.sms_backlog),
    smsFailed: num(row.sms_failed),
    mailFailed: num(row.mail_failed),
    paymentsPending: num(row.payments_pending),
    paymentsPendingOldestSeconds: Math.max(0, num(row.payments_oldest)),
    refundsProcessing: num(row.refunds_processing),
    refundsProcessingOldestSeconds: Math.max(0, num(row.refunds_oldest)),
  };
}
