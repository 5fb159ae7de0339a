import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HOUSE_CUP_MSG,
  houseCupEntryInputSchema,
  houseCupEntrySchema,
  houseCupLeaderboardSchema,
  houseCupLedgerQuerySchema,
  houseCupLedgerSchema,
  houseCupReverseSchema,
  idParamsSchema,
  studentHouseCupSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { sendSheet } from '../../http/xlsx-stream.ts';
import { exportLedger, getLeaderboard, getLedger, getStudentHouseCup, giveHousePoints, reverseHousePoints } from './house-cup.service.ts';

/**
 * 学院杯 (decision 060). Writes are admin-only (the auth hook limits /api/admin/ to is_admin
 * teachers); the board is public like /12house's counts, and a student also sees their own house's entries.
 */
export async function houseCupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get(
    '/api/house-cup',
    { config: { auth: 'public' }, schema: { tags: ['site'], summary: '学院杯积分榜（各学院总分与名次）', response: { 200: envelopeOf(houseCupLeaderboardSchema) } } },
    async () => ok(await getLeaderboard(ctx)),
  );
  r.get(
    '/api/student/house-cup',
    { schema: { tags: ['student'], summary: '学院杯：积分榜、我的学院名次及最近记录（学院结果公布后）', response: { 200: envelopeOf(studentHouseCupSchema) } } },
    async (req) => ok(await getStudentHouseCup(ctx, authOf(req))),
  );

  const tags = ['admin'];
  r.get(
    '/api/admin/house-cup',
    { schema: { tags, summary: '学院杯流水（最新在前，可按学院、会场筛选，分页）', querystring: houseCupLedgerQuerySchema, response: { 200: envelopeOf(houseCupLedgerSchema) } } },
    async (req) => ok(await getLedger(ctx, req.query)),
  );
  r.get(
    '/api/admin/house-cup/export',
    { schema: { tags: ['admin'], summary: '导出学院杯积分流水（.xlsx，按当前学院/会场筛选）', querystring: houseCupLedgerQuerySchema } },
    async (req, reply) => {
      const { fileName, stream } = exportLedger(app.ctx, req.query);
      return sendSheet(req, reply, 'house-cup.xlsx', fileName, stream);
    },
  );
  r.get(
    '/api/admin/house-cup/leaderboard',
    { schema: { tags, summary: '学院杯积分榜', response: { 200: envelopeOf(houseCupLeaderboardSchema) } } },
    async () => ok(await getLeaderboard(ctx)),
  );
  r.post(
    '/api/admin/house-cup',
    { schema: { tags, summary: '为学院加分或扣分（写入审计日志；记录不可修改或删除）', body: houseCupEntryInputSchema, response: { 200: envelopeOf(houseCupEntrySchema) } } },
    async (req) => ok(await giveHousePoints(ctx, authOf(req), req.body), HOUSE_CUP_MSG.GIVEN),
  );
  r.put(
    '/api/admin/house-cup/:id',
    { schema: { tags, summary: '冲正一条记录：新增一条相反分数的记录（原记录不变；每条只能冲正一次；写入审计日志）', params: idParamsSchema, body: houseCupReverseSchema, response: { 200: envelopeOf(houseCupEntrySchema) } } },
    async (req) => ok(await reverseHousePoints(ctx, authOf(req), req.params.id, req.body.reason), HOUSE_CUP_MSG.REVERSED),
  );
}
