import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ONBOARDING_MSG,
  adminOfferingSchema,
  adminOnboardingSchema,
  adminSignupsQuerySchema,
  adminSignupsSchema,
  limitedPaidSaveRequestSchema,
  limitedPaidSettingsSchema,
  offeringParamsSchema,
  offeringSaveRequestSchema,
  offeringSignupRequestSchema,
  studentOfferingsQuerySchema,
  studentOfferingsSchema,
  studentReadingQuerySchema,
  studentReadingSchema,
} from '@summit/domain';
import { authOf } from '../../http/auth-hook.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import {
  EXPORT_SIGNUP_LIMIT,
  cancelStudentSignup,
  createOffering,
  getAdminOnboarding,
  getAdminSignups,
  getStudentOfferings,
  getStudentReading,
  infoSessionIcs,
  saveLimitedPaidSettings,
  signUpStudent,
  updateOffering,
} from './onboarding.service.ts';
import { writeSignupSheet } from './signup-sheet.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sign-ups, info sessions, orientation and unlockable reading (decisions 048–049). */
export async function onboardingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const origin = (req: FastifyRequest) => ctx.env.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

  const student = ['student'];
  r.get(
    '/api/student/onboarding/offerings',
    { schema: { tags: student, summary: '入学事项：某类项目（专业、SSI、播客、大师课、先导研究、说明会）及本人报名状态', querystring: studentOfferingsQuerySchema, response: { 200: envelopeOf(studentOfferingsSchema) } } },
    async (req) => ok(await getStudentOfferings(ctx, authOf(req), req.query.kind)),
  );
  r.post(
    '/api/student/onboarding/signup',
    { schema: { tags: student, summary: '报名（专业为确认或更换）；名额与截止时间由数据库保证', body: offeringSignupRequestSchema, response: { 200: envelopeOf(studentOfferingsSchema) } } },
    async (req) => ok(await signUpStudent(ctx, authOf(req), req.body.offering_id), ONBOARDING_MSG.SIGNED_UP),
  );
  r.post(
    '/api/student/onboarding/cancel',
    { schema: { tags: student, summary: '截止前取消报名', body: offeringSignupRequestSchema, response: { 200: envelopeOf(studentOfferingsSchema) } } },
    async (req) => ok(await cancelStudentSignup(ctx, authOf(req), req.body.offering_id), ONBOARDING_MSG.CANCELLED),
  );
  r.get(
    '/api/student/onboarding/info-sessions/:id/ics',
    { schema: { tags: student, summary: '已报名说明会的日历文件（.ics）', params: offeringParamsSchema } },
    async (req, reply) => {
      const ics = await infoSessionIcs(ctx, authOf(req), req.params.id, origin(req));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${ics.fileName}"`)
        .send(ics.body);
    },
  );
  r.get(
    '/api/student/onboarding/reading',
    { schema: { tags: student, summary: '入学指南与限时解锁阅读（录取后3天内支付才可解锁此内容）', querystring: studentReadingQuerySchema, response: { 200: envelopeOf(studentReadingSchema) } } },
    async (req) => ok(await getStudentReading(ctx, authOf(req), req.query.slug)),
  );

  const admin = ['admin'];
  r.get(
    '/api/admin/onboarding',
    { schema: { tags: admin, summary: '入学事项：全部项目、名额与解锁设置', response: { 200: envelopeOf(adminOnboardingSchema) } } },
    async () => ok(await getAdminOnboarding(ctx)),
  );
  r.post(
    '/api/admin/onboarding/offerings',
    { schema: { tags: admin, summary: '新建项目（专业名额、SSI、播客、大师课、先导研究、说明会）', body: offeringSaveRequestSchema, response: { 200: envelopeOf(adminOfferingSchema) } } },
    async (req) => ok(await createOffering(ctx, authOf(req), req.body), ONBOARDING_MSG.SAVED),
  );
  r.put(
    '/api/admin/onboarding/offerings/:id',
    { schema: { tags: admin, summary: '修改项目（名额不能少于已报名人数；类型不变）', params: offeringParamsSchema, body: offeringSaveRequestSchema, response: { 200: envelopeOf(adminOfferingSchema) } } },
    async (req) => ok(await updateOffering(ctx, authOf(req), req.params.id, req.body), ONBOARDING_MSG.SAVED),
  );
  r.put(
    '/api/admin/onboarding/limited-paid',
    { schema: { tags: admin, summary: '限时解锁设置：录取后几天内支付、截止日期后支付', body: limitedPaidSaveRequestSchema, response: { 200: envelopeOf(limitedPaidSettingsSchema) } } },
    async (req) => ok(await saveLimitedPaidSettings(ctx, authOf(req), req.body), ONBOARDING_MSG.SAVED),
  );
  r.get(
    '/api/admin/onboarding/signups',
    { schema: { tags: admin, summary: '报名名单（最多 2000 条）', querystring: adminSignupsQuerySchema, response: { 200: envelopeOf(adminSignupsSchema) } } },
    async (req) => ok(await getAdminSignups(ctx, req.query.kind)),
  );
  r.get(
    '/api/admin/onboarding/signups.xlsx',
    { schema: { tags: admin, summary: '导出报名名单（.xlsx）', querystring: adminSignupsQuerySchema } },
    async (req, reply) => {
      const { signups } = await getAdminSignups(ctx, req.query.kind, EXPORT_SIGNUP_LIMIT);
      const buffer = await writeSignupSheet(signups);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="onboarding-signups.xlsx"`)
        .send(buffer);
    },
  );
}
