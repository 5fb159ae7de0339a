import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MISSION_X_MSG,
  handInInputSchema,
  handInSchema,
  missionHandInsSchema,
  missionIdParamsSchema,
  missionInputSchema,
  reviewHandInSchema,
  reviewInputSchema,
  studentMissionBoardSchema,
  teacherMissionBoardSchema,
  teacherMissionSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { getMissionHandIns, getStudentBoard, getTeacherBoard, handIn, postMission, reviewHandIn, updateMission, withdrawMission } from './mission-x.service.ts';

/**
 * Mission X (decision 101): the spec's "activity mission-x" calls for students and the teachers' mission-x calls,
 * including DELETE mission-x (withdraw). The path prefix names the role (the auth hook); the service checks the
 * activity's audience for students and the poster / admin / house CSL for reviewers.
 */
export async function missionXRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/student/activity/mission-x',
    { schema: { tags: ['student'], summary: 'Mission X：我可参与的活动、任务及我的提交', response: { 200: envelopeOf(studentMissionBoardSchema) } } },
    async (req) => ok(await getStudentBoard(ctx, authOf(req))),
  );
  r.post(
    '/api/student/activity/mission-x/:id/hand-in',
    {
      schema: {
        tags: ['student'],
        summary: 'Mission X：提交任务（文字、图片或视频；通过前可重新提交并替换）',
        params: missionIdParamsSchema,
        body: handInInputSchema,
        response: { 200: envelopeOf(handInSchema) },
      },
    },
    async (req) => ok(await handIn(ctx, authOf(req), req.params.id, req.body), MISSION_X_MSG.HANDED_IN),
  );

  const tags = ['teacher'];
  r.get(
    '/api/teacher/mission-x',
    { schema: { tags, summary: 'Mission X：活动与任务（含各状态提交数）', response: { 200: envelopeOf(teacherMissionBoardSchema) } } },
    async (req) => ok(await getTeacherBoard(ctx, authOf(req))),
  );
  r.post(
    '/api/teacher/mission-x',
    { schema: { tags, summary: 'Mission X：发布任务（写入审计日志）', body: missionInputSchema, response: { 200: envelopeOf(teacherMissionSchema) } } },
    async (req) => ok(await postMission(ctx, authOf(req), req.body), MISSION_X_MSG.POSTED),
  );
  r.put(
    '/api/teacher/mission-x/:id',
    { schema: { tags, summary: 'Mission X：修改任务（发布者或管理员；写入审计日志）', params: missionIdParamsSchema, body: missionInputSchema, response: { 200: envelopeOf(teacherMissionSchema) } } },
    async (req) => ok(await updateMission(ctx, authOf(req), req.params.id, req.body), MISSION_X_MSG.SAVED),
  );
  r.delete(
    '/api/teacher/mission-x/:id',
    { schema: { tags, summary: 'Mission X：撤回任务（学生不再看到；提交与已计积分保留；写入审计日志）', params: missionIdParamsSchema, response: { 200: envelopeOf(teacherMissionSchema) } } },
    async (req) => ok(await withdrawMission(ctx, authOf(req), req.params.id), MISSION_X_MSG.WITHDRAWN),
  );
  r.get(
    '/api/teacher/mission-x/:id/hand-ins',
    { schema: { tags, summary: 'Mission X：任务的提交（发布者与管理员看全部，CSL 看本学院学生）', params: missionIdParamsSchema, response: { 200: envelopeOf(missionHandInsSchema) } } },
    async (req) => ok(await getMissionHandIns(ctx, authOf(req), req.params.id)),
  );
  r.put(
    '/api/teacher/mission-x/hand-ins/:id',
    {
      schema: {
        tags,
        summary: 'Mission X：批阅提交（通过计学院杯积分，退回，撤销通过即冲正；须带上所见版本；写入审计日志）',
        params: missionIdParamsSchema,
        body: reviewInputSchema,
        response: { 200: envelopeOf(reviewHandInSchema) },
      },
    },
    async (req) => {
      const body = req.body;
      const done = await reviewHandIn(ctx, authOf(req), req.params.id, body);
      return ok(done, body.decision === 'accept' ? MISSION_X_MSG.ACCEPTED : body.decision === 'return' ? MISSION_X_MSG.RETURNED : MISSION_X_MSG.UNACCEPTED);
    },
  );
}
