import type { FastifyInstance } from 'fastify';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { sessionRoutes } from '../modules/auth/sessions.routes.ts';
import { mfaRoutes } from '../modules/auth/mfa.routes.ts';
import { profileRoutes } from '../modules/profile/profile.routes.ts';
import { regionRoutes } from '../modules/region/region.routes.ts';
import { systemRoutes } from '../modules/system/system.routes.ts';
import { healthRoutes } from '../modules/system/health.routes.ts';
import { trackingRoutes } from '../modules/tracking/tracking.routes.ts';
import { paymentRoutes } from '../modules/payments/payments.routes.ts';
import { programmePortalRoutes } from '../modules/programmes/programme-portal.routes.ts';
import { refundRoutes } from '../modules/refunds/refunds.routes.ts';
import { reconciliationRoutes } from '../modules/reconciliation/reconciliation.routes.ts';
import { receiptRoutes } from '../modules/receipts/receipts.routes.ts';
import { duesRoutes } from '../modules/dues/dues.routes.ts';
import { offerRoutes } from '../modules/offer/offer.routes.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { admissionsRoutes } from '../modules/admissions/admissions.routes.ts';
import { applicationRoutes } from '../modules/application/application.routes.ts';
import { storageRoutes } from '../modules/storage/storage.routes.ts';
import { noticeRoutes } from '../modules/notice/notice.routes.ts';
import { courseCentreRoutes } from '../modules/course-centre/course-centre.routes.ts';
import { placementRoutes } from '../modules/placement/placement.routes.ts';
import { onboardingRoutes } from '../modules/onboarding/onboarding.routes.ts';
import { emailRoutes } from '../modules/email/email.routes.ts';
import { venuesRoutes } from '../modules/venues/venues.routes.ts';
import { coursesRoutes } from '../modules/courses/courses.routes.ts';
import { courseworkRoutes } from '../modules/coursework/coursework.routes.ts';
import { teachingRoutes } from '../modules/teaching/teaching.routes.ts';
import { classesRoutes } from '../modules/classes/classes.routes.ts';
import { certificatesRoutes } from '../modules/certificates/certificates.routes.ts';
import { courseAdminRoutes } from '../modules/course-admin/course-admin.routes.ts';
import { checklistRoutes } from '../modules/checklist/checklist.routes.ts';
import { onboardingFormsRoutes } from '../modules/onboarding-forms/onboarding-forms.routes.ts';
import { schoolRoutes } from '../modules/school/school.routes.ts';
import { houseCupRoutes } from '../modules/house-cup/house-cup.routes.ts';
import { activitiesRoutes } from '../modules/activities/activities.routes.ts';
import { badgesRoutes } from '../modules/badges/badges.routes.ts';
import { privacyRoutes } from '../modules/privacy/privacy.routes.ts';
import { staffRoutes } from '../modules/staff/staff.routes.ts';
import { operationsRoutes } from '../modules/operations/operations.routes.ts';
import { timeSheetsRoutes } from '../modules/time-sheets/time-sheets.routes.ts';
import { auditRoutes } from '../modules/audit/audit.routes.ts';
import { messagesRoutes } from '../modules/messages/messages.routes.ts';
import { analyticsRoutes } from '../modules/analytics/analytics.routes.ts';
import { studentsRoutes } from '../modules/students/students.routes.ts';
import { programmesRoutes } from '../modules/programmes/programmes.routes.ts';
import { wechatRoutes } from '../modules/wechat/wechat.routes.ts';
import { installWechat } from '../modules/wechat/wechat-runtime.ts';
import { miniprogramRoutes } from '../modules/miniprogram/miniprogram.routes.ts';
import { installMiniprogram } from '../modules/miniprogram/miniprogram-runtime.ts';
import { installWecom } from '../providers/wecom/wecom-runtime.ts';
import { wecomRoutes } from '../modules/wecom/wecom.routes.ts';
import { siteRoutes } from '../modules/site/site.routes.ts';
import { contentRoutes } from '../modules/content/content.routes.ts';
import { talentShowRoutes } from '../modules/talent-show/talent-show.routes.ts';
import { missionXRoutes } from '../modules/mission-x/mission-x.routes.ts';
import { forumRoutes } from '../modules/forum/forum.routes.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';
import type { Env } from '../env.ts';
import type { RedisConnections } from '../providers/bus/create-message-bus.ts';
import type { PoolStats } from '../http/context.ts';
import type { AppMetrics } from '../http/metrics.ts';

export interface RouteOptions {
  env: Env;
  mail?: MailProvider;
  redis?: RedisConnections;
  poolStats?: () => PoolStats;
  metrics?: AppMetrics;
}

/** Every module's routes, in registration order (the composition root: modules never import each other's routes). */
export async function registerRoutes(app: FastifyInstance, options: RouteOptions): Promise<void> {
  await app.register(
    healthRoutes({
      ...(options.redis ? { redis: options.redis } : {}),
      ...(options.poolStats ? { poolStats: options.poolStats } : {}),
      ...(options.metrics ? { metrics: options.metrics } : {}),
    }),
  );
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(profileRoutes);
  await app.register(regionRoutes);
  await app.register(trackingRoutes);
  await app.register(settingsRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  await app.register(receiptRoutes);
  await app.register(reconciliationRoutes);
  await app.register(duesRoutes);
  await app.register(programmePortalRoutes);
  await app.register(admissionsRoutes);
  await app.register(offerRoutes);
  await app.register(applicationRoutes);
  await app.register(storageRoutes);
  await app.register(siteRoutes);
  await app.register(contentRoutes);
  await app.register(noticeRoutes);
  await app.register(courseCentreRoutes);
  await app.register(placementRoutes);
  await app.register(emailRoutes(options.mail ? { mail: options.mail } : {}));
  await app.register(venuesRoutes);
  await app.register(coursesRoutes);
  await app.register(courseworkRoutes);
  await app.register(teachingRoutes);
  await app.register(classesRoutes(options.mail ? { mail: options.mail } : {}));
  await app.register(certificatesRoutes);
  await app.register(courseAdminRoutes);
  await app.register(onboardingRoutes);
  await app.register(checklistRoutes);
  await app.register(onboardingFormsRoutes);
  await app.register(schoolRoutes);
  await app.register(houseCupRoutes);
  await app.register(activitiesRoutes);
  await app.register(badgesRoutes);
  await app.register(privacyRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(messagesRoutes);
  await app.register(analyticsRoutes);
  await app.register(operationsRoutes);
  await app.register(timeSheetsRoutes);
  await app.register(studentsRoutes);
  await app.register(programmesRoutes);
  await installWechat(app, options.env, options.redis ? { redis: options.redis } : {});
  await app.register(wechatRoutes);
  await installMiniprogram(app, options.env);
  await app.register(miniprogramRoutes);
  await app.register(talentShowRoutes);
  await app.register(missionXRoutes);
  await app.register(forumRoutes);
  await installWecom(app, options.env);
  await app.register(wecomRoutes);
}
