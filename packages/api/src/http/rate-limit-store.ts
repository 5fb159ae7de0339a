/**
 * Rate limits across processes (decision 038). Two tiers:
 * - the flood guard on every /api/ request (RATE_LIMIT_PER_MINUTE) counts in this process's memory: a
 *   database write per read would cost the read path far more than the budget allows (bench:reads ≥ 75 % of
 *   bare Fastify);
 * - the routes an attacker would hammer (passwords, SMS, captcha, capability links, the tester password) carry
 *   their own limit, counted in one place for every process: the `rate_limit_buckets` table (an atomic upsert
 *   per request), so WORKERS=N does not multiply them.
 * With REDIS_URL both tiers count in Redis instead (app.ts hands the plugin the client).
 * Lockouts (wrong passwords, SMS codes, captcha) are rows in their own tables already (modules/auth).
 */
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { deleteBucketsBefore, incrementBucket, readBucket } from './rate-limit-buckets.repo.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Per minute and IP, as a multiple of SENSITIVE_RATE_LIMIT_PER_MINUTE (or a fixed number). */
export const SHARED_ROUTE_LIMITS: Readonly<Record<string, { factor?: number; max?: number }>> = {
  'POST /api/login': {},
  'POST /api/register': {},
  'POST /api/reset': {},
  'POST /api/captcha/question': {},
  'POST /api/captcha/answer': {},
  // Tester password: guessable, and nothing on the server slows a guesser down but this.
  'POST /api/site/tester': { max: 20 },
  // Capability links: an unguessable token, but a guesser should still get nowhere fast.
  'GET /api/guest/payment/pay-for/:token': {},
  'POST /api/guest/payment/pay-for/:token': {},
  // The parent's page polls this while the payment is under way.
  'GET /api/guest/payment/pay-for/:token/is-paid': { factor: 2 },
  'GET /api/guest/offer-letter/verify/:code': {},
  'GET /api/email/validate': {},
  // The capability links of the teaching and certificate work (decisions 051, 055, 058).
  'GET /api/certificate/verify/:token': {},
  'GET /api/recommend-letter/verify/:token': {},
  'GET /api/recommend-letter/file/:token': {},
  'GET /api/calendar/:token': {},
  // Second-factor codes and the password change: each account also locks after a few wrong codes or passwords
  // (decisions 036, 037); this bounds one address trying many challenges or sessions.
  'POST /api/auth/mfa/verify': {},
  'POST /api/auth/mfa/setup/confirm': {},
  'POST /api/auth/password': {},
  // WeChat OAuth (decision 069): each start writes a state row; a callback guesses states and codes.
  'GET /api/wechat/oauth/login': {},
  'GET /api/payment/wechat/oauth': {},
  'POST /api/wechat/oauth/callback': {},
};

/** The marker the hook below puts into a route's rate-limit options; the store's child() reads it back. */
const SHARED = 'summitSharedCounter';

function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * Gives every route in SHARED_ROUTE_LIMITS its own limit counted across processes. Must be added before the
 * rate-limit plugin registers (its onRoute hook reads what this one writes).
 */
export function installSharedRouteLimits(app: FastifyInstance, env: Pick<Env, 'SENSITIVE_RATE_LIMIT_PER_MINUTE'>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = methods.map((m) => SHARED_ROUTE_LIMITS[routeKey(m, route.url)]).find((l) => l !== undefined);
    if (!limit) return;
    const existing = route.config?.rateLimit;
    if (existing === false) return;
    const max = limit.max ?? Math.ceil(env.SENSITIVE_RATE_LIMIT_PER_MINUTE * (limit.factor ?? 1));
    route.config = { ...route.config, rateLimit: { max, timeWindow: 60_000, ...existing, [SHARED]: true } as NonNullable<typeof existing> };
  });
}

/** Fixed-window counters in this process's memory: the flood guard (cheap, per process). */
class LocalWindowStore {
  private readonly windows = new LRUCache<string, { start: number; count: number }>({ max: 20_000 });

  constructor(protected readonly now: () => number) {}

  /** A route with a limit of its own (not a shared one): its own local counters. */
  child(_merged: object): LocalWindowStore | DatabaseWindowStore {
    return new LocalWindowStore(this.now);
  }

  incr(key: string, cb: IncrCallback, timeWindow: number): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.start + timeWindow <= now) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    cb(null, { current: w.count, ttl: w.start + timeWindow - now });
  }

  read(key: string, cb: IncrCallback, timeWindow: number): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.start + timeWindow <= now) cb(null, { current: 0, ttl: 0 });
    else cb(null, { current: w.count, ttl: w.start + timeWindow - now });
  }
}

/** Windows aligned to the clock, so every process puts a request into the same row. */
function windowOf(now: number, timeWindow: number): { start: Date; ttl: number } {
  const start = Math.floor(now / timeWindow) * timeWindow;
  return { start: new Date(start), ttl: start + timeWindow - now };
}

/** One route's counters in `rate_limit_buckets`, shared by every process on the database. */
class DatabaseWindowStore {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  incr(key: string, cb: IncrCallback, timeWindow: number): void {
    const w = windowOf(this.now(), timeWindow);
    incrementBucket(this.db, this.prefix + key, w.start).then(
      (current) => cb(null, { current, ttl: w.ttl }),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  }

  read(key: string, cb: IncrCallback, timeWindow: number): void {
    const w = windowOf(this.now(), timeWindow);
    readBucket(this.db, this.prefix + key, w.start).then(
      (current) => cb(null, { current, ttl: current > 0 ? w.ttl : 0 }),
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(): DatabaseWindowStore {
    return this;
  }
}

/**
 * The store constructor for @fastify/rate-limit without Redis: the root (the global flood guard, and routes
 * with a limit of their own that is not marked shared) counts locally; a marked route gets database counters
 * under its own key prefix.
 */
export function rateLimitStoreFor(db: Db, now: () => number) {
  return class RoutedRateLimitStore extends LocalWindowStore {
    constructor() {
      super(now);
    }

    /** The plugin passes the route's merged limit options (ours included) with `routeInfo`, the route itself. */
    override child(merged: object): LocalWindowStore | DatabaseWindowStore {
      const routeOptions = merged as Record<string, unknown> & { routeInfo?: { method?: string | string[]; url?: string } };
      if (routeOptions[SHARED] !== true) return new LocalWindowStore(now);
      const method = routeOptions.routeInfo?.method;
      const prefix = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeOptions.routeInfo?.url ?? ''}|`;
      return new DatabaseWindowStore(db, prefix, now);
    }
  };
}

/** Drops the request windows that ended long ago (the hourly sweep job of app/rate-limit-prune.ts calls this). */
export function pruneRateLimitWindows(db: Db, now: Date): Promise<unknown> {
  return deleteBucketsBefore(db, new Date(now.getTime() - 2 * 3_600_000));
}
