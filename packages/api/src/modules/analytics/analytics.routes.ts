import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserParamsSchema, analyticsExportQuerySchema, analyticsProfileSchema, funnelQuerySchema, funnelReportSchema } from '@summit/domain';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportProfiles, funnelReport, getProfile } from './analytics.service.ts';

/** 数据分析 (decision 066): read-only; the auth hook limits /api/admin/ to admins. */
export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  r.get(
    '/api/admin/analytics/funnel',
    {
      schema: {
        tags,
        summary: '招生漏斗：注册→完善信息→报名→缴申请费→提交申请→录取→缴学费，各阶段人数与相邻转化率；按注册日/批次/省份/学校分组；每日序列',
        querystring: funnelQuerySchema,
        response: { 200: envelopeOf(funnelReportSchema) },
      },
    },
    async (req) => ok(await funnelReport(app.ctx, req.query)),
  );
  r.get(
    '/api/admin/analytics/profiles/:userId',
    { schema: { tags, summary: '一名学生的分析档案', params: adminUserParamsSchema, response: { 200: envelopeOf(analyticsProfileSchema) } } },
    async (req) => ok(await getProfile(app.ctx, req.params.userId)),
  );
  r.get(
    '/api/admin/analytics/profiles/export',
    { schema: { tags, summary: '导出当前筛选下学生的分析档案（.xlsx）', querystring: analyticsExportQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportProfiles(app.ctx, req.query);
      return sendSheet(req, reply, 'analytics-profiles.xlsx', fileName, stream);
    },
  );
}
