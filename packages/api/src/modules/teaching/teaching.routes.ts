import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEACHING_MSG,
  attendanceOverrideRequestSchema,
  calendarFeedParamsSchema,
  checkinRequestSchema,
  checkinResultSchema,
  courseAssistantParamsSchema,
  courseAssistantRequestSchema,
  courseAssistantSchema,
  courseDetailParamsSchema,
  cslHouseParamsSchema,
  cslHouseRequestSchema,
  cslHouseRowSchema,
  houseStudentsQuerySchema,
  myAttendanceSchema,
  signDetailSchema,
  signListQuerySchema,
  signOpenRequestSchema,
  signQrSchema,
  signStudentParamsSchema,
  signSummarySchema,
  studentCalendarSchema,
  teacherCourseBriefListSchema,
  teacherCourseDetailSchema,
  teacherHouseSchema,
  teachingIdParamsSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as teaching from './teaching.service.ts';

/** The teacher's area, QR check-in, attendance and the student's calendar (decisions 050/051). */
export async function teachingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const teacher = ['teacher'];
  const detail = { 200: envelopeOf(signDetailSchema) };
  const summary = { 200: envelopeOf(signSummarySchema) };

  r.get('/api/teacher/course', { schema: { tags: teacher, summary: '我的课程（任课与助教；工作人员与管理员为全部课程）', response: { 200: envelopeOf(teacherCourseBriefListSchema) } } }, async (req) =>
    ok(await teaching.listMyCourses(ctx, authOf(req))),
  );
  r.get('/api/teacher/course/:course_id/:period', { schema: { tags: teacher, summary: '课程详情：学生名单、课次、出勤（非本人课程：无权限访问！）', params: courseDetailParamsSchema, response: { 200: envelopeOf(teacherCourseDetailSchema) } } }, async (req) =>
    ok(await teaching.getCourseDetail(ctx, authOf(req), req.params.course_id, req.params.period)),
  );
  r.get('/api/teacher/house', { schema: { tags: teacher, summary: '学院学生（CSL：本人负责的学院；工作人员与管理员：任选学院）', querystring: houseStudentsQuerySchema, response: { 200: envelopeOf(teacherHouseSchema) } } }, async (req) =>
    ok(await teaching.houseStudents(ctx, authOf(req), req.query.house_id)),
  );

  r.get('/api/teacher/sign', { schema: { tags: teacher, summary: '签到列表（可按课程筛选）', querystring: signListQuerySchema, response: { 200: envelopeOf(z.array(signSummarySchema)) } } }, async (req) =>
    ok(await teaching.listSigns(ctx, authOf(req), req.query.course_id)),
  );
  r.post('/api/teacher/sign', { schema: { tags: teacher, summary: '为一次课开启签到（同一课次再次开启即更新时间窗）', body: signOpenRequestSchema, response: summary } }, async (req) =>
    ok(await teaching.openSign(ctx, authOf(req), req.body), TEACHING_MSG.SIGN_OPENED),
  );
  r.get('/api/teacher/sign/:id', { schema: { tags: teacher, summary: '签到详情：每位学生的状态与修改记录', params: teachingIdParamsSchema, response: detail } }, async (req) =>
    ok(await teaching.getSignDetail(ctx, authOf(req), req.params.id)),
  );
  r.get('/api/teacher/sign/:id/qrcode', { schema: { tags: teacher, summary: '当前签到二维码（每15秒更换，两个周期内有效）', params: teachingIdParamsSchema, response: { 200: envelopeOf(signQrSchema) } } }, async (req) =>
    ok(await teaching.getSignQr(ctx, authOf(req), req.params.id)),
  );
  r.post('/api/teacher/sign/:id/close', { schema: { tags: teacher, summary: '结束签到', params: teachingIdParamsSchema, response: summary } }, async (req) =>
    ok(await teaching.closeSign(ctx, authOf(req), req.params.id), TEACHING_MSG.SIGN_CLOSED),
  );
  r.put('/api/teacher/sign/:id/students/:student_id', { schema: { tags: teacher, summary: '修改学生出勤状态（出勤、迟到、请假、缺勤；写入修改记录）', params: signStudentParamsSchema, body: attendanceOverrideRequestSchema, response: detail } }, async (req) =>
    ok(await teaching.overrideAttendance(ctx, authOf(req), req.params.id, req.params.student_id, req.body), TEACHING_MSG.OVERRIDDEN),
  );

  const admin = ['admin'];
  r.get('/api/admin/signs', { schema: { tags: admin, summary: '全部签到', querystring: signListQuerySchema, response: { 200: envelopeOf(z.array(signSummarySchema)) } } }, async (req) =>
    ok(await teaching.listSigns(ctx, authOf(req), req.query.course_id)),
  );
  const assistants = { 200: envelopeOf(z.array(courseAssistantSchema)) };
  r.get('/api/admin/courses/:id/assistants', { schema: { tags: admin, summary: '课程助教（TF）', params: teachingIdParamsSchema, response: assistants } }, async (req) => ok(await teaching.listAssistants(ctx, req.params.id)));
  r.post('/api/admin/courses/:id/assistants', { schema: { tags: admin, summary: '为课程添加助教（仅 TF 账号）', params: teachingIdParamsSchema, body: courseAssistantRequestSchema, response: assistants } }, async (req) =>
    ok(await teaching.addAssistant(ctx, authOf(req), req.params.id, req.body.account_id), TEACHING_MSG.ASSISTANT_ADDED),
  );
  r.delete('/api/admin/courses/:id/assistants/:account_id', { schema: { tags: admin, summary: '移除课程助教', params: courseAssistantParamsSchema, response: assistants } }, async (req) =>
    ok(await teaching.removeAssistant(ctx, authOf(req), req.params.id, req.params.account_id), TEACHING_MSG.ASSISTANT_REMOVED),
  );
  const cslRows = { 200: envelopeOf(z.array(cslHouseRowSchema)) };
  r.get('/api/admin/csl-house', { schema: { tags: admin, summary: '学院导师（CSL）及其负责的学院', response: cslRows } }, async () => ok(await teaching.listCslHouses(ctx)));
  r.put('/api/admin/csl-house/:account_id', { schema: { tags: admin, summary: '设置学院导师（CSL）负责的学院（null 为取消）', params: cslHouseParamsSchema, body: cslHouseRequestSchema, response: cslRows } }, async (req) =>
    ok(await teaching.setCslHouse(ctx, authOf(req), req.params.account_id, req.body.house_id), TEACHING_MSG.CSL_HOUSE_SET),
  );

  const student = ['student'];
  r.post('/api/student/sign', { schema: { tags: student, summary: '扫码签到（需已选该课、在签到时间内、二维码未过期；每人一次）', body: checkinRequestSchema, response: { 200: envelopeOf(checkinResultSchema) } } }, async (req) => {
    const result = await teaching.checkin(ctx, authOf(req), req.body.t);
    return ok(result, teaching.checkinMessage(result));
  });
  r.get('/api/student/sign', { schema: { tags: student, summary: '我的出勤记录', response: { 200: envelopeOf(myAttendanceSchema) } } }, async (req) => ok(await teaching.myAttendance(ctx, authOf(req))));
  r.get('/api/student/sign/course/:id', { schema: { tags: student, summary: '我在某门课程的出勤记录（仅本人）', params: teachingIdParamsSchema, response: { 200: envelopeOf(myAttendanceSchema) } } }, async (req) =>
    ok(await teaching.myCourseAttendance(ctx, authOf(req), req.params.id)),
  );
  r.get('/api/student/calendar', { schema: { tags: student, summary: '我的课程日历与订阅链接', response: { 200: envelopeOf(studentCalendarSchema) } } }, async (req) => ok(await teaching.studentCalendar(ctx, authOf(req))));
  r.post('/api/student/calendar/feed/reset', { schema: { tags: student, summary: '重置日历订阅链接（旧链接立即失效）', response: { 200: envelopeOf(studentCalendarSchema) } } }, async (req) =>
    ok(await teaching.resetCalendarFeed(ctx, authOf(req)), TEACHING_MSG.FEED_RESET),
  );

  r.get('/api/calendar/:token', { config: { auth: 'public' }, schema: { tags: ['public'], summary: '课程日历订阅（.ics，凭不可猜测的订阅链接）', params: calendarFeedParamsSchema } }, async (req, reply) => {
    const body = await teaching.calendarFeed(ctx, req.params.token);
    return reply.header('cache-control', 'private, no-store').type('text/calendar; charset=utf-8').send(body);
  });
}
