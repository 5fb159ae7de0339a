import type { Env } from '../env.ts';
import type { Db } from '../db/client.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { TokenCache } from './token-cache.ts';
import type { MessageBus } from '../providers/bus/message-bus.ts';
import type { AuthState, Role } from './auth-state.ts';

/** What services need from the outside world; built once in app.ts, swapped in tests. */
export interface AppContext {
  env: Env;
  db: Db;
  sms: SmsProvider;
  /** Injected so tests can move time (code expiry, resend interval) without sleeping. */
  now: () => Date;
  tokenCache: TokenCache;
  /** Tells the other API processes that a cached source changed (decision 038); local-only on PGlite. */
  bus: MessageBus;
  /** Where this process is in its life: /readyz answers 503 while starting up or draining. */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  /** Set by main.ts until migrations and the start-up steps are done (an app built by a test starts ready). */
  startingUp: boolean;
  /** Set on SIGTERM: the node is leaving and the load balancer should stop sending it requests. */
  draining: boolean;
}

/** The database pool's figures for /metrics (PostgreSQL only; the embedded database has no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type { AuthState, Role } from './auth-state.ts';

/** Route-level auth: 'role' (the default) takes the role from the path prefix. */
export type RouteAuth = 'role' | 'public' | 'optional' | 'any';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeRegistry: RegisteredRoute[];
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
  role: Role | null;
  adminOnly: boolean;
  /** The zod schemas the route validates with; the generated malformed-input suite reads them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}
