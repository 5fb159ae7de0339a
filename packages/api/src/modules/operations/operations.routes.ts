import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courseGradesTabSchema,
  courseRosterParamsSchema,
  courseSignsTabSchema,
  opsCoursePageSchema,
  opsCourseQuerySchema,
  opsGradePageSchema,
  opsGradeQuerySchema,
  opsSignPageSchema,
  opsSignQuerySchema,
} from '@summit/domain';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { courseGradesTab, courseSignsTab, coursesOverview, exportCourses, exportGrades, exportSigns, gradesOverview, signsOverview } from './operations.service.ts';

/**
 * The admin's courses overview, grades and sign-ins views and their exports (docs/api-contract.md admin courses, grades,
 * signs; docs/product/screens-and-routes.md admin course-detail/{id}/{period}/{tab}; decision 065). Admin only (path prefix).
 */
export async function operationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get('/api/admin/courses/overview', { schema: { tags, summary: '课程概览：每门课的容量、已选、满额率、候补、出勤率、平均成绩（可排序、分页）', querystring: opsCourseQuerySchema, response: { 200: envelopeOf(opsCoursePageSchema) } } }, async (req) =>
    ok(await coursesOverview(ctx, req.query)),
  );
  r.get('/api/admin/courses/overview/export', { schema: { tags, summary: '导出课程概览（.xlsx，同上筛选）', querystring: opsCourseQuerySchema } }, async (req, reply) => {
    const { fileName, stream } = exportCourses(ctx, req.query);
    return sendSheet(req, reply, 'courses-overview.xlsx', fileName, stream);
  });
  r.get('/api/admin/grades', { schema: { tags, summary: '成绩分布：各课程按等级（A–F、未完成）的人数与平均成绩', querystring: opsGradeQuerySchema, response: { 200: envelopeOf(opsGradePageSchema) } } }, async (req) =>
    ok(await gradesOverview(ctx, req.query)),
  );
  r.get('/api/admin/grades/export', { schema: { tags, summary: '导出成绩分布（.xlsx，同上筛选）', querystring: opsGradeQuerySchema } }, async (req, reply) => {
    const { fileName, stream } = exportGrades(ctx, req.query);
    return sendSheet(req, reply, 'grades.xlsx', fileName, stream);
  });
  r.get('/api/admin/signs/overview', { schema: { tags, summary: '出勤统计：按课次、日期或课程的出勤、迟到、请假、缺勤与出勤率', querystring: opsSignQuerySchema, response: { 200: envelopeOf(opsSignPageSchema) } } }, async (req) =>
    ok(await signsOverview(ctx, req.query)),
  );
  r.get('/api/admin/signs/overview/export', { schema: { tags, summary: '导出出勤统计（.xlsx，同上分组与筛选）', querystring: opsSignQuerySchema } }, async (req, reply) => {
    const { fileName, stream } = exportSigns(ctx, req.query);
    return sendSheet(req, reply, 'attendance.xlsx', fileName, stream);
  });

  const base = '/api/admin/course-detail/:course_id/:period';
  r.get(`${base}/grades`, { schema: { tags, summary: '课程成绩：等级分布与每位学生的各项成绩', params: courseRosterParamsSchema, response: { 200: envelopeOf(courseGradesTabSchema) } } }, async (req) =>
    ok(await courseGradesTab(ctx, req.params.course_id, req.params.period)),
  );
  r.get(`${base}/signs`, { schema: { tags, summary: '课程出勤：每次课的出勤与每位学生的出勤率', params: courseRosterParamsSchema, response: { 200: envelopeOf(courseSignsTabSchema) } } }, async (req) =>
    ok(await courseSignsTab(ctx, req.params.course_id, req.params.period)),
  );
}
