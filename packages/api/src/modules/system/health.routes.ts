import type { FastifyInstance } from 'fastify';
import { MSG, STATUS } from '@summit/domain';
import type { Lifecycle, PoolStats } from '../../http/context.ts';
import { bearerMatches, type AppMetrics } from '../../http/metrics.ts';
import type { RedisConnections } from '../../providers/bus/create-message-bus.ts';
import { pingDatabase, readOperationalFigures } from './system.repo.ts';

export interface HealthOptions {
  redis?: RedisConnections;
  poolStats?: () => PoolStats;
  /** The app's registry, with the request histogram already installed (app.ts), when METRICS_TOKEN is set. */
  metrics?: AppMetrics;
}

/** A dependency that does not answer within this long counts as down (the balancer asks every few seconds). */
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

type Check = 'ok' | string;

/** What keeps this node from taking traffic, if anything: start-up, draining, the database, Redis. */
async function readiness(app: FastifyInstance, lifecycle: Lifecycle, options: HealthOptions): Promise<Record<string, Check>> {
  const checks: Record<string, Check> = {
    startup: lifecycle.startingUp ? 'starting' : 'ok',
    draining: lifecycle.draining ? 'draining' : 'ok',
  };
  const probe = async (name: string, work: () => Promise<unknown>) => {
    try {
      await within(work(), CHECK_TIMEOUT_MS);
      checks[name] = 'ok';
    } catch (error) {
      checks[name] = error instanceof Error ? error.message.slice(0, 120) : 'down';
    }
  };
  await Promise.all([
    probe('database', () => pingDatabase(app.ctx.db)),
    ...(options.redis ? [probe('redis', () => options.redis!.command.ping())] : []),
  ]);
  return checks;
}

/**
 * Operations endpoints, outside /api (decision 087): /healthz (the process answers), /readyz (this node
 * should get traffic), and /metrics (Prometheus text, only with METRICS_TOKEN configured and presented).
 */
export function healthRoutes(options: HealthOptions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const { lifecycle, env } = app.ctx;
    const hide = { schema: { hide: true } };

    app.get('/healthz', { ...hide, config: { auth: 'public' } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 200, msg: 'ok', data: { uptime_s: Math.round(process.uptime()) } };
    });

    app.get('/readyz', { ...hide, config: { auth: 'public' } }, async (_request, reply) => {
      const checks = await readiness(app, lifecycle, options);
      const ready = Object.values(checks).every((c) => c === 'ok');
      reply.header('cache-control', 'no-store');
      // 503 tells nginx and the process supervisor to leave this node out; the body says why.
      return reply.code(ready ? 200 : 503).send({ status: ready ? STATUS.OK : STATUS.MESSAGE, msg: ready ? 'ok' : MSG.SERVICE_NOT_READY, data: { ready, checks } });
    });

    const token = env.METRICS_TOKEN;
    const metrics = options.metrics;
    if (!token || !metrics) return;
    if (options.poolStats) {
      const stats = options.poolStats;
      metrics.gauge('summit_db_pool_connections', 'Database pool connections by state (total, idle, waiting callers)', ['state'], (set) => {
        const s = stats();
        set({ state: 'total' }, s.total);
        set({ state: 'idle' }, s.idle);
        set({ state: 'in_use' }, s.total - s.idle);
        set({ state: 'waiting' }, s.waiting);
      });
    }
    // The domain's figures live in the shared database: one query per scrape, whichever node answers it.
    let figures: Promise<Awaited<ReturnType<typeof readOperationalFigures>>> | null = null;
    const current = () => (figures ??= readOperationalFigures(app.ctx.db, app.ctx.now()).finally(() => setTimeout(() => (figures = null), 1_000).unref()));
    const fromDb = (name: string, help: string, pick: (f: Awaited<ReturnType<typeof readOperationalFigures>>) => Record<string, number>, label: string) =>
      metrics.gauge(name, help, label ? [label] : [], async (set) => {
        for (const [key, value] of Object.entries(pick(await current()))) set(label ? { [label]: key } : {}, value);
      });
    fromDb('summit_jobs_due', 'Durable jobs due and not yet run', (f) => ({ '': f.jobsDue }), '');
    fromDb('summit_jobs_lag_seconds', 'How late the oldest due job is', (f) => ({ '': f.jobsLagSeconds }), '');
    fromDb('summit_jobs_failed', 'Jobs whose last attempt failed', (f) => ({ '': f.jobsFailed }), '');
    fromDb('summit_outbox_backlog', 'Messages written and not yet delivered, by channel', (f) => ({ sms: f.smsBacklog, mail: 0 }), 'channel');
    fromDb('summit_outbox_failed', 'Messages that failed for good, by channel', (f) => ({ sms: f.smsFailed, mail: f.mailFailed }), 'channel');
    fromDb('summit_payments_pending', 'Payment orders waiting for the provider', (f) => ({ '': f.paymentsPending }), '');
    fromDb('summit_payments_pending_oldest_seconds', 'Age of the oldest payment order waiting for the provider (reconciler lag)', (f) => ({ '': f.paymentsPendingOldestSeconds }), '');
    fromDb('summit_refunds_processing', 'Refunds sent and not yet confirmed', (f) => ({ '': f.refundsProcessing }), '');
    fromDb('summit_refunds_processing_oldest_seconds', 'Age of the oldest refund not yet confirmed (refund reconciler lag)', (f) => ({ '': f.refundsProcessingOldestSeconds }), '');

    app.get('/metrics', { ...hide, config: { auth: 'public' } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: STATUS.LOGIN_REQUIRED, msg: MSG.LOGIN_REQUIRED });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
}
