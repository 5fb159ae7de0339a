import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STUDENT_MSG,
  adminStudentDetailSchema,
  adminStudentListSchema,
  adminStudentParamsSchema,
  segmentFilterOfQuery,
  studentFilterQuerySchema,
  studentListQuerySchema,
  studentTagsRequestSchema,
  studentTagsResultSchema,
  studentUpdateRequestSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportStudents, getStudent, listStudents, tagStudents, updateStudent } from './students.service.ts';

/**
 * 学生管理 (decision 062). The auth hook limits /api/admin/ to admins. The filter's query
 * parameters are the message segment filter's fields; a bulk message posts the same filter to /api/admin/messages.
 */
export async function studentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['admin'];

  r.get(
    '/api/admin/students',
    {
      schema: {
        tags,
        summary: '学生列表（搜索姓名/手机号/证件号后几位/学校；按批次、进度、会场、学院、期次、省份、身份类型、标签筛选；服务端排序分页）',
        querystring: studentListQuerySchema,
        response: { 200: envelopeOf(adminStudentListSchema) },
      },
    },
    async (req) => ok(await listStudents(ctx, req.query, segmentFilterOfQuery(req.query))),
  );
  r.get(
    '/api/admin/students/export',
    { schema: { tags, summary: '导出学生名单（.xlsx，按当前筛选或所选学生 user_ids）', querystring: studentFilterQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportStudents(ctx, segmentFilterOfQuery(req.query));
      return sendSheet(req, reply, 'students.xlsx', fileName, stream);
    },
  );
  r.post(
    '/api/admin/students/tags',
    { schema: { tags, summary: '批量添加/移除标签（按筛选或所选学生；每名学生一条审计日志）', body: studentTagsRequestSchema, response: { 200: envelopeOf(studentTagsResultSchema) } } },
    async (req) => ok(await tagStudents(ctx, authOf(req), req.body.filter, req.body.add, req.body.remove), STUDENT_MSG.TAGS_SAVED),
  );
  r.get(
    '/api/admin/students/:userId',
    { schema: { tags, summary: '学生详情与完整时间线', params: adminStudentParamsSchema, response: { 200: envelopeOf(adminStudentDetailSchema) } } },
    async (req) => ok(await getStudent(ctx, req.params.userId)),
  );
  r.put(
    '/api/admin/students/:userId',
    { schema: { tags, summary: '修改学生资料（姓名、性别、年级、学校、批次、身份类型、标签、备注；写入审计日志）', params: adminStudentParamsSchema, body: studentUpdateRequestSchema, response: { 200: envelopeOf(adminStudentDetailSchema) } } },
    async (req) => ok(await updateStudent(ctx, authOf(req), req.params.userId, req.body), STUDENT_MSG.SAVED),
  );
}
