import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COURSE_ADMIN_MSG,
  courseRosterAddRequestSchema,
  courseRosterCandidateListSchema,
  courseRosterCandidatesQuerySchema,
  courseRosterParamsSchema,
  courseRosterSchema,
  courseRosterStudentParamsSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { addStudent, getRoster, removeStudent, searchCandidates } from './course-admin.service.ts';

/** The admin's course roster (docs/product/screens-and-routes.md /admin/course-detail/{id}/{period}/students; decision 056). Admin only (path prefix). */
export async function courseAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];
  const base = '/api/admin/course-detail/:course_id/:period';
  const roster = { 200: envelopeOf(courseRosterSchema) };

  r.get(`${base}/students`, { schema: { tags, summary: '课程学生名单（已选学生与候补名单）', params: courseRosterParamsSchema, response: roster } }, async (req) =>
    ok(await getRoster(ctx, req.params.course_id, req.params.period)),
  );
  r.get(
    `${base}/candidates`,
    { schema: { tags, summary: '按姓名或手机号查找可添加的学生（本期本会场已缴费）', params: courseRosterParamsSchema, querystring: courseRosterCandidatesQuerySchema, response: { 200: envelopeOf(courseRosterCandidateListSchema) } } },
    async (req) => ok(await searchCandidates(ctx, req.params.course_id, req.params.period, req.query.keyword)),
  );
  r.post(`${base}/students`, { schema: { tags, summary: '为学生添加本课程（容量、时间冲突规则同选课中心；写入审计日志并通知学生）', params: courseRosterParamsSchema, body: courseRosterAddRequestSchema, response: roster } }, async (req) =>
    ok(await addStudent(ctx, authOf(req), req.params.course_id, req.params.period, req.body.student_id), COURSE_ADMIN_MSG.ADDED),
  );
  r.delete(`${base}/students/:student_id`, { schema: { tags, summary: '将学生移出本课程（候补名单递补；写入审计日志并通知学生）', params: courseRosterStudentParamsSchema, response: roster } }, async (req) =>
    ok(await removeStudent(ctx, authOf(req), req.params.course_id, req.params.period, req.params.student_id), COURSE_ADMIN_MSG.REMOVED),
  );
}
