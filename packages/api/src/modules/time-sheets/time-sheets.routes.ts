import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timeSheetListQuerySchema, timeSheetPageSchema, timeSheetParamsSchema, timeSheetSchema, timeSheetUpdateRequestSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportEntries, exportTotals, getMyTimeSheet, getTimeSheet, listTimeSheets, updateMessage, updateTimeSheet } from './time-sheets.service.ts';

/**
 * 工时 (docs/api-contract.md /api/admin/students/{0}/time-sheets GET and PUT; decision 065). Admin routes
 * behind the /api/admin/ gate; the volunteer's own sheet under /api/student/.
 */
export async function timeSheetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];
  const sheet = { 200: envelopeOf(timeSheetSchema) };

  r.get('/api/admin/time-sheets', { schema: { tags, summary: '志愿者与实习生工时汇总（已通过、待审核、未通过；分页）', querystring: timeSheetListQuerySchema, response: { 200: envelopeOf(timeSheetPageSchema) } } }, async (req) =>
    ok(await listTimeSheets(ctx, req.query)),
  );
  r.get('/api/admin/time-sheets/export', { schema: { tags, summary: '导出工时汇总（每人一行，.xlsx）', querystring: timeSheetListQuerySchema } }, async (req, reply) => {
    const { fileName, stream } = exportTotals(ctx, req.query);
    return sendSheet(req, reply, 'time-sheets.xlsx', fileName, stream);
  });
  r.get('/api/admin/time-sheets/entries/export', { schema: { tags, summary: '导出工时明细（每条记录一行，.xlsx）', querystring: timeSheetListQuerySchema } }, async (req, reply) => {
    const { fileName, stream } = exportEntries(ctx, req.query);
    return sendSheet(req, reply, 'time-sheet-entries.xlsx', fileName, stream);
  });
  r.get('/api/admin/students/:userId/time-sheets', { schema: { tags, summary: '某位志愿者或实习生的工时记录与合计', params: timeSheetParamsSchema, response: sheet } }, async (req) =>
    ok(await getTimeSheet(ctx, req.params.userId)),
  );
  r.put(
    '/api/admin/students/:userId/time-sheets',
    { schema: { tags, summary: '添加、修改（回到待审核）、通过或驳回工时记录；写入审计日志', params: timeSheetParamsSchema, body: timeSheetUpdateRequestSchema, response: sheet } },
    async (req) => ok(await updateTimeSheet(ctx, authOf(req), req.params.userId, req.body), updateMessage(req.body.action)),
  );
  r.get('/api/student/time-sheets', { schema: { tags: ['student'], summary: '我的工时（只读）', response: sheet } }, async (req) => ok(await getMyTimeSheet(ctx, authOf(req))));
}
