import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, can, mayCallAdminRoute, roleOfPath, type Permission } from '@summit/domain';
import type { AppContext, AuthState, RegisteredRoute, Role, RouteAuth } from './context.ts';

/** How the gate turns a bearer token into an account: given by the composition root (the auth module owns tokens). */
export interface TokenResolver {
  /** The caller of a token resolved a moment ago, without a promise (null: ask resolve). */
  cached(ctx: AppContext, token: string): AuthState | null;
  /** Looks the token up (and caches the answer). */
  resolve(ctx: AppContext, token: string): Promise<AuthState | null>;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * One gate for every API route: the path prefix names the role (docs/design.md §4), a route may relax it with
 * config.auth. Runs before body parsing so a refused caller costs no work.
 */
export function installAuth(app: FastifyInstance, tokens: TokenResolver) {
  app.decorateRequest('auth', null);
  app.decorate('routeRegistry', []);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const auth: RouteAuth = (route.config as { auth?: RouteAuth } | undefined)?.auth ?? 'role';
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeRegistry.push({ method, url, auth, role: auth === 'role' ? (roleOfPath(url) as Role | null) : null, adminOnly: url.startsWith('/api/admin/'), schema: (route.schema ?? {}) as RegisteredRoute['schema'] });
    }
  });

  // A callback hook, not an async one: on a cached token (the common authenticated read) the gate decides
  // without creating a promise (decision 021).
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return done();
    const config = request.routeOptions.config as { auth?: RouteAuth } | undefined;
    const mode: RouteAuth = config?.auth ?? 'role';
    if (mode === 'public') return done();
    const required = mode === 'role' ? (roleOfPath(url) as Role | null) : null;
    if (mode === 'role' && !required) return done();

    const admit = (auth: AuthState | null) => {
      if (mode === 'optional') {
        request.auth = auth;
        return done();
      }
      if (!auth) return done(AppError.login() as unknown as FastifyError);
      if (required && auth.role !== required) return done(AppError.forbidden() as unknown as FastifyError);
      // The route's permission from the domain table (decision 063): two map lookups, no promise.
      if (url.startsWith('/api/admin/') && (auth.role !== 'teacher' || !mayCallAdminRoute(auth, request.method === 'HEAD' ? 'GET' : request.method, url))) return done(AppError.forbidden() as unknown as FastifyError);
      request.auth = auth;
      return done();
    };
    const token = bearerOf(request);
    if (!token) return admit(null);
    const cached = tokens.cached(app.ctx, token);
    if (cached) return admit(cached);
    tokens.resolve(app.ctx, token).then(admit, (error: unknown) => done(error as FastifyError));
  });
}

/** For handlers behind the gate: the caller, who is known to be logged in. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw AppError.login();
  return request.auth;
}

/**
 * For services that need a finer check than their route's (e.g. revealing a full ID number on a students.read
 * route): throws the spec's 无权限访问！ unless the caller holds the permission (decision 063).
 */
export function requirePermission(auth: AuthState, permission: Permission): void {
  if (!can(auth, permission)) throw AppError.forbidden();
}
