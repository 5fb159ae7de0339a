import type { FastifyInstance } from 'fastify';
import { WECOM_STANDIN_PREFIX, type WecomStandin } from './wecom.ts';

/**
 * Demo mode WECOM_MODE=standin: serves the WeCom stand-in under /__wecom in this process, so the real WeCom
 * client (providers/wecom/wecom-client.ts) and the browser's OAuth round trip run on one machine. Stand-ins of
 * further WeCom APIs register their own routes under WECOM_STANDIN_PREFIX and call `standin.checkAccessToken`.
 */
export async function wecomStandInRoutes(app: FastifyInstance, standin: WecomStandin): Promise<void> {
  // Kept out of the access log: gettoken carries the corp secret in its query, as WeCom's API requires.
  await app.register(standin.plugin, { prefix: WECOM_STANDIN_PREFIX, logLevel: 'silent' });
}
