/**
 * One fixture per write route for the double-submit suite (double-submit.test.ts, decision 092): who sends it and
 * a valid request against the seeded demo programme. Fixtures run in this order on both databases, so a later
 * route may use what an earlier one made (a wish before its removal, an order before its refund); routes that end
 * a session or remove what others use come last. `prepare` runs once per database and may look records up there.
 *
 * `additive`: the route makes something new on every request by design (the reason says why); it is fired and
 * must not fail, but its row counts are not compared. `unreached`: the suite cannot bring the route to a valid
 * request (the reason says why); it is still fired 8 times at once and must not answer 5xx or drop the connection.
 */
import { sql, type SQL } from 'drizzle-orm';
import { WRITING_RUBRIC } from '@summit/domain';
import { PDF_BYTES, getCredential, multipartBody, uploadPdf } from '../modules/storage/storage-test-kit.ts';
import { accounts } from '../db/schema.ts';
import { ID, LIVE_COURSE, file, inDays, latest, latestOrder, rowsOf, send, sms, totp, type Fixture, type FixtureCtx } from './double-submit.kit.ts';
import { MINIPROGRAM_FIXTURES } from './double-submit.fixtures-miniprogram.ts';
import { WECOM_SIGNIN_FIXTURES } from './double-submit.fixtures-wecom-signin.ts';
import { WECOM_SEMINAR_FIXTURES } from './double-submit.fixtures-wecom-seminar.ts';
import { ACTIVITIES_FIXTURES } from './double-submit.fixtures-activities.ts';
import { MISSION_X_FIXTURES } from './double-submit.fixtures-mission-x.ts';
import { FORUM_FIXTURES } from './double-submit.fixtures-forum.ts';
import { TALENT_SHOW_FIXTURES } from './double-submit.fixtures-talent-show.ts';
import { BADGES_FIXTURES } from './double-submit.fixtures-badges.ts';
import { GAMES_FIXTURES } from './double-submit.fixtures-games.ts';
import { CAMPUS_FIXTURES } from './double-submit.fixtures-campus.ts';

export { rowsOf, type Fixture, type FixtureCtx, type Who } from './double-submit.kit.ts';

const COURSE_BODY = { code: 'DS-101', title: '双击测试课程', category: 'seminar', session_key: 'first', capacity: 20, teacher_id: ID.teacher };
const VENUE_BODY = { place_name: 'ds-venue', name: '测试会场', capacity: 50, session_keys: ['first'] };
const OFFERING_BODY = { kind: 'info_session', title: '双击测试说明会', capacity: 30, closes_at: inDays(20), starts_at: inDays(25), duration_minutes: 60 };
const CHECKLIST_BODY = { key: 'confirm:ds-test', title: '双击测试事项', kind: 'confirmation', required: false };
const ROUND_BODY = { name: '双击测试轮', session_key: 'second', venue_id: null, categories: ['seminar'], mode: 'preference', opens_at: inDays(1), closes_at: inDays(5) };
const MESSAGE_BODY = { title: '双击测试消息', body: '内容', filter: { user_ids: [ID.paid] }, send_at: inDays(2) };
const ASSIGNMENT_BODY = { course_id: LIVE_COURSE, title: '双击测试作业', due_at: inDays(7), allowed_types: ['pdf'], max_size_mb: 5, max_score: 100 };
const PASSPORT = { number: 'E12345678', name: 'WU JIAYI', expires_on: '2031-01-01', scan: file('passport.png') };

/** The databases whose clock has been moved past the live course's end. */
const courseEnded = new WeakSet<FixtureCtx>();

const BASE_FIXTURES: Record<string, Fixture> = {
  // ---- Sign-in and accounts -------------------------------------------------------------------------------
  'POST /api/captcha/question': { as: 'public', body: { phone_code: '86', phone: '13911110001' }, additive: 'each question is a new challenge the caller must answer (the rate limit caps them)' },
  'POST /api/captcha/answer': {
    as: 'public',
    prepare: async (ctx) => {
      const q = await ctx.app.inject({ method: 'POST', url: '/api/captcha/question', payload: { phone_code: '86', phone: '13911110002' } });
      const [, a, b] = /^(\d+)\s*\+\s*(\d+)/.exec((q.json() as { data: { code: string } }).data.code) ?? [];
      return { body: { phone_code: '86', phone: '13911110002', code: Number(a) + Number(b) } };
    },
  },
  'POST /api/register': { as: 'public', prepare: async (ctx) => ({ body: { phone_code: '86', phone: '13911110003', code: await sms(ctx, '13911110003'), password: 'Passw0rd!x' } }) },
  'POST /api/login': { as: 'public', body: { phone_code: '86', phone: '13900000002', password: 'Summit2026!' }, additive: 'each login opens its own session (a device), as logging in on two devices does' },
  'POST /api/reset': { as: 'public', prepare: async (ctx) => ({ body: { phone_code: '86', phone: '13900000001', code: await sms(ctx, '13900000001'), password: 'Passw0rd!y' } }) },
  'POST /api/auth/password': {
    as: 'public',
    prepare: async (ctx) => {
      // The account registered above: a demo account keeps its published password for the fixtures after it.
      const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone_code: '86', phone: '13911110003', password: 'Passw0rd!x' } });
      return { token: (res.json() as { data: { token: string } }).data.token, body: { password: 'Passw0rd!x', new_password: 'Passw0rd!z' } };
    },
  },
  'POST /api/auth/sessions/:id/revoke': {
    as: 'sbp',
    prepare: async (ctx) => {
      await ctx.freshToken('sbp');
      const id = await ctx.one(sql`select id from auth_tokens where account_id = ${ID.sbp} order by id desc limit 1`);
      return { url: `/api/auth/sessions/${id}/revoke`, token: await ctx.freshToken('sbp') };
    },
  },
  'POST /api/admin/accounts/:id/sessions/revoke': { as: 'admin', prepare: async (ctx) => (await ctx.freshToken('trainee'), { url: `/api/admin/accounts/${ID.trainee}/sessions/revoke` }) },
  'POST /api/auth/mfa/setup': { as: 'public', unreached: 'needs the sign-in challenge of an administrator who must enrol (two-factor enforced); covered by the MFA tests' },
  'POST /api/auth/mfa/setup/confirm': { as: 'public', unreached: 'follows the setup above' },
  'POST /api/auth/mfa/enrol': { as: 'csl', additive: 'each call starts a new enrolment secret (only the last confirmed one counts)' },
  'POST /api/auth/mfa/enrol/confirm': {
    as: 'csl',
    prepare: async (ctx) => {
      const begin = await send(ctx, 'csl', 'POST', '/api/auth/mfa/enrol');
      ctx.secrets.set('csl', String(begin.data.secret));
      return { body: { code: totp(ctx, 'csl') } };
    },
  },
  'POST /api/auth/mfa/verify': {
    as: 'public',
    prepare: async (ctx) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone_code: '86', phone: '13800000004', password: 'Summit2026!' } });
      return { body: { challenge: (res.json() as { data: { challenge: string } }).data.challenge, code: totp(ctx, 'csl') } };
    },
  },
  'POST /api/auth/mfa/recovery-codes': { as: 'csl', prepare: async (ctx) => ({ body: { code: totp(ctx, 'csl') } }) },
  'POST /api/auth/mfa/disable': { as: 'csl', prepare: async (ctx) => ({ body: { code: totp(ctx, 'csl') } }) },
  'POST /api/admin/staff/:id/mfa/reset': { as: 'admin', prepare: async (ctx) => (await send(ctx, 'csl', 'POST', '/api/auth/mfa/enrol'), { url: `/api/admin/staff/${ID.csl}/mfa/reset` }) },
  'PUT /api/admin/settings/security': { as: 'admin', body: { mfa_enforced: false } },
  'POST /api/student/info': { as: 'paid', prepare: async (ctx) => ({ body: await profileBody(ctx) }) },
  'POST /api/bury-dot': { as: 'public', body: { event: 'page_view', ip: '127.0.0.1' }, additive: 'each beacon is one page view' },

  // ---- Settings -----------------------------------------------------------------------------------------------
  'PUT /api/admin/settings/fees': { as: 'admin', prepare: async (ctx) => ({ body: await settingsBody(ctx, '/api/admin/settings/fees') }) },
  'PUT /api/admin/settings/programme': { as: 'admin', prepare: async (ctx) => ({ body: await settingsBody(ctx, '/api/admin/settings/programme') }) },
  'PUT /api/admin/settings/deadlines': { as: 'admin', prepare: async (ctx) => ({ body: await settingsBody(ctx, '/api/admin/settings/deadlines') }) },
  'PUT /api/admin/settings/refund-policy': { as: 'admin', body: { deadline: null, deductions: [{ label: '手续费', fen: 100 }], approval_threshold_fen: 50_000 } },
  'PUT /api/admin/settings/fee-plan': {
    as: 'admin',
    body: { mode: 'whole', whole_due: { kind: 'after_offer', days: 14 }, deposit_fen: 300_000, deposit_due: { kind: 'after_offer', days: 7 }, final_due: { kind: 'after_offer', days: 30 }, reminder_days: [3, 1], overdue_rule: 'remind_only' },
  },
  'PUT /api/admin/site/qr': { as: 'admin', body: { which: 'service', file: null } },
  'PUT /api/admin/site/contact': { as: 'admin', body: { phone: '010-6275 1234', email: 'office@example.com', wechat_id: 'summit_office', hours: '工作日 9:00–18:00' } },
  'PUT /api/admin/content/page/draft': {
    as: 'admin',
    body: { title: '常见问题', description: '常见问题', document: { hero: { title: '常见问题', subtitle: '双击测试' }, sections: [{ id: 'intro', heading: '简介', html: '<p>内容</p>' }] } },
    prepare: async () => ({ url: '/api/admin/content/page/draft?slug=faq' }),
  },
  'POST /api/admin/content/page/publish': { as: 'admin', prepare: async () => ({ url: '/api/admin/content/page/publish?slug=faq' }) },
  'PUT /api/admin/certificate-rule': { as: 'admin', body: { min_attendance_pct: 80, min_final_grade: 60 } },
  'PUT /api/admin/onboarding/limited-paid': { as: 'admin', body: { days: 14, cutoff: null } },
  'PUT /api/admin/placement/house-rules': { as: 'admin', body: { text: '学院规则：双击测试' } },
  'PUT /api/admin/staff-permissions/:account_id': { as: 'admin', body: { health_read: true }, prepare: async () => ({ url: `/api/admin/staff-permissions/${ID.admin}` }) },
  'POST /api/site/tester': { as: 'public', body: { password: 'wrong-password' }, expectStatus: 4003, unreached: 'the tester password is off outside test sites; the wrong password is refused' },

  // ---- Application, offer, money ------------------------------------------------------------------------------
  'POST /api/student/v5/apply/step1': { as: 'profiled', body: { submit: false, data: { legal_name: '陈思远' } } },
  'POST /api/student/v5/apply/step2': { as: 'step1', body: { submit: false, data: {} }, prepare: async (ctx) => (await send(ctx, 'step1', 'POST', '/api/student/payment', { purpose: 'apply_fee', provider: 'AL', channel: 'web' }), await confirmLatest(ctx, ID.step1), {}) },
  'POST /api/student/form': { as: 'paid', body: { form_name: 'address', value: { receiver: '孙浩然', phone: '13900000007', address: '上海市杨浦区邯郸路220号' }, draft: true } },
  'POST /api/student/bursary-apply': { as: 'applied', body: { family_members: 4, annual_income: '5-10万', reason: '父母务农，家中还有一个弟弟在读初中，家庭年收入不足以负担全部学费。我非常希望参加今年的夏季学术项目，恳请老师考虑我的助学金申请，谢谢。' } },
  'PUT /api/admin/financial-aid/:userId': { as: 'admin', body: { status: 'granted', granted_fen: 100_000 }, prepare: async () => ({ url: `/api/admin/financial-aid/${ID.applied}` }) },
  'PUT /api/admin/applications/:userId/decision': { as: 'admin', body: { decision: 'offer', place_name: '第一期', professional_track: '人文社科' }, prepare: async () => ({ url: `/api/admin/applications/${ID.applied}/decision` }) },
  'POST /api/admin/applications/release': { as: 'admin', body: { user_ids: [ID.applied] } },
  'POST /api/student/offer-letter': { as: 'offered' },
  'POST /api/student/payment/parent-link': { as: 'offered', body: { purpose: 'tuition' } },
  'POST /api/guest/payment/pay-for/:token': { as: 'public', body: { provider: 'AL', channel: 'web' }, prepare: async (ctx) => ({ url: `/api/guest/payment/pay-for/${await parentToken(ctx)}` }) },
  'POST /api/student/payment': { as: 'offered', body: { purpose: 'tuition', provider: 'AL', channel: 'web' } },
  'POST /api/payment/sandbox/:order_no/confirm': { as: 'public', prepare: async (ctx) => ({ url: `/api/payment/sandbox/${await latestOrder(ctx, ID.offered)}/confirm` }) },
  'POST /api/admin/students/:userId/refunds': {
    as: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/students/${ID.offered}/refunds`, body: { order_id: await latestOrder(ctx, ID.offered), amount_fen: 100_000, reason: '双击测试退款' } }),
  },
  'POST /api/admin/refunds/:refundNo/approve': {
    as: 'admin',
    prepare: async (ctx) => ({ url: `/api/admin/refunds/${await ctx.one<string>(sql`select refund_no from payment_refunds where reason = '双击测试退款'`)}/approve`, token: await secondAdminToken(ctx) }),
  },
  'POST /api/admin/refunds/:refundNo/reject': {
    as: 'admin',
    body: { reason: '双击测试' },
    prepare: async (ctx) => {
      await send(ctx, 'admin', 'POST', `/api/admin/students/${ID.offered}/refunds`, { order_id: await latestOrder(ctx, ID.offered), amount_fen: 50_000, reason: '双击测试驳回' });
      return { url: `/api/admin/refunds/${await ctx.one<string>(sql`select refund_no from payment_refunds where reason = '双击测试驳回'`)}/reject`, token: await secondAdminToken(ctx) };
    },
  },
  'POST /api/payment/sandbox/:order_no/fail': { as: 'public', prepare: async (ctx) => (await send(ctx, 'deans', 'POST', '/api/student/programmes/deans-list/payment', { kind: 'deposit', provider: 'AL', channel: 'web' }), { url: `/api/payment/sandbox/${await latestOrder(ctx, ID.deans)}/fail` }) },
  'POST /api/payment/notify/:provider': { as: 'public', unreached: 'a provider notification is signed by the provider; sandbox orders are confirmed through the sandbox route above' },
  'POST /api/admin/reconciliation/runs': { as: 'admin', prepare: async () => ({ body: { day: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10), gateway: 'sandbox' } }), additive: 'each run is kept as that day\'s comparison at that moment (the history of re-runs); mismatches are not duplicated' },
  'PUT /api/admin/reconciliation/mismatches/:id/note': { as: 'admin', body: { note: '已核对' }, unreached: 'the demo bills match its payments: no mismatch to annotate (reconciliation tests make one)' },
  'PUT /api/admin/students/:userId/due-date': { as: 'admin', body: { purpose: 'tuition', due_at: inDays(30), reason: '家长申请延期' }, prepare: async () => ({ url: `/api/admin/students/${ID.offered}/due-date` }) },

  // ---- Other programmes ---------------------------------------------------------------------------------------
  'PUT /api/student/programmes/:code/application/steps/:step': { as: 'ssi', body: { answers: { grade: '高二', field: '理工', motivation: '研究城市热岛效应。' } }, prepare: async () => ({ url: '/api/student/programmes/ssi/application/steps/apply' }) },
  'PUT /api/sl/programmes/:code/application/steps/:step': { as: 'sl', body: { answers: { school_role: '学生会主席', strengths: ['组织协调'] } }, prepare: async () => ({ url: '/api/sl/programmes/sl/application/steps/profile' }) },
  'POST /api/student/v5/si/apply': { as: 'ssi', body: { answers: {}, submit: false } },
  'POST /api/student/vol/apply/step1': { as: 'trainee', body: { answers: {}, submit: false } },
  'POST /api/student/vol/apply/step2': { as: 'trainee', body: { answers: {}, submit: false } },
  'PUT /api/student/programmes/:code/duration': { as: 'sbp', body: { duration_key: 'w4' }, unreached: 'a duration is chosen once admitted; the demo SBP invitee has not applied yet' },
  'POST /api/student/programmes/:code/payment': { as: 'hweek', body: { kind: 'deposit', provider: 'AL', channel: 'web' }, prepare: async () => ({ url: '/api/student/programmes/hxweek/payment' }) },
  'POST /api/student/programmes/:code/parent-link': { as: 'hweek', prepare: async () => ({ url: '/api/student/programmes/hxweek/parent-link' }) },
  'PUT /api/student/programmes/:code/passport': { as: 'hweek', prepare: async (ctx) => (await confirmLatest(ctx, ID.hweek), { url: '/api/student/programmes/hxweek/passport', body: { ...PASSPORT, scan: await uploadPdf(ctx.app, (await ctx.token('hweek'))!, 'passport.pdf') } }) },
  'PUT /api/student/hx-week/passport-own': { as: 'hweek', prepare: async (ctx) => ({ body: { ...PASSPORT, scan: await uploadPdf(ctx.app, (await ctx.token('hweek'))!, 'passport.pdf') } }) },
  'PUT /api/student/programmes/:code/visa': { as: 'hweek', prepare: async (ctx) => ({ url: '/api/student/programmes/hxweek/visa', body: { files: [await uploadPdf(ctx.app, (await ctx.token('hweek'))!, 'visa.pdf')] } }) },
  'PUT /api/admin/programmes/:code/applications/:id/visa': { as: 'admin', body: { status: 'approved' }, prepare: async () => ({ url: '/api/admin/programmes/hxweek/applications/1/visa' }) },
  'POST /api/admin/programmes': { as: 'admin', prepare: async (ctx) => ({ body: { code: 'ds-copy', definition: await definitionOf(ctx, 'ssi') } }) },
  'PUT /api/admin/programmes/:code': { as: 'admin', prepare: async (ctx) => ({ url: '/api/admin/programmes/ds-copy', body: { definition: { ...(await definitionOf(ctx, 'ds-copy')), summary: '双击测试' } } }) },
  'POST /api/admin/programmes/:code/release': { as: 'admin', body: { ids: [2] }, prepare: async () => ({ url: '/api/admin/programmes/deans-list/release' }) },
  'POST /api/admin/programmes/:code/applications/:id/decision/withdraw': { as: 'admin', prepare: async () => ({ url: '/api/admin/programmes/deans-list/applications/2/decision/withdraw' }) },
  'PUT /api/admin/programmes/:code/applications/:id/decision': { as: 'admin', body: { decision: 'waitlist', offer_type: null }, prepare: async () => ({ url: '/api/admin/programmes/deans-list/applications/2/decision' }) },
  'DELETE /api/admin/programmes/:code/applications/:id/decision': { as: 'admin', prepare: async () => ({ url: '/api/admin/programmes/deans-list/applications/2/decision' }) },
  'PUT /api/admin/programmes/:code/applications/:id/due-date': { as: 'admin', body: { purpose: 'programme_deposit', due_at: inDays(30), reason: '家长申请延期' }, prepare: async () => ({ url: '/api/admin/programmes/hxweek/applications/1/due-date' }) },
  'POST /api/oss/credential': { as: 'paid', body: { file_name: 'a.pdf', type: 'application/pdf', file_size: 1000 }, additive: 'each credential is a new signed upload slot' },
  'POST /api/student/oss/credential': { as: 'paid', body: { file_name: 'a.pdf', type: 'application/pdf', file_size: 1000 }, additive: 'each credential is a new signed upload slot' },
  'POST /api/teacher/oss/credential': { as: 'teacher', body: { file_name: 'a.pdf', type: 'application/pdf', file_size: 1000 }, additive: 'each credential is a new signed upload slot' },
  'POST /api/school/oss/credential': { as: 'school', body: { file_name: 'a.pdf', type: 'application/pdf', file_size: 1000 }, additive: 'each credential is a new signed upload slot' },
  'POST /api/sl/oss/credential': { as: 'sl', body: { file_name: 'a.pdf', type: 'application/pdf', file_size: 1000 }, additive: 'each credential is a new signed upload slot' },
  'POST /api/oss/upload': {
    as: 'public',
    expectHttp: 204,
    prepare: async (ctx) => {
      const cred = await getCredential(ctx.app, (await ctx.token('paid'))!, { file_name: 'same.pdf', type: 'application/pdf', file_size: PDF_BYTES.length });
      const form = multipartBody(cred.body.data!.fields, { name: 'same.pdf', type: 'application/pdf', bytes: PDF_BYTES });
      return { raw: { payload: form.payload, contentType: form.contentType } };
    },
  },

  // ---- Structure and placement ----------------------------------------------------------------------------------
  'POST /api/admin/venues': { as: 'admin', body: VENUE_BODY },
  'PUT /api/admin/venues/:id': { as: 'admin', body: { ...VENUE_BODY, capacity: 60 }, prepare: async (ctx) => ({ url: `/api/admin/venues/${await ctx.one(sql`select id from venues where place_name = 'ds-venue'`)}` }) },
  'PUT /api/admin/houses/:id': { as: 'admin', body: { name: '凤凰', english_name: 'Phoenix', colour: '#c0392b', motto: '浴火重生' }, prepare: async () => ({ url: '/api/admin/houses/1' }) },
  'POST /api/admin/courses': { as: 'admin', body: COURSE_BODY },
  'PUT /api/admin/courses/:id': { as: 'admin', body: { ...COURSE_BODY, capacity: 25 }, prepare: async (ctx) => ({ url: `/api/admin/courses/${await ctx.one(sql`select id from courses where code = 'DS-101'`)}` }) },
  'POST /api/admin/courses/import': { as: 'admin', unreached: 'an .xlsx multipart upload; courses-import tests cover it' },
  'POST /api/admin/placement/venue-rule': { as: 'admin', body: { session_key: 'first', overwrite: false } },
  'POST /api/admin/placement/move': { as: 'admin', body: { student_id: ID.paidBeijing, venue_id: 2 } },
  'POST /api/admin/placement/house-sort': { as: 'admin', body: { venue_id: 2, seed: 'ds' }, additive: 'each sorting is kept as a run with its seed (the history an admin compares); the students\' houses are replaced, not added' },
  'POST /api/admin/placement/house-latecomers': { as: 'admin', body: { venue_id: 2 } },
  'PUT /api/admin/placement/publication': { as: 'admin', body: { kind: 'house', venue_id: null, publish_at: inDays(-1) } },
  'POST /api/student/placement/seen': { as: 'paid', body: { kind: 'venue' } },
  'POST /api/admin/courses/:id/assistants': { as: 'admin', body: { account_id: ID.tf }, prepare: async () => ({ url: '/api/admin/courses/1/assistants' }) },
  'PUT /api/admin/csl-house/:account_id': { as: 'admin', body: { house_id: 2 }, prepare: async () => ({ url: `/api/admin/csl-house/${ID.csl}` }) },
  'POST /api/admin/course-detail/:course_id/:period/students': { as: 'admin', body: { student_id: ID.paidBeijing }, prepare: async () => ({ url: '/api/admin/course-detail/5/1/students' }) },
  'POST /api/admin/selection-rounds': { as: 'admin', body: ROUND_BODY },
  'PUT /api/admin/selection-rounds/:id': { as: 'admin', body: { ...ROUND_BODY, name: '双击测试轮（改）' }, prepare: async (ctx) => ({ url: `/api/admin/selection-rounds/${await latest(ctx, 'selection_rounds')}` }) },
  'POST /api/admin/selection-rounds/:id/status': { as: 'admin', body: { status: 'open' }, prepare: async (ctx) => ({ url: `/api/admin/selection-rounds/${await latest(ctx, 'selection_rounds')}/status` }) },
  'POST /api/admin/selection-rounds/:id/dry-run': { as: 'admin', body: { seed: 'ds' }, prepare: async (ctx) => ({ url: `/api/admin/selection-rounds/${await latest(ctx, 'selection_rounds')}/dry-run` }), additive: 'each dry run is kept as its own run to compare and commit' },
  'POST /api/admin/selection-rounds/:id/commit': {
    as: 'admin',
    prepare: async (ctx) => {
      const round = await latest(ctx, 'selection_rounds');
      await send(ctx, 'admin', 'POST', `/api/admin/selection-rounds/${round}/status`, { status: 'closed' });
      await send(ctx, 'admin', 'POST', `/api/admin/selection-rounds/${round}/dry-run`, { seed: 'ds' });
      return { url: `/api/admin/selection-rounds/${round}/commit`, body: { run_id: await latest(ctx, 'allocation_runs') } };
    },
  },
  'POST /api/student/course-center/wish': { as: 'paid', body: { course_id: 5 } },
  'POST /api/student/course-center/wish/sort': { as: 'paid', body: { course_ids: [5] } },
  'POST /api/student/course-center/cart': { as: 'paid', body: { course_id: 7 } },
  'POST /api/student/course-center/cart/sort': { as: 'paid', body: { course_ids: [7] } },
  'POST /api/student/course-center/cart/submit': { as: 'paid', prepare: async (ctx) => { for (const id of [17, 18]) await send(ctx, 'paid', 'POST', '/api/student/course-center/cart', { course_id: id }); return {}; } },
  'POST /api/student/course-center/cart/grab': { as: 'paid', body: { course_id: 9 } },
  'POST /api/student/course-center/waitlist': {
    as: 'paid',
    body: { course_id: 6 },
    prepare: async (ctx) => {
      // One seat, taken by the other student of the venue: the course is full.
      const [c] = await rowsOf<{ code: string; title: string; category: string; session_key: string; teacher_id: number | null }>(ctx.db, sql`select code, title, category, session_key, teacher_id from courses where id = 6`);
      await send(ctx, 'admin', 'PUT', '/api/admin/courses/6', { code: c!.code, title: c!.title, category: c!.category, session_key: c!.session_key, teacher_id: c!.teacher_id, venue_id: 2, capacity: 1 });
      await send(ctx, 'paidBeijing', 'POST', '/api/student/course-center/cart/grab', { course_id: 6 });
      return {};
    },
  },
  'DELETE /api/student/course-center/waitlist/:course_id': { as: 'paid', prepare: async () => ({ url: '/api/student/course-center/waitlist/6' }) },
  'DELETE /api/student/course-center/wish/:course_id': { as: 'paid', prepare: async () => ({ url: '/api/student/course-center/wish/5' }) },
  'DELETE /api/student/course-center/cart/:course_id': { as: 'paid', prepare: async (ctx) => (await send(ctx, 'paid', 'POST', '/api/student/course-center/cart', { course_id: 13 }), { url: '/api/student/course-center/cart/13' }) },
  'DELETE /api/student/course-center/enrolments/:course_id': { as: 'paid', prepare: async () => ({ url: '/api/student/course-center/enrolments/9' }) },

  // ---- Onboarding and checklist ----------------------------------------------------------------------------------
  'POST /api/admin/onboarding/offerings': { as: 'admin', body: OFFERING_BODY },
  'PUT /api/admin/onboarding/offerings/:id': { as: 'admin', body: { ...OFFERING_BODY, capacity: 40 }, prepare: async (ctx) => ({ url: `/api/admin/onboarding/offerings/${await latest(ctx, 'onboarding_offerings')}` }) },
  'POST /api/student/onboarding/signup': { as: 'paid', prepare: async (ctx) => ({ body: { offering_id: await latest(ctx, 'onboarding_offerings') } }) },
  'POST /api/student/onboarding/cancel': { as: 'paid', prepare: async (ctx) => ({ body: { offering_id: await latest(ctx, 'onboarding_offerings') } }) },
  'POST /api/admin/checklist/items': { as: 'admin', body: CHECKLIST_BODY },
  'PUT /api/admin/checklist/items/:id': { as: 'admin', body: { ...CHECKLIST_BODY, title: '双击测试事项（改）' }, prepare: async (ctx) => ({ url: `/api/admin/checklist/items/${await latest(ctx, 'checklist_items')}` }) },
  'POST /api/student/checklist/:id/confirm': { as: 'paid', prepare: async () => ({ url: '/api/student/checklist/5/confirm' }) },
  'POST /api/student/checklist/:id/upload': {
    as: 'paid',
    prepare: async (ctx) => {
      await send(ctx, 'admin', 'POST', '/api/admin/checklist/items', { key: 'upload:ds-test', title: '上传测试材料', kind: 'upload', required: false });
      const id = await ctx.one(sql`select id from checklist_items where key = 'upload:ds-test'`);
      return { url: `/api/student/checklist/${id}/upload`, body: { file: await uploadPdf(ctx.app, (await ctx.token('paid'))!, 'material.pdf') } };
    },
  },
  'PUT /api/student/checklist/preferences': { as: 'paid', body: { sms_reminders: false } },
  'POST /api/admin/checklist/waive': { as: 'admin', body: { student_id: ID.paid, item_id: 4, waived: true } },
  'POST /api/admin/checklist/message': { as: 'admin', body: { student_ids: [ID.paid], title: '请完成入学清单', body: '还有事项未完成。' }, additive: 'each reminder is a message sent' },
  'POST /api/student/online-read': { as: 'paid' },
  'POST /api/student/offline-to-online': { as: 'paidBeijing', unreached: 'only for students who paid before the programme moved online; the demo has none' },
  'POST /api/student/email/verify/send': { as: 'paid', additive: 'each send is a new e-mail with a new link (the rate limit caps them)' },

  // ---- Teaching ----------------------------------------------------------------------------------------------------
  'POST /api/teacher/assignment': { as: 'teacher', body: ASSIGNMENT_BODY, additive: 'two assignments with one title are two assignments (a teacher may post the same exercise twice)' },
  'PUT /api/teacher/assignment/:id': { as: 'teacher', body: { ...ASSIGNMENT_BODY, title: '双击测试作业（改）' }, prepare: async (ctx) => ({ url: `/api/teacher/assignment/${await latest(ctx, 'assignments')}` }) },
  'POST /api/student/assignment/:id/submit': { as: 'paid', body: { text: '我的作业' }, prepare: async (ctx) => ({ url: `/api/student/assignment/${await latest(ctx, 'assignments')}/submit` }) },
  'PUT /api/teacher/submission/:id/grade': { as: 'teacher', body: { score: 90, comment: '很好' }, prepare: async (ctx) => ({ url: `/api/teacher/submission/${await latest(ctx, 'submissions')}/grade` }) },
  'POST /api/student/writing': { as: 'paid', body: { course_id: LIVE_COURSE, title: '我的文章', body: '正文', submit: false }, additive: 'a student may keep several essays with one title' },
  'PUT /api/student/writing/:id': { as: 'paid', body: { course_id: LIVE_COURSE, title: '我的文章', body: '正文（改）', submit: true }, prepare: async (ctx) => ({ url: `/api/student/writing/${await latest(ctx, 'essays')}` }) },
  'PUT /api/teacher/writing/:id/review': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/writing/${await latest(ctx, 'essays')}/review`, body: { rubric_points: WRITING_RUBRIC.map((c) => c.points), comment: '结构清楚' } }) },
  'PUT /api/teacher/grade/:course_id/components': { as: 'teacher', body: { components: [{ name: '平时作业', weight: 60 }, { name: '期末论文', weight: 40 }] }, prepare: async () => ({ url: `/api/teacher/grade/${LIVE_COURSE}/components` }) },
  'PUT /api/teacher/grade/:course_id/student/:student_id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/grade/${LIVE_COURSE}/student/${ID.paid}`, body: { scores: Object.fromEntries((await ids(ctx, sql`select id from grade_components where course_id = ${LIVE_COURSE} order by id`)).map((id) => [String(id), 90])) } }) },
  'PUT /api/teacher/grade/:course_id/publish': { as: 'teacher', body: { publish_at: null }, prepare: async () => ({ url: `/api/teacher/grade/${LIVE_COURSE}/publish` }) },
  'POST /api/teacher/notice': { as: 'teacher', body: { course_id: LIVE_COURSE, title: '课程通知', body: '明天调课。' }, additive: 'each notice is a message to the class' },
  'POST /api/teacher/sign': { as: 'teacher', body: { meeting_id: 54 } },
  'PUT /api/teacher/sign/:id/students/:student_id': { as: 'teacher', body: { status: 'late', note: '迟到五分钟' }, prepare: async (ctx) => ({ url: `/api/teacher/sign/${await latest(ctx, 'checkin_sessions')}/students/${ID.paid}` }) },
  'POST /api/teacher/sign/:id/close': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/sign/${await latest(ctx, 'checkin_sessions')}/close` }) },
  'POST /api/student/sign': { as: 'paid', unreached: 'needs the rotating QR token of an open check-in; checkin tests race it' },
  'POST /api/student/calendar/feed/reset': { as: 'paid' },
  'POST /api/teacher/hour': { as: 'teacher', body: { course_id: LIVE_COURSE, starts_at: inDays(3), ends_at: inDays(3.05), location: '线上会议室', capacity: 2 } },
  'POST /api/student/class/office-hour': { as: 'paid', prepare: async (ctx) => ({ body: { slot_id: await latest(ctx, 'office_hour_slots') } }) },
  'DELETE /api/student/class/office-hour/:id': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/class/office-hour/${await latest(ctx, 'office_hour_bookings')}` }) },
  'POST /api/admin/certificates/issue': { as: 'admin', body: { course_id: LIVE_COURSE } },
  'POST /api/admin/certificates/:id/revoke': { as: 'admin', prepare: async () => ({ url: '/api/admin/certificates/1/revoke' }), unreached: 'the demo\'s live course has no final grades yet, so issuing makes no certificate' },
  'POST /api/admin/certificates/:id/reissue': { as: 'admin', prepare: async () => ({ url: '/api/admin/certificates/1/reissue' }), unreached: 'as above' },
  'POST /api/admin/house-cup': { as: 'admin', body: { house_id: 1, points: 10, reason: '辩论赛冠军' }, additive: 'points are awarded per event; two awards with one reason are two awards' },
  'PUT /api/admin/house-cup/:id': { as: 'admin', body: { reason: '辩论赛冠军（决赛）' }, prepare: async (ctx) => ({ url: `/api/admin/house-cup/${await latest(ctx, 'house_cup_entries')}` }) },
  'PUT /api/admin/students/:userId/time-sheets': { as: 'admin', body: { action: 'approve', ids: [3] }, prepare: async () => ({ url: `/api/admin/students/${ID.volunteer}/time-sheets` }) },
  'POST /api/admin/students/tags': { as: 'admin', body: { filter: { user_ids: [ID.paid] }, add: ['双击测试'] } },
  'PUT /api/admin/students/:userId': { as: 'admin', body: { admin_note: '双击测试' }, prepare: async () => ({ url: `/api/admin/students/${ID.paid}` }) },
  'POST /api/admin/students/:userId/id-number/reveal': { as: 'admin', prepare: async () => ({ url: `/api/admin/students/${ID.paidBeijing}/id-number/reveal` }), unreached: 'no demo student has an ID number stored; privacy tests reveal one' },
  'POST /api/admin/staff': { as: 'admin', body: { kind: 'teacher', phone: '13811110001', name: '双击老师', type: 1 } },
  'PUT /api/admin/staff/:id': { as: 'admin', body: { name: '双击老师', type: 2 }, prepare: async (ctx) => ({ url: `/api/admin/staff/${await ctx.one(sql`select id from accounts where phone = '13811110001'`)}` }) },
  'POST /api/admin/messages': { as: 'admin', body: MESSAGE_BODY, additive: 'two messages with one title are two messages' },
  'PUT /api/admin/messages/:id': { as: 'admin', body: { ...MESSAGE_BODY, body: '内容（改）', send_at: inDays(2) }, prepare: async (ctx) => ({ url: `/api/admin/messages/${await latest(ctx, 'admin_messages')}` }) },
  'POST /api/admin/messages/recipient-count': { as: 'admin', body: { filter: { user_ids: [ID.paid] } } },
  'POST /api/admin/message-segments': { as: 'admin', body: { name: '双击测试分组', filter: { user_ids: [ID.paid] } } },
  'POST /api/student/messages/:id/read': { as: 'paid', prepare: async (ctx) => ({ url: `/api/student/messages/${await latest(ctx, 'student_notices')}/read` }) },
  'POST /api/student/messages/read-all': { as: 'paid' },
  'POST /api/wechat/oauth/callback': { as: 'public', unreached: 'needs a state issued by bind-start and the WeChat stand-in code exchange; wechat tests cover it' },
  'POST /api/student/wechat/bind-start': { as: 'paid', body: { return_url: '/account' }, additive: 'each start is a new one-time OAuth state' },
  'POST /api/student/wechat/link': { as: 'paid', unreached: 'needs a bind ticket from the OAuth callback' },
  'POST /api/student/wechat/unbind': { as: 'paid', unreached: 'needs a bound WeChat (the OAuth flow above)' },
  'DELETE /api/admin/courses/:id/assistants/:account_id': { as: 'admin', prepare: async () => ({ url: `/api/admin/courses/1/assistants/${ID.tf}` }) },
  'DELETE /api/admin/course-detail/:course_id/:period/students/:student_id': { as: 'admin', prepare: async () => ({ url: `/api/admin/course-detail/5/1/students/${ID.paidBeijing}` }) },
  'DELETE /api/teacher/hour/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/hour/${await latest(ctx, 'office_hour_slots')}` }) },
  'DELETE /api/teacher/assignment/:id': { as: 'teacher', prepare: async (ctx) => ({ url: `/api/teacher/assignment/${await latest(ctx, 'assignments')}` }) },
  'DELETE /api/admin/messages/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/messages/${await latest(ctx, 'admin_messages')}` }) },
  'DELETE /api/admin/message-segments/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/message-segments/${await latest(ctx, 'message_segments')}` }) },
  'DELETE /api/admin/checklist/items/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/checklist/items/${await latest(ctx, 'checklist_items')}` }) },
  'DELETE /api/admin/content/page/draft': { as: 'admin', prepare: async (ctx) => (await send(ctx, 'admin', 'PUT', '/api/admin/content/page/draft?slug=faq', BASE_FIXTURES['PUT /api/admin/content/page/draft']!.body), { url: '/api/admin/content/page/draft?slug=faq' }) },
  'DELETE /api/admin/courses/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/courses/${await ctx.one(sql`select id from courses where code = 'DS-101'`)}` }) },
  'DELETE /api/admin/venues/:id': { as: 'admin', prepare: async (ctx) => ({ url: `/api/admin/venues/${await ctx.one(sql`select id from venues where place_name = 'ds-venue'`)}` }) },
  'POST /api/admin/applications/:userId/decision/withdraw': { as: 'admin', prepare: async () => ({ url: `/api/admin/applications/${ID.applied}/decision/withdraw` }) },
  'DELETE /api/admin/applications/:userId/decision': { as: 'admin', prepare: async () => ({ url: `/api/admin/applications/${ID.applied}/decision` }) },
  'PUT /api/school/student-apply/:userId/recommend': { as: 'school', body: { recommended: true, comment: '优秀' }, prepare: async () => ({ url: `/api/school/student-apply/${ID.applied}/recommend` }) },
  'POST /api/school/recommendation': { as: 'school', body: { user_id: ID.applied, comment: '成绩优异，推荐录取' } },
  'POST /api/admin/students/:userId/erase': { as: 'admin', body: { confirm_phone: '13900000002' }, prepare: async () => ({ url: `/api/admin/students/${ID.profiled}/erase` }) },
  'POST /api/auth/sessions/revoke-others': { as: 'volunteer', prepare: async (ctx) => (await ctx.freshToken('volunteer'), { token: await ctx.freshToken('volunteer') }) },
  'POST /api/logout': { as: 'volunteer', prepare: async (ctx) => ({ token: await ctx.freshToken('volunteer') }) },

  // ---- After the live course has ended (the clock moves on three weeks; sessions are opened again) ------------------
  'POST /api/student/class/feedback': {
    as: 'paid',
    body: { course_id: LIVE_COURSE, rating_content: 5, rating_teaching: 5, rating_workload: 3, comment: '很棒' },
    prepare: async (ctx) => {
      if (!courseEnded.has(ctx)) {
        ctx.advance(21 * 86_400_000);
        ctx.forgetTokens();
        courseEnded.add(ctx);
      }
      return {};
    },
  },
  'POST /api/student/recommend-letters': { as: 'paid', body: { course_id: LIVE_COURSE, recipients: [{ name: '招生办', email: 'admissions@example.edu' }] } },
  'PUT /api/teacher/recommend-letters/:id': { as: 'teacher', body: { body_html: '<p>该生学习认真，推荐。</p>', submit: true }, prepare: async (ctx) => ({ url: `/api/teacher/recommend-letters/${await latest(ctx, 'recommendation_letters')}` }) },
  'POST /api/teacher/recommend-letters/:id/resend': {
    as: 'teacher',
    prepare: async (ctx) => ({ url: `/api/teacher/recommend-letters/${await latest(ctx, 'recommendation_letters')}/resend` }),
    unreached: 'sends again only what failed to send (所有邮件均已发送 here); every demo delivery succeeds',
  },
};

/**
 * Every fixture in the order the suite fires them: each area's own file first (their fixtures make what they need in
 * `prepare`), then the base fixtures, whose tail ends sessions and moves the clock three weeks on.
 */
export const FIXTURES: Record<string, Fixture> = {
  ...MINIPROGRAM_FIXTURES,
  ...WECOM_SIGNIN_FIXTURES,
  ...WECOM_SEMINAR_FIXTURES,
  ...ACTIVITIES_FIXTURES,
  ...MISSION_X_FIXTURES,
  ...FORUM_FIXTURES,
  ...TALENT_SHOW_FIXTURES,
  ...BADGES_FIXTURES,
  ...GAMES_FIXTURES,
  ...CAMPUS_FIXTURES,
  ...BASE_FIXTURES,
};

/** The student's own profile as /api/student/info saves it (unchanged values). */
async function profileBody(ctx: FixtureCtx): Promise<unknown> {
  const [row] = await rowsOf<Record<string, number | string | null>>(ctx.db, sql`select a.name, a.email, p.* from accounts a join student_profiles p on p.account_id = a.id where a.id = ${ID.paid}`);
  if (!row) throw new Error('no demo profile');
  const area = [row.school_state_id, row.school_city_id, row.school_zone_id].filter((v) => v !== null && v !== undefined).map(Number);
  return { name: row.name, email: row.email, school_country_id: Number(row.school_country_id ?? 1), area_id: area, school_id: row.school_id === null ? null : Number(row.school_id), school_name: row.school_name ?? null };
}

/** A second administrator (the demo has one): made once per database, the same row on both. */
async function secondAdminToken(ctx: FixtureCtx): Promise<string> {
  const { hashPassword } = await import('../lib/password.ts');
  await ctx.db.insert(accounts).values({ role: 'teacher', phoneCode: '86', phone: '13811110002', name: '第二管理员', teacherType: 9, isAdmin: true, passwordHash: await hashPassword('Summit2026!', 8192) }).onConflictDoNothing();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { phone_code: '86', phone: '13811110002', password: 'Summit2026!' } });
  return (res.json() as { data: { token: string } }).data.token;
}

async function parentToken(ctx: FixtureCtx): Promise<string> {
  // The link of the route above was made a moment ago: a new one is made only after the repeat window.
  ctx.advance(11_000);
  const res = await send(ctx, 'offered', 'POST', '/api/student/payment/parent-link', { purpose: 'tuition' });
  return String((res.data as { token?: string } | undefined)?.token);
}

async function confirmLatest(ctx: FixtureCtx, accountId: number): Promise<void> {
  await ctx.app.inject({ method: 'POST', url: `/api/payment/sandbox/${await latestOrder(ctx, accountId)}/confirm` });
}

async function ids(ctx: FixtureCtx, query: SQL): Promise<number[]> {
  return (await rowsOf<{ id: number }>(ctx.db, query)).map((r) => Number(r.id));
}

async function definitionOf(ctx: FixtureCtx, code: string): Promise<Record<string, unknown>> {
  return ctx.one<Record<string, unknown>>(sql`select definition from programmes where code = ${code}`);
}

/** A settings PUT sends back what its GET shows (the same shape, unchanged values). */
async function settingsBody(ctx: FixtureCtx, url: string): Promise<unknown> {
  const token = await ctx.token('admin');
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return (res.json() as { data: unknown }).data;
}
