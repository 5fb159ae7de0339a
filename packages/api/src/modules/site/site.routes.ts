import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  MSG,
  siteConfigSchema,
  siteContactSchema,
  siteContactUpdateRequestSchema,
  siteQrParamsSchema,
  siteQrSettingsSchema,
  siteQrUpdateRequestSchema,
  testerRequestSchema,
  testerResultSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { createStorageProvider } from '../../providers/storage/create-storage-provider.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import { getUploadSecret } from '../storage/storage.service.ts';
import { checkTesterPassword, getContact, getQrSettings, getSiteConfig, isAmcHost, readQr, updateContact, updateQr } from './site.service.ts';

/** API paths of pages the AMC variant does not have (docs/product/screens-and-routes.md "/apply/financial-aid … (not AMC)"). */
export const AMC_HIDDEN_API_PATHS: ReadonlySet<string> = new Set(['/api/student/bursary-apply']);

function hostOf(request: FastifyRequest): string {
  // With TRUST_PROXY, Fastify's hostname is the proxy's X-Forwarded-Host.
  return request.hostname;
}

/**
 * Runs before the auth gate: on an AMC host the hidden endpoints do not exist, for anyone (404 envelope,
 * the same answer as an unknown path).
 */
export function installSiteGuards(app: FastifyInstance) {
  // A callback hook: every request passes here, and it should cost no promise (decision 021).
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url && AMC_HIDDEN_API_PATHS.has(url) && isAmcHost(app.ctx.env, hostOf(request))) return done(AppError.notFound(MSG.NOT_FOUND_API) as unknown as FastifyError);
    return done();
  });
}

export interface SiteRoutesOptions {
  /** Tests may pass a provider; otherwise STORAGE_PROVIDER decides. */
  storage?: StorageProvider;
}

export async function siteRoutes(app: FastifyInstance, options: SiteRoutesOptions = {}) {
  const storage = options.storage ?? createStorageProvider(app.ctx.env, { localSecret: () => getUploadSecret(app.ctx) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['site'];

  r.get(
    '/api/site/config',
    { config: { auth: 'public' }, schema: { tags, summary: '站点配置：AMC 站点、非生产环境、招生是否结束（RD 之后）、服务器时间', response: { 200: envelopeOf(siteConfigSchema) } } },
    async (req, reply) => {
      // Depends on the Host header: caches must not share it between hosts.
      reply.header('cache-control', 'no-store').header('vary', 'Host');
      return ok(await getSiteConfig(app.ctx, hostOf(req)));
    },
  );

  r.post(
    '/api/site/tester',
    {
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: '校验测试访问密码（服务器不保存任何状态，网页端保存测试标记）', body: testerRequestSchema, response: { 200: envelopeOf(testerResultSchema) } },
    },
    async (req) => ok(checkTesterPassword(app.ctx.env, req.body.password)),
  );

  r.get(
    '/api/site/qr/:which',
    { config: { auth: 'public' }, schema: { tags, summary: '侧边栏二维码图片（service 在线客服 / official 公众号；未上传时为占位图）', params: siteQrParamsSchema } },
    async (req, reply) => {
      const answer = await readQr(app.ctx, storage, req.params.which);
      switch (answer.kind) {
        case 'placeholder':
          return reply
            .header('cache-control', 'public, max-age=60')
            .header('content-type', 'image/svg+xml; charset=utf-8')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            .send(answer.svg);
        case 'redirect':
          return reply.header('cache-control', 'private, max-age=60').redirect(answer.url, 302);
        case 'stream':
          return reply
            .header('cache-control', 'public, max-age=60')
            .header('content-type', answer.contentType)
            .header('content-length', answer.sizeBytes)
            .header('x-content-type-options', 'nosniff')
            .send(answer.stream);
      }
    },
  );

  r.get('/api/admin/site/qr', { schema: { tags: ['admin'], summary: '侧边栏二维码设置', response: { 200: envelopeOf(siteQrSettingsSchema) } } }, async () =>
    ok(await getQrSettings(app.ctx)),
  );

  r.put(
    '/api/admin/site/qr',
    {
      schema: {
        tags: ['admin'],
        summary: '设置或清除二维码图片（须为本人上传的 PNG/JPG；写入审计日志）',
        body: siteQrUpdateRequestSchema,
        response: { 200: envelopeOf(siteQrSettingsSchema) },
      },
    },
    async (req) => ok(await updateQr(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );

  r.get(
    '/api/site/contact',
    { config: { auth: 'public' }, schema: { tags, summary: '联系方式：电话、邮箱、客服微信号、服务时间', response: { 200: envelopeOf(siteContactSchema) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await getContact(app.ctx));
    },
  );

  r.get('/api/admin/site/contact', { schema: { tags: ['admin'], summary: '联系方式设置', response: { 200: envelopeOf(siteContactSchema) } } }, async () =>
    ok(await getContact(app.ctx)),
  );

  r.put(
    '/api/admin/site/contact',
    { schema: { tags: ['admin'], summary: '修改联系方式（写入审计日志）', body: siteContactUpdateRequestSchema, response: { 200: envelopeOf(siteContactSchema) } } },
    async (req) => ok(await updateContact(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
}
