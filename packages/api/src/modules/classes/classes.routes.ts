import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLASSES_MSG,
  classCourseDetailSchema,
  classCourseIdParamsSchema,
  classCourseParamsSchema,
  classIdParamsSchema,
  classOverviewSchema,
  feedbackRequestSchema,
  feedbackSummarySchema,
  letterCreateRequestSchema,
  letterStudentViewSchema,
  letterTeacherViewSchema,
  letterTokenParamsSchema,
  letterVerificationSchema,
  letterWriteRequestSchema,
  officeHourBookRequestSchema,
  officeHourCreateRequestSchema,
  officeHourQuerySchema,
  smallClassParamsSchema,
  teacherSlotSchema,
} from '@summit/domain/api/classes';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import * as svc from './classes.service.ts';

/**
 * Class pages, office hours, feedback and recommendation letters (decisions 054/055).
 * docs/api-contract.md names `/api/teacher/* hour` and the class calls "my courses, course/{0}/{1}, feedback, office-hour".
 */
export function classesRoutes(options: { mail?: MailProvider } = {}) {
  return async function registerClassesRoutes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = app.ctx;
    const deps: svc.ClassesDeps = { ctx, mail: options.mail ?? createMailProvider(ctx.env, app.log) };
    const origin = (req: FastifyRequest) => ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
    const tags = ['student'];
    const base = '/api/student/class';
    const detail = { 200: envelopeOf(classCourseDetailSchema) };
    const studentLetters = { 200: envelopeOf(z.array(letterStudentViewSchema)) };

    r.get(`${base}/my-courses`, { schema: { tags, summary: '我的课程（已选课程、上课时间、评价与推荐信状态）', response: { 200: envelopeOf(classOverviewSchema) } } }, async (req) => ok(await svc.getOverview(ctx, authOf(req))));
    r.get(`${base}/course/:course_id/:period`, { schema: { tags, summary: '课程详情（仅限已选课程）：上课时间、答疑时段、评价、推荐信状态', params: classCourseParamsSchema, response: detail } }, async (req) =>
      ok(await svc.getCourseDetail(ctx, authOf(req), req.params.course_id, req.params.period)),
    );
    r.get(`${base}/small-class/:name`, { schema: { tags, summary: '小班（按课程代码，仅限已选课程）', params: smallClassParamsSchema, response: detail } }, async (req) => ok(await svc.getSmallClass(ctx, authOf(req), req.params.name)));
    r.post(`${base}/office-hour`, { schema: { tags, summary: '预约答疑（每门课同时一个；名额有限）', body: officeHourBookRequestSchema, response: detail } }, async (req) =>
      ok(await svc.bookOfficeHour(ctx, authOf(req), req.body.slot_id), CLASSES_MSG.BOOKED),
    );
    r.delete(`${base}/office-hour/:id`, { schema: { tags, summary: '取消答疑预约（开始前2小时内不可取消）', params: classIdParamsSchema, response: detail } }, async (req) =>
      ok(await svc.cancelOfficeHour(ctx, authOf(req), req.params.id), CLASSES_MSG.CANCELLED),
    );
    r.post(`${base}/feedback`, { schema: { tags, summary: '课程评价（课程结束后，每门课一次）', body: feedbackRequestSchema, response: detail } }, async (req) =>
      ok(await svc.leaveFeedback(ctx, authOf(req), req.body), CLASSES_MSG.FEEDBACK_OK),
    );
    r.get('/api/student/recommend-letters', { schema: { tags, summary: '我的推荐信申请（仅状态，不含正文）', response: studentLetters } }, async (req) => ok(await svc.listStudentLetters(ctx, authOf(req))));
    r.post('/api/student/recommend-letters', { schema: { tags, summary: '申请推荐信（已完成课程的任课教师；填写收件人姓名与邮箱）', body: letterCreateRequestSchema, response: studentLetters } }, async (req) =>
      ok(await svc.requestLetter(ctx, authOf(req), req.body), CLASSES_MSG.LETTER_REQUESTED),
    );

    const teacher = ['teacher'];
    const slots = { 200: envelopeOf(z.array(teacherSlotSchema)) };
    r.get('/api/teacher/hour', { schema: { tags: teacher, summary: '本课程的答疑时段及预约学生', querystring: officeHourQuerySchema, response: slots } }, async (req) => ok(await svc.listTeacherSlots(ctx, authOf(req), req.query.course_id)));
    r.post('/api/teacher/hour', { schema: { tags: teacher, summary: '发布答疑时段', body: officeHourCreateRequestSchema, response: slots } }, async (req) => ok(await svc.createSlot(ctx, authOf(req), req.body), CLASSES_MSG.SLOT_CREATED));
    r.delete('/api/teacher/hour/:id', { schema: { tags: teacher, summary: '删除答疑时段（已预约的学生收到站内通知）', params: classIdParamsSchema, response: slots } }, async (req) =>
      ok(await svc.deleteSlot(ctx, authOf(req), req.params.id), CLASSES_MSG.SLOT_DELETED),
    );
    r.get('/api/teacher/feedback/:course_id', { schema: { tags: teacher, summary: '课程评价汇总（仅统计，不含个人评价）', params: classCourseIdParamsSchema, response: { 200: envelopeOf(feedbackSummarySchema) } } }, async (req) =>
      ok(await svc.getFeedbackSummary(ctx, authOf(req), req.params.course_id)),
    );
    r.get('/api/teacher/recommend-letters', { schema: { tags: teacher, summary: '学生向我申请的推荐信', response: { 200: envelopeOf(z.array(letterTeacherViewSchema)) } } }, async (req) => ok(await svc.listTeacherLetters(ctx, authOf(req))));
    r.get('/api/teacher/recommend-letters/:id', { schema: { tags: teacher, summary: '推荐信（正文）', params: classIdParamsSchema, response: { 200: envelopeOf(letterTeacherViewSchema) } } }, async (req) => ok(await svc.getTeacherLetter(ctx, authOf(req), req.params.id)));
    r.put(
      '/api/teacher/recommend-letters/:id',
      { schema: { tags: teacher, summary: '保存草稿或提交推荐信（提交后以限时链接发送PDF至收件人）', params: classIdParamsSchema, body: letterWriteRequestSchema, response: { 200: envelopeOf(letterTeacherViewSchema) } } },
      async (req) => {
        const out = await svc.writeLetter(deps, authOf(req), req.params.id, req.body, origin(req));
        return ok(out.letter, out.msg);
      },
    );

    r.post(
      '/api/teacher/recommend-letters/:id/resend',
      { schema: { tags: teacher, summary: '重新发送未送达的推荐信邮件（新的限时链接）', params: classIdParamsSchema, response: { 200: envelopeOf(letterTeacherViewSchema) } } },
      async (req) => {
        const out = await svc.resendLetter(deps, authOf(req), req.params.id, origin(req));
        return ok(out.letter, out.msg);
      },
    );

    // Public, by capability: the recipient's own link (expiring) and the verification by code.
    r.get('/api/recommend-letter/file/:token', { config: { auth: 'public' }, schema: { tags: ['public'], summary: '推荐信PDF（收件人专属链接，限时有效）', params: letterTokenParamsSchema } }, async (req, reply) => {
      const pdf = await svc.letterPdfByToken(ctx, req.params.token, origin(req));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', "inline; filename*=UTF-8''%E6%8E%A8%E8%8D%90%E4%BF%A1.pdf")
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(Buffer.from(pdf));
    });
    r.get('/api/recommend-letter/verify/:token', { config: { auth: 'public' }, schema: { tags: ['public'], summary: '推荐信真伪验证', params: letterTokenParamsSchema, response: { 200: envelopeOf(letterVerificationSchema) } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await svc.verifyLetter(ctx, req.params.token));
    });
  };
}
