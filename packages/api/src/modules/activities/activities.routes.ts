import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_MSG,
  activityAttendanceSchema,
  activityHubSchema,
  activityInputSchema,
  activityJoinSchema,
  activityKindParamsSchema,
  activityListQuerySchema,
  activityPublishSchema,
  adminActivityListSchema,
  adminActivitySchema,
  ceremonyKindParamsSchema,
  idParamsSchema,
  queryIdSchema,
  requestObjectSchema,
  studentActivityCardSchema,
  teacherCeremonySchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import {
  createActivity,
  exportAttendance,
  getActivityOptions,
  getAdminActivity,
  getAttendance,
  getCard,
  getHub,
  getTeacherCeremony,
  joinActivity,
  listAdminActivities,
  publishActivity,
  updateActivity,
} from './activities.service.ts';

const cardQuerySchema = requestObjectSchema({ id: z.preprocess((v) => (v === '' ? undefined : v), queryIdSchema.optional()) });
const optionsSchema = z.object({ teachers: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** Activities (decision 100): the admin console's schedule, the student hub and cards, the teachers' ceremony pages. */
export async function activitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/student/activities/hub',
    { schema: { tags: ['student'], summary: '活动中心：进行中、即将开始（含日期）与已结束的活动卡片（仅本人参与范围内的已发布活动）', response: { 200: envelopeOf(activityHubSchema) } } },
    async (req) => ok(await getHub(ctx, authOf(req))),
  );
  r.get(
    '/api/student/activities/card/:kind',
    {
      schema: {
        tags: ['student'],
        summary: '某类活动的卡片：指定的、进行中的、下一场或最近一场活动，以及下一场的开始时间；直播链接不在此返回',
        params: activityKindParamsSchema,
        querystring: cardQuerySchema,
        response: { 200: envelopeOf(studentActivityCardSchema) },
      },
    },
    async (req) => ok(await getCard(ctx, authOf(req), req.params.kind, req.query.id)),
  );
  r.post(
    '/api/student/activities/:id/join',
    { schema: { tags: ['student'], summary: '进入直播：开始前 15 分钟至结束可取得直播链接，并记为出席（每人一次）', params: idParamsSchema, response: { 200: envelopeOf(activityJoinSchema) } } },
    async (req) => ok(await joinActivity(ctx, authOf(req), req.params.id)),
  );

  r.get(
    '/api/teacher/ceremonies/:kind',
    { schema: { tags: ['teacher'], summary: '开营/结营典礼：议程、本人负责的环节与提示', params: ceremonyKindParamsSchema, response: { 200: envelopeOf(teacherCeremonySchema) } } },
    async (req) => ok(await getTeacherCeremony(ctx, authOf(req), req.params.kind)),
  );

  const tags = ['admin'];
  r.get(
    '/api/admin/activities',
    { schema: { tags, summary: '活动列表（可按类型筛选；开始时间最新在前）', querystring: activityListQuerySchema, response: { 200: envelopeOf(adminActivityListSchema) } } },
    async (req) => ok(await listAdminActivities(ctx, req.query.kind)),
  );
  r.get(
    '/api/admin/activities/options',
    { schema: { tags, summary: '编辑活动时可选的议程负责教师', response: { 200: envelopeOf(optionsSchema) } } },
    async () => ok(await getActivityOptions(ctx)),
  );
  r.get(
    '/api/admin/activities/:id',
    { schema: { tags, summary: '活动详情', params: idParamsSchema, response: { 200: envelopeOf(adminActivitySchema) } } },
    async (req) => ok(await getAdminActivity(ctx, req.params.id)),
  );
  r.post(
    '/api/admin/activities',
    { schema: { tags, summary: '创建活动（未发布；内容净化；写入审计日志）', body: activityInputSchema, response: { 200: envelopeOf(adminActivitySchema) } } },
    async (req) => ok(await createActivity(ctx, authOf(req), req.body), ACTIVITY_MSG.CREATED),
  );
  r.put(
    '/api/admin/activities/:id',
    { schema: { tags, summary: '修改活动及议程（写入审计日志）', params: idParamsSchema, body: activityInputSchema, response: { 200: envelopeOf(adminActivitySchema) } } },
    async (req) => ok(await updateActivity(ctx, authOf(req), req.params.id, req.body), ACTIVITY_MSG.SAVED),
  );
  r.put(
    '/api/admin/activities/:id/publish',
    { schema: { tags, summary: '发布或撤回活动（写入审计日志）', params: idParamsSchema, body: activityPublishSchema, response: { 200: envelopeOf(adminActivitySchema) } } },
    async (req) => ok(await publishActivity(ctx, authOf(req), req.params.id, req.body.published), req.body.published ? ACTIVITY_MSG.PUBLISHED : ACTIVITY_MSG.UNPUBLISHED),
  );
  r.get(
    '/api/admin/activities/:id/attendance',
    { schema: { tags, summary: '活动出席名单（前 500 人）与总数', params: idParamsSchema, response: { 200: envelopeOf(activityAttendanceSchema) } } },
    async (req) => ok(await getAttendance(ctx, req.params.id)),
  );
  r.get(
    '/api/admin/activities/:id/attendance/export',
    { schema: { tags, summary: '导出活动出席名单（.xlsx）', params: idParamsSchema } },
    async (req, reply) => {
      const { fileName, stream } = await exportAttendance(ctx, req.params.id);
      return sendSheet(req, reply, 'activity-attendance.xlsx', fileName, stream);
    },
  );
}
