import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRIVACY_MSG,
  idNumberRevealSchema,
  privacyEraseRequestSchema,
  privacyEraseResultSchema,
  privacyExportQuerySchema,
  privacyParamsSchema,
  studentPrivacySchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { eraseStudent, exportStudentData, getStudentPrivacy, revealIdNumber, studentDataSheet } from './privacy.service.ts';

/**
 * Minors' data (decision 064). /api/admin/ is admin-only (auth hook); the reveal is further
 * gated by mayRevealIdNumber. Every action but the summary writes an audit row.
 */
export async function privacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get(
    '/api/admin/students/:userId/privacy',
    { schema: { tags, summary: '学生个人数据：证件号（脱敏）、监护人授权、是否已删除', params: privacyParamsSchema, response: { 200: envelopeOf(studentPrivacySchema) } } },
    async (req) => ok(await getStudentPrivacy(ctx, authOf(req), req.params.userId)),
  );
  r.post(
    '/api/admin/students/:userId/id-number/reveal',
    { schema: { tags, summary: '查看完整证件号（写入操作日志，日志中不含证件号）', params: privacyParamsSchema, response: { 200: envelopeOf(idNumberRevealSchema) } } },
    async (req) => ok(await revealIdNumber(ctx, authOf(req), req.params.userId), PRIVACY_MSG.REVEALED),
  );
  r.get(
    '/api/admin/students/:userId/data-export',
    { schema: { tags, summary: '导出该学生的全部个人数据（JSON 或 Excel，含完整证件号；写入操作日志）', params: privacyParamsSchema, querystring: privacyExportQuerySchema } },
    async (req, reply) => {
      const data = await exportStudentData(ctx, authOf(req), req.params.userId, req.query.format);
      const base = `student-${req.params.userId}-data`;
      if (req.query.format === 'xlsx') return sendSheet(req, reply, `${base}.xlsx`, `学生个人数据-${req.params.userId}.xlsx`, studentDataSheet(data));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${base}.json"; filename*=UTF-8''${encodeURIComponent(`学生个人数据-${req.params.userId}.json`)}`)
        .send(ok(data));
    },
  );
  r.post(
    '/api/admin/students/:userId/erase',
    { schema: { tags, summary: '删除该学生的个人数据（匿名化，删除上传文件，退出登录；保留订单与支付记录；不可撤销）', params: privacyParamsSchema, body: privacyEraseRequestSchema, response: { 200: envelopeOf(privacyEraseResultSchema) } } },
    async (req) => ok(await eraseStudent(ctx, authOf(req), req.params.userId, req.body.confirm_phone, req.log), PRIVACY_MSG.ERASED),
  );
}
