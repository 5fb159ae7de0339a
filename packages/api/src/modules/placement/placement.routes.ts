import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLACEMENT_MSG,
  adminPlacementOverviewSchema,
  adminPlacementStudentsQuerySchema,
  adminPlacementStudentsSchema,
  houseRulesSaveSchema,
  houseLatecomersRequestSchema,
  houseLatecomersResultSchema,
  houseRulesSchema,
  houseSortRequestSchema,
  houseSortResultSchema,
  myHouseSchema,
  placementSeenRequestSchema,
  publicationRequestSchema,
  rosterDetailSchema,
  rosterListSchema,
  rosterParamsSchema,
  sortingCeremonySchema,
  successCardStatusSchema,
  twelveHousesSchema,
  venueMoveRequestSchema,
  venueMoveResultSchema,
  venueRuleRequestSchema,
  venueRuleResultSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import {
  getAdminOverview,
  getHouseRules,
  getMyHouse,
  getRosterDetail,
  getRosterList,
  getSortingCeremony,
  getSuccessCardStatus,
  getTwelveHouses,
  listAdminStudents,
  markPlacementSeen,
  moveStudent,
  placeLatecomers,
  runHouseSort,
  runVenueRule,
  saveHouseRules,
  setPublication,
} from './placement.service.ts';

/** Venue and house results, the docs/product/errors.md gates of the house pages, rosters and house rules (decision 040). */
export async function placementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // Student --------------------------------------------------------------------------------------------------
  const student = ['student'];
  r.get(
    '/api/student/success-card-status',
    { schema: { tags: student, summary: '缴费后的卡片状态：会场、学院、选课开放时间（仅本人）', response: { 200: envelopeOf(successCardStatusSchema) } } },
    async (req) => ok(await getSuccessCardStatus(ctx, authOf(req))),
  );
  r.post(
    '/api/student/placement/seen',
    { schema: { tags: student, summary: '标记已查看会场或学院结果（清除“新”标记；可重复调用）', body: placementSeenRequestSchema, response: { 200: envelopeOf(successCardStatusSchema) } } },
    async (req) => ok(await markPlacementSeen(ctx, authOf(req), req.body.kind)),
  );
  r.get(
    '/api/student/house',
    { schema: { tags: student, summary: '我的学院（学院结果公布后；否则 尚未公布house信息！）', response: { 200: envelopeOf(myHouseSchema) } } },
    async (req) => ok(await getMyHouse(ctx, authOf(req))),
  );
  r.get(
    '/api/student/sorting-ceremony',
    { schema: { tags: student, summary: '分院仪式（仅限北京会场，学院结果公布后开放）', response: { 200: envelopeOf(sortingCeremonySchema) } } },
    async (req) => ok(await getSortingCeremony(ctx, authOf(req))),
  );
  r.get(
    '/api/student/house-rules',
    { schema: { tags: student, summary: '学院守则', response: { 200: envelopeOf(houseRulesSchema) } } },
    async () => ok(await getHouseRules(ctx)),
  );
  r.get(
    '/api/teacher/house-rules',
    { schema: { tags: ['teacher'], summary: '学院守则（教师）', response: { 200: envelopeOf(houseRulesSchema) } } },
    async () => ok(await getHouseRules(ctx)),
  );

  // Public (names only for staff and the venue's own students) -----------------------------------------------
  const site = ['site'];
  r.get(
    '/api/houses',
    { config: { auth: 'public' }, schema: { tags: site, summary: '十二学院及已公布的成员人数', response: { 200: envelopeOf(twelveHousesSchema) } } },
    async () => ok(await getTwelveHouses(ctx)),
  );
  r.get(
    '/api/roster',
    { config: { auth: 'public' }, schema: { tags: site, summary: '各会场名单概览（仅人数）', response: { 200: envelopeOf(rosterListSchema) } } },
    async () => ok(await getRosterList(ctx)),
  );
  r.get(
    '/api/roster/:place',
    { config: { auth: 'optional' }, schema: { tags: site, summary: '会场名单：各学院人数；教职员与本会场学生可见姓名', params: rosterParamsSchema, response: { 200: envelopeOf(rosterDetailSchema) } } },
    async (req) => ok(await getRosterDetail(ctx, req.auth ?? null, req.params.place)),
  );

  // Admin ------------------------------------------------------------------------------------------------------
  const admin = ['admin'];
  r.get(
    '/api/admin/placement',
    { schema: { tags: admin, summary: '会场与学院分配概览（人数、容量、分院记录、公布时间）', response: { 200: envelopeOf(adminPlacementOverviewSchema) } } },
    async () => ok(await getAdminOverview(ctx)),
  );
  r.get(
    '/api/admin/placement/students',
    { schema: { tags: admin, summary: '已缴学费学生及其会场、学院（最多 200 条）', querystring: adminPlacementStudentsQuerySchema, response: { 200: envelopeOf(adminPlacementStudentsSchema) } } },
    async (req) => ok(await listAdminStudents(ctx, req.query)),
  );
  r.post(
    '/api/admin/placement/venue-rule',
    { schema: { tags: admin, summary: '按规则批量分配会场（dry_run 预览；提交写入审计）', body: venueRuleRequestSchema, response: { 200: envelopeOf(venueRuleResultSchema) } } },
    async (req) => {
      const result = await runVenueRule(ctx, authOf(req), req.body);
      return ok(result, result.dry_run ? 'ok' : PLACEMENT_MSG.ASSIGNED);
    },
  );
  r.post(
    '/api/admin/placement/move',
    { schema: { tags: admin, summary: '手动调整学生会场（写入审计；新会场已分学院时分入人数最少的学院）', body: venueMoveRequestSchema, response: { 200: envelopeOf(venueMoveResultSchema) } } },
    async (req) => ok(await moveStudent(ctx, authOf(req), req.body), PLACEMENT_MSG.SAVED),
  );
  r.post(
    '/api/admin/placement/house-latecomers',
    { schema: { tags: admin, summary: '为已分学院的会场中尚无学院的同学补分（人数最少的学院；写入审计）', body: houseLatecomersRequestSchema, response: { 200: envelopeOf(houseLatecomersResultSchema) } } },
    async (req) => ok(await placeLatecomers(ctx, authOf(req), req.body), PLACEMENT_MSG.LATECOMERS_PLACED),
  );
  r.post(
    '/api/admin/placement/house-sort',
    { schema: { tags: admin, summary: '会场内分配学院（可指定随机种子复现；公布后不可重新分配）', body: houseSortRequestSchema, response: { 200: envelopeOf(houseSortResultSchema) } } },
    async (req) => ok(await runHouseSort(ctx, authOf(req), req.body), PLACEMENT_MSG.SORTED),
  );
  r.put(
    '/api/admin/placement/publication',
    { schema: { tags: admin, summary: '设置会场/学院结果公布时间（已公布的不可撤回）', body: publicationRequestSchema, response: { 200: envelopeOf(adminPlacementOverviewSchema) } } },
    async (req) => ok(await setPublication(ctx, authOf(req), req.body), PLACEMENT_MSG.SAVED),
  );
  r.put(
    '/api/admin/placement/house-rules',
    { schema: { tags: admin, summary: '编辑学院守则（写入审计）', body: houseRulesSaveSchema, response: { 200: envelopeOf(houseRulesSchema) } } },
    async (req) => ok(await saveHouseRules(ctx, authOf(req), req.body.text), PLACEMENT_MSG.SAVED),
  );
}
