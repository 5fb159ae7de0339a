import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  COURSE_IMPORT_MAX_BYTES,
  COURSE_MSG,
  MSG,
  courseImportResultSchema,
  courseInputSchema,
  courseListQuerySchema,
  courseListSchema,
  courseSchema,
  idParamsSchema,
  teacherCourseListQuerySchema,
  teacherOptionListSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { contentDispositionFor } from '../../providers/storage/storage-provider.ts';
import { createCourse, deleteCourse, exportCourses, importCourses, listAdminCourses, listTeacherCourses, listTeachers, updateCourse } from './courses.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An .xlsx is a zip: it starts with the local file header PK\x03\x04. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function sendXlsx(reply: FastifyReply, buffer: Buffer, name: string) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDispositionFor(name))
    .header('cache-control', 'private, no-store')
    .send(buffer);
}

function beijingStamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');
}

/** Admin courses with Excel import and export, and the teacher's own list (decision 039). */
export async function coursesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/courses',
    { schema: { tags, summary: '课程列表（按期次、类别、会场、关键词筛选；含上课时间和已选人数）', querystring: courseListQuerySchema, response: { 200: envelopeOf(courseListSchema) } } },
    async (req) => ok(await listAdminCourses(app.ctx, req.query)),
  );
  r.post(
    '/api/admin/courses',
    { schema: { tags, summary: '新建课程及上课时间（写入审计日志）', body: courseInputSchema, response: { 200: envelopeOf(courseSchema) } } },
    async (req) => ok(await createCourse(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.put(
    '/api/admin/courses/:id',
    { schema: { tags, summary: '修改课程及上课时间（容量不能小于已选人数；写入审计日志）', params: idParamsSchema, body: courseInputSchema, response: { 200: envelopeOf(courseSchema) } } },
    async (req) => ok(await updateCourse(app.ctx, authOf(req), req.params.id, req.body), MSG.SAVE_OK),
  );
  r.delete(
    '/api/admin/courses/:id',
    { schema: { tags, summary: '删除课程（已有学生选课时不可删除；写入审计日志）', params: idParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteCourse(app.ctx, authOf(req), req.params.id);
      return { status: 200 as const, msg: COURSE_MSG.DELETED };
    },
  );
  r.get(
    '/api/admin/courses/export',
    { schema: { tags, summary: '导出课程 Excel（每门课一行，上课时间在一格内，北京时间）', querystring: courseListQuerySchema } },
    async (req, reply) => sendXlsx(reply, await exportCourses(app.ctx, req.query), `课程-${beijingStamp(app.ctx.now())}.xlsx`),
  );
  r.get('/api/admin/courses/template', { schema: { tags, summary: '下载课程导入模板（表头与填写说明）' } }, async (_req, reply) =>
    sendXlsx(reply, await exportCourses(app.ctx, {}, true), '课程导入模板.xlsx'),
  );

  r.get('/api/admin/teachers', { schema: { tags, summary: '教师账号列表（课程表单选择任课教师）', response: { 200: envelopeOf(teacherOptionListSchema) } } }, async () =>
    ok(await listTeachers(app.ctx)),
  );

  r.get(
    '/api/teacher/courses',
    { schema: { tags: ['teacher'], summary: '我任教的课程（按期次、时段）', querystring: teacherCourseListQuerySchema, response: { 200: envelopeOf(courseListSchema) } } },
    async (req) => ok(await listTeacherCourses(app.ctx, authOf(req), req.query.session_key)),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: COURSE_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 100 } });
    scope.post(
      '/api/admin/courses/import',
      {
        schema: {
          tags,
          summary: '导入课程 Excel（multipart 字段 file，.xlsx，≤2MB；先校验全部行，任一行有错则返回每个错误的行和列且不写入；全部正确则按课程代码+期次+时段新增或更新，一个事务）',
          response: { 200: envelopeOf(courseImportResultSchema) },
        },
      },
      async (req) => {
        const auth = authOf(req);
        if (!req.isMultipart()) throw AppError.param('file', COURSE_MSG.IMPORT_FILE);
        const part = await req.file();
        if (!part || part.fieldname !== 'file') throw AppError.param('file', COURSE_MSG.IMPORT_FILE);
        if (!/\.xlsx$/i.test(part.filename)) {
          part.file.resume();
          throw AppError.param('file', COURSE_MSG.IMPORT_FILE);
        }
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(4003, COURSE_MSG.IMPORT_TOO_LARGE, { data: { field: 'file' }, httpStatus: 413 });
          throw error;
        }
        if (buffer.length < 4 || !buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw AppError.param('file', COURSE_MSG.IMPORT_FILE);
        const result = await importCourses(app.ctx, auth, buffer);
        return ok(result, COURSE_MSG.IMPORT_OK(result.created, result.updated));
      },
    );
  });
}
