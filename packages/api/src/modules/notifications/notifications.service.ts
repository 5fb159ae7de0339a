import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationParams } from '../../providers/sms/sms-provider.ts';
import { claimNotification, listDueNotifications, markNotificationFailed, markNotificationSent } from './notifications.repo.ts';

/**
 * Result SMS (decision released, tuition received, parent paid): the transactional outbox of
 * docs/decisions/026. The event's transaction writes a pending row with a unique event key; after commit the
 * row is delivered here, off the request's path, so a slow or failing provider never fails or delays the
 * payment or the decision; a sweep sends what a crash or a provider failure left behind.
 */

const TIMING = {
  /** A pending row this old was not picked up after its commit (the process stopped): the sweep sends it. */
  pendingGraceMs: 30_000,
  /** Wait between attempts of a failed send. */
  retryAfterMs: 60_000,
  /** A send that has not finished in this time is assumed dead with its process. */
  staleSendingMs: 10 * 60_000,
  sweepEveryMs: 60_000,
};

// Deliveries started after commit, per app, so closing the app (and the tests) can wait for them.
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

function isKind(kind: string | null): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '');
}

/** Sends one notification if this call wins it; never throws (a failure is recorded on the row). */
export async function deliverNotification(ctx: AppContext, log: FastifyBaseLogger, id: number): Promise<void> {
  const now = ctx.now();
  try {
    const row = await claimNotification(ctx.db, id, now, new Date(now.getTime() - TIMING.staleSendingMs));
    if (!row || !isKind(row.kind)) return;
    try {
      const sent = await ctx.sms.sendNotification({ phoneCode: row.phoneCode, phone: row.phone, kind: row.kind, params: row.params as NotificationParams });
      await markNotificationSent(ctx.db, id, sent);
    } catch (err) {
      log.warn({ notificationId: id, kind: row.kind, attempt: row.attempts, err: (err as Error).message }, 'result SMS not sent; it will be retried');
      await markNotificationFailed(ctx.db, id, ctx.sms.name, (err as Error).message);
    }
  } catch (err) {
    // The database itself failed (or the app is closing): the sweep picks the row up later.
    log.error({ notificationId: id, err }, 'result SMS delivery could not be recorded');
  }
}

/** Called after the event's transaction committed: starts delivery without holding up the response. */
export function deliverAfterCommit(ctx: AppContext, log: FastifyBaseLogger, ids: readonly number[]): void {
  if (ids.length === 0) return;
  let set = inFlight.get(ctx);
  if (!set) inFlight.set(ctx, (set = new Set()));
  const tracked = set;
  for (const id of ids) {
    const p = deliverNotification(ctx, log, id).finally(() => tracked.delete(p));
    tracked.add(p);
  }
}

/** Resolves when every delivery started so far has finished (app close, tests). */
export async function settleNotifications(ctx: AppContext): Promise<void> {
  const set = inFlight.get(ctx);
  while (set && set.size > 0) await Promise.all([...set]);
}

/** One sweep: delivers what after-commit delivery missed or failed. Returns how many it tried. */
export async function sweepNotifications(ctx: AppContext, log: FastifyBaseLogger, limit = 100): Promise<number> {
  const now = ctx.now().getTime();
  const ids = await listDueNotifications(ctx.db, {
    pendingBefore: new Date(now - TIMING.pendingGraceMs),
    retryBefore: new Date(now - TIMING.retryAfterMs),
    staleBefore: new Date(now - TIMING.staleSendingMs),
    limit,
  });
  for (const id of ids) await deliverNotification(ctx, log, id);
  return ids.length;
}

/**
 * The listening process's sweep every minute. Several processes may sweep at once: each row is claimed by
 * one of them (claimNotification), so nothing is sent twice.
 */
export function startNotificationSweeper(ctx: AppContext, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepNotifications(ctx, log)
      .catch((err: unknown) => log.error({ err }, 'notification sweep failed'))
      .finally(() => (running = null));
  }, TIMING.sweepEveryMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await settleNotifications(ctx);
    },
  };
}
