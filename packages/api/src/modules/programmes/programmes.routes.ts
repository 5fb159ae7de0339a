import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BUILTIN_PROGRAMMES,
  MSG,
  adminDecisionSchema,
  adminProgrammeApplicationResponseSchema,
  adminProgrammeApplicationsQuerySchema,
  dueDateExtensionSchema,
  staffDuesSchema,
  programmeDueDateExtendRequestSchema,
  adminProgrammeApplicationsResponseSchema,
  adminProgrammeResponseSchema,
  adminProgrammesResponseSchema,
  aliasApplyRequestSchema,
  myApplicationResponseSchema,
  myProgrammesResponseSchema,
  programmeApplicationParamsSchema,
  programmeCodeParamsSchema,
  programmeCreateRequestSchema,
  programmeDecisionRequestSchema,
  programmePublicResponseSchema,
  programmeReleaseRequestSchema,
  programmeReleaseResponseSchema,
  programmeStepParamsSchema,
  programmeStepSaveRequestSchema,
  programmeUpdateRequestSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { emptyEnvelopeSchema, envelopeOf, ok } from '../../http/envelope.ts';
import { isAmcHost } from '../site/site.service.ts';
import { extendProgrammeDueDate, programmeStaffDues } from './programme-dues.service.ts';
import { getMyApplication, getPublicProgramme, listMyProgrammes, saveAliasStep, saveStep, type SiteOf } from './programmes.service.ts';
import {
  createProgramme,
  deleteProgrammeDecision,
  getAdminProgramme,
  getApplicationForAdmin,
  listAdminProgrammes,
  listApplicationsForAdmin,
  releaseProgrammeDecisions,
  withdrawProgrammeDecision,
  saveProgrammeDecision,
  updateProgramme,
} from './programme-admin.service.ts';

const adminDecisionResponseSchema = envelopeOf(adminDecisionSchema.nullable());

/** Programmes (decision 075): public page, the applicant's generic form for students and SL, aliases, admin. */
export async function programmesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const site = (req: FastifyRequest): SiteOf => ({ amc: isAmcHost(app.ctx.env, req.hostname) });

  r.get(
    '/api/programmes/:code',
    { config: { auth: 'public' }, schema: { tags: ['programmes'], summary: '项目公开页（未发布的项目不存在）', params: programmeCodeParamsSchema, response: { 200: programmePublicResponseSchema } } },
    async (req) => ok(await getPublicProgramme(app.ctx, req.params.code, site(req))),
  );

  // The applicant's form: the same service for students and student leaders (the token's role decides eligibility).
  for (const role of ['student', 'sl'] as const) {
    const tags = [role];
    r.get(
      `/api/${role}/programmes`,
      { schema: { tags, summary: '可申请的项目与我的申请状态', response: { 200: myProgrammesResponseSchema } } },
      async (req) => ok(await listMyProgrammes(app.ctx, authOf(req), site(req))),
    );
    r.get(
      `/api/${role}/programmes/:code/application`,
      { schema: { tags, summary: '我的项目申请（表单、草稿、状态、结果）', params: programmeCodeParamsSchema, response: { 200: myApplicationResponseSchema } } },
      async (req) => ok(await getMyApplication(app.ctx, authOf(req), req.params.code, site(req))),
    );
    r.put(
      `/api/${role}/programmes/:code/application/steps/:step`,
      { schema: { tags, summary: '保存申请步骤（草稿合并；submit=true 校验必填并按顺序提交）', params: programmeStepParamsSchema, body: programmeStepSaveRequestSchema, response: { 200: myApplicationResponseSchema } } },
      async (req) => {
        const { view, submitted } = await saveStep(app.ctx, authOf(req), req.params.code, req.params.step, req.body, site(req));
        return ok(view, submitted ? MSG.PROGRAMME_SUBMITTED : MSG.PROGRAMME_DRAFT_SAVED);
      },
    );
  }

  // docs/api-contract.md aliases over the generic form.
  const alias = (path: string, summary: string, code: string, step: string | null) =>
    r.post(path, { schema: { tags: ['student'], summary, body: aliasApplyRequestSchema, response: { 200: myApplicationResponseSchema } } }, async (req) => {
      const { view, submitted } = await saveAliasStep(app.ctx, authOf(req), code, step, req.body, site(req));
      return ok(view, submitted ? MSG.PROGRAMME_SUBMITTED : req.body.submit ? MSG.SAVE_OK : MSG.PROGRAMME_DRAFT_SAVED);
    });
  alias('/api/student/v5/si/apply', 'SSI 申请（项目 ssi 的第一步）', BUILTIN_PROGRAMMES.ssi, null);
  alias('/api/student/vol/apply/step1', '志愿者申请第一步（项目 volunteer 的 step1）', BUILTIN_PROGRAMMES.volunteer, 'step1');
  alias('/api/student/vol/apply/step2', '志愿者申请第二步（项目 volunteer 的 step2）', BUILTIN_PROGRAMMES.volunteer, 'step2');

  // Admin: definitions, applications, decisions (permissions in domain permissions.ts).
  const tags = ['admin'];
  r.get('/api/admin/programmes', { schema: { tags, summary: '项目列表（含各状态申请数）', response: { 200: adminProgrammesResponseSchema } } }, async () => ok(await listAdminProgrammes(app.ctx)));
  r.post(
    '/api/admin/programmes',
    { schema: { tags, summary: '新建项目（无需改代码）', body: programmeCreateRequestSchema, response: { 200: adminProgrammeResponseSchema } } },
    async (req) => ok(await createProgramme(app.ctx, authOf(req), req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/admin/programmes/:code',
    { schema: { tags, summary: '项目设置', params: programmeCodeParamsSchema, response: { 200: adminProgrammeResponseSchema } } },
    async (req) => ok(await getAdminProgramme(app.ctx, req.params.code)),
  );
  r.put(
    '/api/admin/programmes/:code',
    { schema: { tags, summary: '修改项目设置（整份定义）', params: programmeCodeParamsSchema, body: programmeUpdateRequestSchema, response: { 200: adminProgrammeResponseSchema } } },
    async (req) => ok(await updateProgramme(app.ctx, authOf(req), req.params.code, req.body), MSG.SAVE_OK),
  );
  r.get(
    '/api/admin/programmes/:code/applications',
    { schema: { tags, summary: '项目申请列表（筛选、按姓名或手机号搜索、分页）', params: programmeCodeParamsSchema, querystring: adminProgrammeApplicationsQuerySchema, response: { 200: adminProgrammeApplicationsResponseSchema } } },
    async (req) => ok(await listApplicationsForAdmin(app.ctx, req.params.code, req.query)),
  );
  r.get(
    '/api/admin/programmes/:code/applications/:id',
    { schema: { tags, summary: '项目申请详情（答案、护照、签证）', params: programmeApplicationParamsSchema, response: { 200: adminProgrammeApplicationResponseSchema } } },
    async (req) => ok(await getApplicationForAdmin(app.ctx, req.params.code, req.params.id)),
  );
  r.put(
    '/api/admin/programmes/:code/applications/:id/decision',
    { schema: { tags, summary: '保存项目录取决定草稿', params: programmeApplicationParamsSchema, body: programmeDecisionRequestSchema, response: { 200: adminDecisionResponseSchema } } },
    async (req) => ok(await saveProgrammeDecision(app.ctx, authOf(req), req.params.code, req.params.id, req.body), MSG.SAVE_OK),
  );
  r.delete(
    '/api/admin/programmes/:code/applications/:id/decision',
    { schema: { tags, summary: '删除未发布的项目录取决定草稿', params: programmeApplicationParamsSchema, response: { 200: emptyEnvelopeSchema } } },
    async (req) => {
      await deleteProgrammeDecision(app.ctx, authOf(req), req.params.code, req.params.id);
      return { status: 200 as const, msg: MSG.ADMISSION_DRAFT_DELETED };
    },
  );
  r.post(
    '/api/admin/programmes/:code/release',
    { schema: { tags, summary: '批量发布项目录取结果（一个事务）', params: programmeCodeParamsSchema, body: programmeReleaseRequestSchema, response: { 200: programmeReleaseResponseSchema } } },
    async (req) => ok(await releaseProgrammeDecisions(app.ctx, authOf(req), req.params.code, req.body.ids, req.log)),
  );
  r.get(
    '/api/admin/programmes/:code/applications/:id/dues',
    { schema: { tags, summary: '某学生项目各笔款项的截止时间与状态（供延长缴费期限）', params: programmeApplicationParamsSchema, response: { 200: envelopeOf(staffDuesSchema) } } },
    async (req) => ok(await programmeStaffDues(app.ctx, req.params.code, req.params.id)),
  );
  r.put(
    '/api/admin/programmes/:code/applications/:id/due-date',
    {
      schema: {
        tags,
        summary: '为某学生延长项目某笔款项的缴费截止时间（写入审计日志）',
        params: programmeApplicationParamsSchema,
        body: programmeDueDateExtendRequestSchema,
        response: { 200: envelopeOf(dueDateExtensionSchema) },
      },
    },
    async (req) => ok(await extendProgrammeDueDate(app.ctx, authOf(req), req.params.code, req.params.id, req.body), MSG.SAVE_OK),
  );
  r.post(
    '/api/admin/programmes/:code/applications/:id/decision/withdraw',
    { schema: { tags, summary: '撤回已发布的项目录取结果（回到草稿并通知学生；已缴项目费用后不可撤回）', params: programmeApplicationParamsSchema, response: { 200: adminDecisionResponseSchema } } },
    async (req) => ok(await withdrawProgrammeDecision(app.ctx, authOf(req), req.params.code, req.params.id, req.log), MSG.ADMISSION_WITHDRAWN),
  );
}
