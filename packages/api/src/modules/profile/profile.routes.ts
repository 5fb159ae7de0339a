import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, schoolInfoSchema, slInfoSchema, studentInfoSchema, studentInfoUpdateRequestSchema, studentStatusSchema, teacherInfoSchema } from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { getSchoolInfo, getSlInfo, getStudentInfo, getStudentStatus, getTeacherInfo, updateStudentInfo } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/student/status', { schema: { tags: ['student'], summary: '学生状态', response: { 200: envelopeOf(studentStatusSchema) } } }, async (req) =>
    ok(await getStudentStatus(ctx, authOf(req))),
  );
  r.get('/api/student/info', { schema: { tags: ['student'], summary: '学生个人信息', response: { 200: envelopeOf(studentInfoSchema) } } }, async (req) =>
    ok(await getStudentInfo(ctx, authOf(req))),
  );
  r.post(
    '/api/student/info',
    { schema: { tags: ['student'], summary: '完善/修改个人信息', body: studentInfoUpdateRequestSchema, response: { 200: envelopeOf(studentInfoSchema) } } },
    async (req) => ok(await updateStudentInfo(ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.get('/api/teacher/info', { schema: { tags: ['teacher'], summary: '教师信息', response: { 200: envelopeOf(teacherInfoSchema) } } }, async (req) =>
    ok(await getTeacherInfo(ctx, authOf(req))),
  );
  r.get('/api/school/info', { schema: { tags: ['school'], summary: '学校账号信息', response: { 200: envelopeOf(schoolInfoSchema) } } }, async (req) =>
    ok(await getSchoolInfo(ctx, authOf(req))),
  );
  r.get('/api/sl/info', { schema: { tags: ['sl'], summary: '学生领袖信息', response: { 200: envelopeOf(slInfoSchema) } } }, async (req) =>
    ok(await getSlInfo(ctx, authOf(req))),
  );
}
