import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSEWORK_MSG,
  GRADE_ITEM_MSG,
  assignmentDetailSchema,
  assignmentSaveRequestSchema,
  assignmentSchema,
  courseRefSchema,
  courseworkCourseParamsSchema,
  courseworkIdParamsSchema,
  courseworkStudentGradeParamsSchema,
  essaySaveRequestSchema,
  essaySchema,
  gradeComponentsRequestSchema,
  gradePublishRequestSchema,
  gradingRequestSchema,
  noticeSentSchema,
  participationSchema,
  studentAssignmentSchema,
  studentCourseAssignmentsSchema,
  studentGradeRequestSchema,
  studentGradeSchema,
  submissionRequestSchema,
  submissionSchema,
  teacherAssignmentRowSchema,
  teacherGradeBookSchema,
  teacherNoticeRequestSchema,
  writingCentreSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as cw from './coursework.service.ts';

/** Course work (docs/api-contract.md /api/teacher/* assignment, grade, notice; student assignments, writing centre, grades). */
export async function courseworkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const teacher = ['teacher'];
  const student = ['student'];
  const empty = { 200: envelopeOf(z.null()) };
  const book = { 200: envelopeOf(teacherGradeBookSchema) };
  const t = '/api/teacher';

  r.get(`${t}/assignment/course/:course_id`, { schema: { tags: teacher, summary: '本课程的作业（含提交与评分人数）', params: courseworkCourseParamsSchema, response: { 200: envelopeOf(z.array(teacherAssignmentRowSchema)) } } }, async (req) =>
    ok(await cw.listTeacherAssignments(ctx, authOf(req), req.params.course_id)),
  );
  r.post(`${t}/assignment`, { schema: { tags: teacher, summary: '布置作业', body: assignmentSaveRequestSchema, response: { 200: envelopeOf(assignmentSchema) } } }, async (req) =>
    ok(await cw.createAssignment(ctx, authOf(req), req.body), COURSEWORK_MSG.ASSIGNMENT_SAVED),
  );
  r.put(`${t}/assignment/:id`, { schema: { tags: teacher, summary: '修改作业', params: courseworkIdParamsSchema, body: assignmentSaveRequestSchema, response: { 200: envelopeOf(assignmentSchema) } } }, async (req) =>
    ok(await cw.updateAssignment(ctx, authOf(req), req.params.id, req.body), COURSEWORK_MSG.ASSIGNMENT_SAVED),
  );
  r.delete(`${t}/assignment/:id`, { schema: { tags: teacher, summary: '删除作业（连同提交；写入审计日志）', params: courseworkIdParamsSchema, response: empty } }, async (req) => {
    await cw.deleteAssignment(ctx, authOf(req), req.params.id);
    return ok(null, COURSEWORK_MSG.ASSIGNMENT_DELETED);
  });
  r.get(`${t}/assignment/:id`, { schema: { tags: teacher, summary: '作业详情与提交情况', params: courseworkIdParamsSchema, response: { 200: envelopeOf(assignmentDetailSchema) } } }, async (req) =>
    ok(await cw.getAssignmentDetail(ctx, authOf(req), req.params.id)),
  );
  r.get(`${t}/assignment/participation/:course_id`, { schema: { tags: teacher, summary: '作业完成情况（学生 × 作业）', params: courseworkCourseParamsSchema, response: { 200: envelopeOf(participationSchema) } } }, async (req) =>
    ok(await cw.getParticipation(ctx, authOf(req), req.params.course_id)),
  );
  r.put(`${t}/submission/:id/grade`, { schema: { tags: teacher, summary: '作业评分（分数、评分标准、评语；写入审计日志）', params: courseworkIdParamsSchema, body: gradingRequestSchema, response: { 200: envelopeOf(submissionSchema) } } }, async (req) =>
    ok(await cw.gradeSubmission(ctx, authOf(req), req.params.id, req.body), COURSEWORK_MSG.GRADED),
  );
  r.get(`${t}/writing/course/:course_id`, { schema: { tags: teacher, summary: '写作中心：提交到本课程的文章', params: courseworkCourseParamsSchema, response: { 200: envelopeOf(z.array(essaySchema)) } } }, async (req) =>
    ok(await cw.listCourseEssays(ctx, authOf(req), req.params.course_id)),
  );
  r.put(`${t}/writing/:id/review`, { schema: { tags: teacher, summary: '批阅文章（按写作评分标准）', params: courseworkIdParamsSchema, body: gradingRequestSchema, response: { 200: envelopeOf(essaySchema) } } }, async (req) =>
    ok(await cw.reviewEssay(ctx, authOf(req), req.params.id, req.body), COURSEWORK_MSG.REVIEWED),
  );
  r.get(`${t}/grade/:course_id`, { schema: { tags: teacher, summary: '成绩册：成绩项、学生成绩与发布时间', params: courseworkCourseParamsSchema, response: book } }, async (req) => ok(await cw.getGradeBook(ctx, authOf(req), req.params.course_id)));
  r.put(`${t}/grade/:course_id/components`, { schema: { tags: teacher, summary: '设置成绩项与权重（和为100）', params: courseworkCourseParamsSchema, body: gradeComponentsRequestSchema, response: book } }, async (req) =>
    ok(await cw.saveGradeComponents(ctx, authOf(req), req.params.course_id, req.body), COURSEWORK_MSG.GRADE_SAVED),
  );
  r.put(`${t}/grade/:course_id/publish`, { schema: { tags: teacher, summary: '设置成绩发布时间（null 撤回）', params: courseworkCourseParamsSchema, body: gradePublishRequestSchema, response: book } }, async (req) =>
    {
      const book = await cw.setGradePublication(ctx, authOf(req), req.params.course_id, req.body.publish_at);
      return ok(book, book.published ? GRADE_ITEM_MSG.PUBLISHED : book.publish_at ? COURSEWORK_MSG.PUBLISH_SAVED : GRADE_ITEM_MSG.PUBLISH_WITHDRAWN);
    },
  );
  r.put(`${t}/grade/:course_id/student/:student_id`, { schema: { tags: teacher, summary: '录入学生成绩（计算总评；写入审计日志）', params: courseworkStudentGradeParamsSchema, body: studentGradeRequestSchema, response: book } }, async (req) =>
    ok(await cw.saveStudentGrade(ctx, authOf(req), req.params.course_id, req.params.student_id, req.body), COURSEWORK_MSG.GRADE_SAVED),
  );
  r.post(`${t}/notice`, { schema: { tags: teacher, summary: '向本课程学生发送站内通知', body: teacherNoticeRequestSchema, response: { 200: envelopeOf(noticeSentSchema) } } }, async (req) =>
    ok(await cw.sendCourseNotice(ctx, authOf(req), req.body), COURSEWORK_MSG.NOTICE_SENT),
  );

  r.get('/api/admin/assignment/:id', { schema: { tags: ['admin'], summary: '作业详情与提交情况（管理员）', params: courseworkIdParamsSchema, response: { 200: envelopeOf(assignmentDetailSchema) } } }, async (req) =>
    ok(await cw.getAssignmentDetail(ctx, authOf(req), req.params.id)),
  );

  const s = '/api/student';
  r.get(`${s}/assignment/courses`, { schema: { tags: student, summary: '我选修的课程（作业与写作中心用）', response: { 200: envelopeOf(z.array(courseRefSchema)) } } }, async (req) => ok(await cw.listMyCourses(ctx, authOf(req))));
  r.get(`${s}/assignment/course/:course_id`, { schema: { tags: student, summary: '本课程的作业与我的提交', params: courseworkCourseParamsSchema, response: { 200: envelopeOf(studentCourseAssignmentsSchema) } } }, async (req) =>
    ok(await cw.getStudentCourseAssignments(ctx, authOf(req), req.params.course_id)),
  );
  r.get(`${s}/assignment/:id`, { schema: { tags: student, summary: '作业详情与我的提交', params: courseworkIdParamsSchema, response: { 200: envelopeOf(studentAssignmentSchema) } } }, async (req) =>
    ok(await cw.getStudentAssignment(ctx, authOf(req), req.params.id)),
  );
  r.post(`${s}/assignment/:id/submit`, { schema: { tags: student, summary: '提交作业（截止前可重新提交，截止后首次提交记为迟交）', params: courseworkIdParamsSchema, body: submissionRequestSchema, response: { 200: envelopeOf(submissionSchema) } } }, async (req) => {
    const row = await cw.submitAssignment(ctx, authOf(req), req.params.id, req.body);
    return ok(row, row.late ? COURSEWORK_MSG.SUBMITTED_LATE : COURSEWORK_MSG.SUBMITTED);
  });
  r.get(`${s}/writing`, { schema: { tags: student, summary: '写作中心：我的文章与可提交的课程', response: { 200: envelopeOf(writingCentreSchema) } } }, async (req) => ok(await cw.getWritingCentre(ctx, authOf(req))));
  r.post(`${s}/writing`, { schema: { tags: student, summary: '新建文章（草稿或直接提交批阅）', body: essaySaveRequestSchema, response: { 200: envelopeOf(essaySchema) } } }, async (req) => {
    const essay = await cw.createEssay(ctx, authOf(req), req.body);
    return ok(essay, essay.status === 'draft' ? COURSEWORK_MSG.ESSAY_SAVED : COURSEWORK_MSG.ESSAY_SUBMITTED);
  });
  r.put(`${s}/writing/:id`, { schema: { tags: student, summary: '修改草稿或提交批阅', params: courseworkIdParamsSchema, body: essaySaveRequestSchema, response: { 200: envelopeOf(essaySchema) } } }, async (req) => {
    const essay = await cw.updateEssay(ctx, authOf(req), req.params.id, req.body);
    return ok(essay, essay.status === 'draft' ? COURSEWORK_MSG.ESSAY_SAVED : COURSEWORK_MSG.ESSAY_SUBMITTED);
  });
  r.get(`${s}/grades`, { schema: { tags: student, summary: '我的成绩（仅已发布）', response: { 200: envelopeOf(z.array(studentGradeSchema)) } } }, async (req) => ok(await cw.listMyGrades(ctx, authOf(req))));
  r.get(`${s}/grades/:course_id`, { schema: { tags: student, summary: '一门课的成绩明细（仅已发布）', params: courseworkCourseParamsSchema, response: { 200: envelopeOf(studentGradeSchema) } } }, async (req) =>
    ok(await cw.getMyGrade(ctx, authOf(req), req.params.course_id)),
  );
}
