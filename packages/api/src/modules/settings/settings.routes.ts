import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, feeSettingsSchema, feeSettingsUpdateRequestSchema, programmeFactsSchema, programmeFactsUpdateRequestSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { getFees, updateFees } from './settings.service.ts';
import { getProgrammeFacts, updateProgrammeFacts } from './programme.service.ts';

/** Admin settings; the auth gate already limits /api/admin/ to is_admin teachers. */
export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/api/admin/settings/fees', { schema: { tags, summary: '费用设置（申请费、学费，单位：分）', response: { 200: envelopeOf(feeSettingsSchema) } } }, async () =>
    ok(await getFees(app.ctx)),
  );

  r.put(
    '/api/admin/settings/fees',
    { schema: { tags, summary: '修改费用设置（写入审计日志）', body: feeSettingsUpdateRequestSchema, response: { 200: envelopeOf(feeSettingsSchema) } } },
    async (req) => ok(await updateFees(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );

  r.get(
    '/api/programme',
    {
      config: { auth: 'public' },
      schema: { tags: ['site'], summary: '项目信息：名称、年份、举办方式、三期日期、费用、截止日期、线上线下差价', response: { 200: envelopeOf(programmeFactsSchema) } },
    },
    async () => ok(await getProgrammeFacts(app.ctx)),
  );

  r.get('/api/admin/settings/programme', { schema: { tags, summary: '项目信息设置', response: { 200: envelopeOf(programmeFactsSchema) } } }, async () =>
    ok(await getProgrammeFacts(app.ctx)),
  );

  r.put(
    '/api/admin/settings/programme',
    {
      schema: {
        tags,
        summary: '修改项目信息（由线下改为线上时记录切换时间；写入审计日志）',
        body: programmeFactsUpdateRequestSchema,
        response: { 200: envelopeOf(programmeFactsSchema) },
      },
    },
    async (req) => ok(await updateProgrammeFacts(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
}
