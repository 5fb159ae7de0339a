import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './account.service.ts';

/** Where a sign-in came from (address, platform, browser), as the session list shows it. */
const PLATS = new Set(['web', 'wechat', 'wechatweb']);

export function requestMeta(request: FastifyRequest): RequestMeta {
  const plat = request.headers['x-plat'];
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, plat: typeof plat === 'string' && PLATS.has(plat) ? plat : null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}
