import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  MSG,
  contentSlugDef,
  contentSlugFromPath,
  adminContentListSchema,
  adminContentPageSchema,
  catalogueSchema,
  contentDraftRequestSchema,
  contentSlugQuerySchema,
  publicPageSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { isAmcHost } from '../site/site.service.ts';
import { contentIndexHtml, loginIndexHtml } from './content-html.ts';
import {
  discardDraft,
  ensureDefaultContent,
  getAdminPage,
  getCatalogue,
  getPublicPage,
  listAdminPages,
  publishDraft,
  saveDraft,
} from './content.service.ts';

/**
 * The content store (docs/api-contract.md "Content"). Slugs contain '/' and the home page's is '', so every
 * endpoint takes the slug as `?slug=`.
 */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicTags = ['content'];
  const adminTags = ['admin'];
  const querystring = contentSlugQuerySchema;

  // Every page exists from start-up, also in production without the demo seed. A failure here is logged and
  // retried on the first read, so a slow database never stops the app from starting.
  app.addHook('onReady', async () => {
    try {
      await ensureDefaultContent(app.ctx);
    } catch (error) {
      app.log.error({ err: error }, 'content: inserting the default pages failed; retried on first read');
    }
  });

  r.get(
    '/api/content/pages',
    { config: { auth: 'public' }, schema: { tags: publicTags, summary: '公开页面内容（已发布版本）', querystring, response: { 200: envelopeOf(publicPageSchema) } } },
    async (req, reply) => {
      const page = await getPublicPage(app.ctx, req.query.slug, { amc: isAmcHost(app.ctx.env, req.hostname) });
      reply.header('cache-control', 'public, max-age=60');
      return ok(page);
    },
  );

  r.get(
    '/api/content/catalogue',
    { config: { auth: 'public' }, schema: { tags: publicTags, summary: '全部公开页面的路径与标题（菜单、站点地图）', response: { 200: envelopeOf(catalogueSchema) } } },
    async (req, reply) => {
      const catalogue = await getCatalogue(app.ctx, { amc: isAmcHost(app.ctx.env, req.hostname) });
      reply.header('cache-control', 'public, max-age=60');
      return ok(catalogue);
    },
  );

  r.get(
    '/api/admin/content/pages',
    { schema: { tags: adminTags, summary: '页面内容列表（含草稿状态）', response: { 200: envelopeOf(adminContentListSchema) } } },
    async () => ok(await listAdminPages(app.ctx)),
  );

  r.get(
    '/api/admin/content/page',
    { schema: { tags: adminTags, summary: '页面内容（已发布版本与草稿）', querystring, response: { 200: envelopeOf(adminContentPageSchema) } } },
    async (req) => ok(await getAdminPage(app.ctx, req.query.slug)),
  );

  r.put(
    '/api/admin/content/page/draft',
    {
      schema: {
        tags: adminTags,
        summary: '保存草稿（富文本在服务端清洗；写入审计日志）',
        querystring,
        body: contentDraftRequestSchema,
        response: { 200: envelopeOf(adminContentPageSchema) },
      },
    },
    async (req) => ok(await saveDraft(app.ctx, authOf(req), req.query.slug, req.body), MSG.SAVE_OK),
  );

  r.post(
    '/api/admin/content/page/publish',
    { schema: { tags: adminTags, summary: '发布草稿（写入审计日志）', querystring, response: { 200: envelopeOf(adminContentPageSchema) } } },
    async (req) => ok(await publishDraft(app.ctx, authOf(req), req.query.slug)),
  );

  r.delete(
    '/api/admin/content/page/draft',
    { schema: { tags: adminTags, summary: '放弃草稿（写入审计日志）', querystring, response: { 200: envelopeOf(adminContentPageSchema) } } },
    async (req) => ok(await discardDraft(app.ctx, authOf(req), req.query.slug)),
  );
}

/**
 * The SPA fallback's index.html with the page already drawn (decisions 013, 018): a public content path with
 * its title, description and page, or /login (the password form, no `?mode=`) with its first screen. Null for
 * any other path, an AMC-hidden page on the AMC variant, or a page that cannot be read (the caller then sends
 * the plain index.html, never an error).
 */
export async function prerenderedIndexHtmlFor(app: FastifyInstance, webDist: string, request: FastifyRequest): Promise<string | null> {
  const [pathname = '/', search = ''] = request.url.split('?');
  if (pathname === '/login' && !new URLSearchParams(search).has('mode')) return loginIndexHtml(app.ctx, webDist);
  const amc = isAmcHost(app.ctx.env, request.hostname);
  const slug = contentSlugFromPath(pathname);
  if (slug === undefined || (amc && contentSlugDef(slug)?.amcHidden)) return null;
  try {
    return await contentIndexHtml(app.ctx, webDist, pathname, (slug) => getPublicPage(app.ctx, slug, { amc }), { amc });
  } catch (error) {
    if (!(error instanceof AppError)) request.log.warn({ err: error }, 'content: crawler HTML failed; plain index.html sent');
    return null;
  }
}
