import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reconMismatchListSchema,
  reconMismatchParamsSchema,
  reconMismatchQuerySchema,
  reconMismatchSchema,
  reconNoteRequestSchema,
  reconRunListQuerySchema,
  reconRunListSchema,
  reconRunRequestSchema,
  reconRunResultSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportReconMismatches, listReconMismatches, listReconRuns, noteReconMismatch, runReconciliation, type ReconDeps } from './reconciliation.service.ts';

/** 对账 (decision 073): runs per day and gateway, their mismatches, notes, export. money.reconcile. */
export async function reconciliationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ReconDeps => ({ ctx: app.ctx, gateways: app.payments, log: app.log });
  const tags = ['admin'];

  r.get(
    '/api/admin/reconciliation/runs',
    { schema: { tags, summary: '对账记录：按日期与支付渠道（本平台与账单的笔数、金额，差异数）', querystring: reconRunListQuerySchema, response: { 200: envelopeOf(reconRunListSchema) } } },
    async (req) => ok(await listReconRuns(deps(), req.query)),
  );
  r.post(
    '/api/admin/reconciliation/runs',
    { schema: { tags, summary: '重新对账：对某一已结束的北京日期（一个或全部渠道）拉取账单并比对', body: reconRunRequestSchema, response: { 200: envelopeOf(reconRunResultSchema) } } },
    async (req) => ok(await runReconciliation(deps(), authOf(req), req.body)),
  );
  r.get(
    '/api/admin/reconciliation/mismatches',
    { schema: { tags, summary: '对账差异（默认每日每渠道最近一次对账），可按类型、渠道、日期、是否已处理筛选', querystring: reconMismatchQuerySchema, response: { 200: envelopeOf(reconMismatchListSchema) } } },
    async (req) => ok(await listReconMismatches(app.ctx, req.query)),
  );
  r.put(
    '/api/admin/reconciliation/mismatches/:id/note',
    { schema: { tags, summary: '填写对账差异的处理说明（记入操作日志）', params: reconMismatchParamsSchema, body: reconNoteRequestSchema, response: { 200: envelopeOf(reconMismatchSchema) } } },
    async (req) => ok(await noteReconMismatch(app.ctx, authOf(req), req.params.id, req.body)),
  );
  r.get(
    '/api/admin/reconciliation/export',
    { schema: { tags, summary: '导出对账差异（.xlsx，按当前筛选条件）', querystring: reconMismatchQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportReconMismatches(app.ctx, req.query);
      return sendSheet(req, reply, 'reconciliation.xlsx', fileName, stream);
    },
  );
}
