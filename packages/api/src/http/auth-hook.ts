import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, roleOfPath } from '@summit/domain';
import type { RegisteredRoute, Role, RouteAuth } from './context.ts';
import { resolveToken } from '../modules/auth/token.service.ts';

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * One gate for every API route: the path prefix names the role (DESIGN §4), a route may relax it with
 * config.auth. Runs before body parsing so a refused caller costs no work.
 */
export function installAuth(app: FastifyInstance) {
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

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as { auth?: RouteAuth } | undefined;
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return;
    const mode: RouteAuth = config?.auth ?? 'role';
    if (mode === 'public') return;
    const required = mode === 'role' ? (roleOfPath(url) as Role | null) : null;
    if (mode === 'role' && !required) return;

    const token = bearerOf(request);
    const auth = token ? await resolveToken(app.ctx, token) : null;
    if (mode === 'optional') {
      request.auth = auth;
      return;
    }
    if (!auth) throw AppError.login();
    if (required && auth.role !== required) throw AppError.forbidden();
    if (url.startsWith('/api/admin/') && !auth.isAdmin) throw AppError.forbidden();
    request.auth = auth;
  });
}

/** For handlers behind the gate: the caller, who is known to be logged in. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw AppError.login();
  return request.auth;
}
