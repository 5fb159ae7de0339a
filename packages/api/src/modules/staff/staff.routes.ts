import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_MSG, idParamsSchema, staffCreateRequestSchema, staffListQuerySchema, staffListSchema, staffSavedSchema, staffUpdateRequestSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { createStaff, listStaff, updateStaff } from './staff.service.ts';

/** 员工账号 (decision 063): staff.manage, which only administrators hold (domain permissions.ts). */
export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get(
    '/api/admin/staff',
    { schema: { tags, summary: '员工账号：教师（各类型）与学校账号，可搜索、分页', querystring: staffListQuerySchema, response: { 200: envelopeOf(staffListSchema) } } },
    async (req) => ok(await listStaff(ctx, req.query)),
  );
  r.post(
    '/api/admin/staff',
    { schema: { tags, summary: '创建教师或学校账号（初始密码只在本次返回；写入审计日志）', body: staffCreateRequestSchema, response: { 200: envelopeOf(staffSavedSchema) } } },
    async (req) => ok(await createStaff(ctx, authOf(req), req.body), STAFF_MSG.CREATED),
  );
  r.put(
    '/api/admin/staff/:id',
    {
      schema: {
        tags,
        summary: '修改账号：姓名、类型、管理员、学校、停用/启用、重置密码（停用或重置密码即退出所有登录设备；写入审计日志）',
        params: idParamsSchema,
        body: staffUpdateRequestSchema,
        response: { 200: envelopeOf(staffSavedSchema) },
      },
    },
    async (req) => {
      const saved = await updateStaff(ctx, authOf(req), req.params.id, req.body);
      return ok(saved, saved.password ? STAFF_MSG.PASSWORD_RESET : STAFF_MSG.UPDATED);
    },
  );
}
