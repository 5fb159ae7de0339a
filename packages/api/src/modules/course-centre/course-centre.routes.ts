import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSE_CENTRE_MSG,
  allocationRunSchema,
  centreConfigSchema,
  centreCourseSchema,
  commitBodySchema,
  courseIdBodySchema,
  courseIdParamsSchema,
  centreCourseListQuerySchema,
  centreCourseListSchema,
  dryRunBodySchema,
  grabBodySchema,
  grabResultSchema,
  centreIdParamsSchema,
  listItemSchema,
  roundBodySchema,
  roundSchema,
  roundStatusBodySchema,
  sortBodySchema,
  submitResultSchema,
  timetableSchema,
  waitlistViewSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import * as cc from './course-centre.service.ts';

/** The course centre (docs/api-contract.md /api/student/course-center/*) and the admin's selection rounds (decisions 041/042). */
export async function courseCentreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['student'];
  const base = '/api/student/course-center';
  const list = { 200: envelopeOf(z.array(listItemSchema)) };
  const timetable = { 200: envelopeOf(timetableSchema) };

  r.get(`${base}/config`, { schema: { tags, summary: '选课配置：当前轮次、方式、开放与结束时间、服务器时间', response: { 200: envelopeOf(centreConfigSchema) } } }, async (req) => ok(await cc.getConfig(ctx, authOf(req))));
  r.get(`${base}/courses`, { schema: { tags, summary: '本期本会场的课程（可按类别、关键词、时段筛选），含余量与冲突', querystring: centreCourseListQuerySchema, response: { 200: envelopeOf(centreCourseListSchema) } } }, async (req) =>
    ok(await cc.listCourses(ctx, authOf(req), req.query)),
  );
  r.get(`${base}/courses/:course_id`, { schema: { tags, summary: '课程详情', params: courseIdParamsSchema, response: { 200: envelopeOf(centreCourseSchema) } } }, async (req) =>
    ok(await cc.getCourseDetail(ctx, authOf(req), req.params.course_id)),
  );

  r.get(`${base}/wish`, { schema: { tags, summary: '我的志愿单（按志愿顺序）', response: list } }, async (req) => ok(await cc.getWish(ctx, authOf(req))));
  r.post(`${base}/wish`, { schema: { tags, summary: '加入志愿单（排在最后）', body: courseIdBodySchema, response: list } }, async (req) => ok(await cc.addToWish(ctx, authOf(req), req.body.course_id)));
  r.post(`${base}/wish/sort`, { schema: { tags, summary: '志愿排序（给出全部课程的新顺序）', body: sortBodySchema, response: list } }, async (req) => ok(await cc.sortWish(ctx, authOf(req), req.body.course_ids)));
  r.delete(`${base}/wish/:course_id`, { schema: { tags, summary: '移出志愿单', params: courseIdParamsSchema, response: list } }, async (req) => ok(await cc.removeFromWish(ctx, authOf(req), req.params.course_id)));

  r.get(`${base}/cart`, { schema: { tags, summary: '我的选课车', response: list } }, async (req) => ok(await cc.getCart(ctx, authOf(req))));
  r.post(`${base}/cart`, { schema: { tags, summary: '加入选课车', body: courseIdBodySchema, response: list } }, async (req) => ok(await cc.addToCart(ctx, authOf(req), req.body.course_id)));
  r.delete(`${base}/cart/:course_id`, { schema: { tags, summary: '移出选课车', params: courseIdParamsSchema, response: list } }, async (req) => ok(await cc.removeFromCart(ctx, authOf(req), req.params.course_id)));
  r.post(`${base}/cart/sort`, { schema: { tags, summary: '选课车排序（提交时按此顺序抢课）', body: sortBodySchema, response: list } }, async (req) => ok(await cc.sortCart(ctx, authOf(req), req.body.course_ids)));
  r.post(`${base}/cart/submit`, { schema: { tags, summary: '提交选课车：至少2门基石工作坊，按顺序逐门抢课', response: { 200: envelopeOf(submitResultSchema) } } }, async (req) => ok(await cc.submitCart(ctx, authOf(req))));
  r.post(`${base}/cart/grab`, { schema: { tags, summary: '抢课（一门；先到先得，不超卖）', body: grabBodySchema, response: { 200: envelopeOf(grabResultSchema) } } }, async (req) =>
    ok(await cc.grab(ctx, authOf(req), req.body.course_id), COURSE_CENTRE_MSG.GRAB_OK),
  );

  r.get(`${base}/my`, { schema: { tags, summary: '我的课表：已选课程、候补、站内通知', response: timetable } }, async (req) => ok(await cc.getTimetable(ctx, authOf(req))));
  r.delete(`${base}/enrolments/:course_id`, { schema: { tags, summary: '退选（名额在同一事务中给候补第一位可选的同学）', params: courseIdParamsSchema, response: timetable } }, async (req) =>
    ok(await cc.dropCourse(ctx, authOf(req), req.params.course_id), COURSE_CENTRE_MSG.DROP_OK),
  );
  r.post(`${base}/waitlist`, { schema: { tags, summary: '加入候补名单（仅限已满的课程）', body: courseIdBodySchema, response: timetable } }, async (req) => ok(await cc.joinCourseWaitlist(ctx, authOf(req), req.body.course_id)));
  r.delete(`${base}/waitlist/:course_id`, { schema: { tags, summary: '退出候补名单', params: courseIdParamsSchema, response: timetable } }, async (req) => ok(await cc.leaveCourseWaitlist(ctx, authOf(req), req.params.course_id)));

  const admin = ['admin'];
  const rounds = '/api/admin/selection-rounds';
  const round = { 200: envelopeOf(roundSchema) };
  r.get(rounds, { schema: { tags: admin, summary: '选课轮次列表', response: { 200: envelopeOf(z.array(roundSchema)) } } }, async () => ok(await cc.listSelectionRounds(ctx)));
  r.post(rounds, { schema: { tags: admin, summary: '新建选课轮次（草稿；写入审计日志）', body: roundBodySchema, response: round } }, async (req) => ok(await cc.createSelectionRound(ctx, authOf(req), req.body)));
  r.put(`${rounds}/:id`, { schema: { tags: admin, summary: '修改选课轮次', params: centreIdParamsSchema, body: roundBodySchema, response: round } }, async (req) => ok(await cc.updateSelectionRound(ctx, authOf(req), req.params.id, req.body)));
  r.post(`${rounds}/:id/status`, { schema: { tags: admin, summary: '开放 / 关闭 / 退回草稿', params: centreIdParamsSchema, body: roundStatusBodySchema, response: round } }, async (req) =>
    ok(await cc.setSelectionRoundStatus(ctx, authOf(req), req.params.id, req.body.status)),
  );
  r.post(`${rounds}/:id/dry-run`, { schema: { tags: admin, summary: '志愿分配试算（随机种子可复现）', params: centreIdParamsSchema, body: dryRunBodySchema, response: { 200: envelopeOf(allocationRunSchema) } } }, async (req) =>
    ok(await cc.dryRunAllocation(ctx, authOf(req), req.params.id, req.body.seed)),
  );
  r.get(`${rounds}/:id/runs`, { schema: { tags: admin, summary: '历次试算与公平性统计', params: centreIdParamsSchema, response: { 200: envelopeOf(z.array(allocationRunSchema)) } } }, async (req) => ok(await cc.listAllocationRuns(ctx, req.params.id)));
  r.post(`${rounds}/:id/commit`, { schema: { tags: admin, summary: '提交一次试算的分配结果', params: centreIdParamsSchema, body: commitBodySchema, response: round } }, async (req) =>
    ok(await cc.commitAllocation(ctx, authOf(req), req.params.id, req.body.run_id)),
  );
  r.get(`${rounds}/:id/waitlists`, { schema: { tags: admin, summary: '本轮各课程候补名单', params: centreIdParamsSchema, response: { 200: envelopeOf(waitlistViewSchema) } } }, async (req) => ok(await cc.getRoundWaitlists(ctx, req.params.id)));
}
