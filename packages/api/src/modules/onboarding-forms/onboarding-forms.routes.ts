import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG, adminHealthRecordSchema, adminOnboardingFormsSchema, staffPermissionListSchema, staffPermissionRequestSchema, studentIdParamsSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { contentDispositionFor } from '../../providers/storage/storage-provider.ts';
import { exportAddresses, getStudentFormsForStaff, listStaffPermissions, readHealthForStaff, setStaffHealthRead } from './onboarding-forms.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const accountParamsSchema = z.object({
  account_id: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(2_147_483_647, { error: MSG.PARAM_INVALID }),
});

/**
 * Staff side of the onboarding forms (decisions 046/047). The student side is POST/GET /api/student/form
 * (application.routes.ts), which hands the onboarding names to this module's service.
 */
export async function onboardingFormsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get(
    '/api/admin/onboarding/students/:student_id/forms',
    { schema: { tags, summary: '学生的入学表单（基本信息、教育背景、邮寄地址；健康信息另行授权）', params: studentIdParamsSchema, response: { 200: envelopeOf(adminOnboardingFormsSchema) } } },
    async (req) => ok(await getStudentFormsForStaff(ctx, req.params.student_id)),
  );
  r.get(
    '/api/admin/onboarding/students/:student_id/health',
    { schema: { tags, summary: '学生健康信息（需“健康信息查看”权限；每次查看均记入审计日志）', params: studentIdParamsSchema, response: { 200: envelopeOf(adminHealthRecordSchema) } } },
    async (req) => ok(await readHealthForStaff(ctx, authOf(req), req.params.student_id)),
  );
  r.get('/api/admin/onboarding/addresses/export', { schema: { tags, summary: '导出邮寄地址（快递用 .xlsx）' } }, async (_req, reply) => {
    const stamp = new Date(ctx.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDispositionFor(`邮寄地址-${stamp}.xlsx`))
      .header('cache-control', 'private, no-store')
      .send(await exportAddresses(ctx));
  });
  r.get(
    '/api/admin/staff-permissions',
    { schema: { tags, summary: '管理员的数据权限（健康信息查看）', response: { 200: envelopeOf(staffPermissionListSchema) } } },
    async (req) => ok(await listStaffPermissions(ctx, authOf(req))),
  );
  r.put(
    '/api/admin/staff-permissions/:account_id',
    { schema: { tags, summary: '授予或收回健康信息查看权限（审计）', params: accountParamsSchema, body: staffPermissionRequestSchema, response: { 200: envelopeOf(staffPermissionListSchema) } } },
    async (req) => ok(await setStaffHealthRead(ctx, authOf(req), req.params.account_id, req.body.health_read), MSG.SAVE_OK),
  );
}
