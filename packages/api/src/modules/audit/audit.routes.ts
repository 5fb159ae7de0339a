import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntitiesSchema, auditPageSchema, auditQuerySchema } from '@summit/domain';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportAudit, listAuditEntities, searchAudit } from './audit.service.ts';

/**
 * 操作日志 (decision 060): read-only on purpose. There is no POST, PUT or DELETE here or
 * anywhere else on audit_log; a test walks the route registry to keep it so.
 */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  r.get(
    '/api/admin/audit',
    { schema: { tags, summary: '操作日志：按操作人、对象类型与编号、操作、时间范围检索（最新在前，分页；只读）', querystring: auditQuerySchema, response: { 200: envelopeOf(auditPageSchema) } } },
    async (req) => ok(await searchAudit(app.ctx, req.query)),
  );
  r.get(
    '/api/admin/audit/export',
    { schema: { tags, summary: '导出操作日志（.xlsx，按当前检索条件；只读）', querystring: auditQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportAudit(app.ctx, req.query);
      return sendSheet(req, reply, 'audit-log.xlsx', fileName, stream);
    },
  );
  r.get(
    '/api/admin/audit/entities',
    { schema: { tags, summary: '操作日志中出现过的对象类型及条数', response: { 200: envelopeOf(auditEntitiesSchema) } } },
    async () => ok(await listAuditEntities(app.ctx)),
  );
}
