import { randomBytes } from 'node:crypto';
import {
  AppError,
  MSG,
  admissionStageOf,
  applicationSummary,
  canDecideAid,
  canDeleteDraft,
  canSaveDecision,
  canWithdraw,
  offerLetterNo,
  releaseSkipReason,
  type AdminAidItem,
  type AdminAidList,
  type AdminAidListQuery,
  type AdminApplicationDetail,
  type AdminApplicationItem,
  type AdminApplicationList,
  type AdminApplicationListQuery,
  type AdmissionDecision,
  type AidDecideRequest,
  type DecisionSaveRequest,
  type DecisionSubject,
  type ReleaseRequest,
  type ReleaseResult,
  type ReleaseSkipReason,
  type RuleResult,
} from '@summit/domain';
import { idNumberSearchHash, presentStep1 } from '../privacy/identity.service.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { Readable } from 'node:stream';
import { beijingDayTag, keysetBatches, streamSheet } from '../../exports/sheet-stream.ts';
import { regionCatalog } from '../region/region-catalog.ts';
import { AID_COLUMNS, APPLICATION_COLUMNS } from './admissions-sheets.ts';
import { getFees } from '../settings/settings.service.ts';
import {
  decideAid,
  deleteDraftDecision,
  findAidItem,
  findApplicationDetail,
  aidKeysetPage,
  applicationKeysetPage,
  listAidRequests,
  listApplications,
  type ApplicationFilter,
  releaseDecisions,
  saveDraftDecision,
  withdrawDecision,
  type AidRow,
  type DecisionRow,
  type Subject,
} from './admissions.repo.ts';
import type { FastifyBaseLogger } from 'fastify';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';
import { schoolRecommendationForAdmin } from '../school/school.service.ts';

const DEFAULT_PAGE_SIZE = 20;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function pageOf(q: { page?: number | undefined; page_size?: number | undefined }) {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

function subjectOf(s: Subject): DecisionSubject {
  return { step2Submitted: s.step2SubmittedAt !== null, tuitionPaid: s.tuitionPaidAt !== null, decision: s.decision ? { released: s.decision.releasedAt !== null } : null };
}

/** Runs a domain rule on the locked rows: a missing student is a 404, a refusal a 4001 with the rule's words. */
function enforce(rule: (s: DecisionSubject) => RuleResult) {
  return (s: Subject | null) => {
    if (!s) throw AppError.notFound(MSG.ADMISSION_NOT_FOUND);
    const result = rule(subjectOf(s));
    if (!result.ok) throw AppError.message(result.msg);
  };
}

function stateName(stateId: number | null): string | null {
  return stateId === null ? null : (regionCatalog().stateById.get(stateId)?.name ?? null);
}

function areaOf(ids: Array<number | null>): string | null {
  const catalog = regionCatalog();
  const [country, state, city, zone] = ids;
  const names = [
    country != null ? catalog.countryById.get(country)?.name : undefined,
    state != null ? catalog.stateById.get(state)?.name : undefined,
    city != null ? catalog.cityById.get(city)?.name : undefined,
    zone != null ? catalog.zoneById.get(zone)?.name : undefined,
  ].filter((n): n is string => Boolean(n));
  return names.length ? names.join(' / ') : null;
}

export function decisionOut(r: DecisionRow): AdmissionDecision {
  return {
    decision: r.decision,
    place_name: r.placeName,
    professional_track: r.professionalTrack,
    note: r.note,
    decided_by: r.decidedBy,
    decided_at: r.decidedAt.toISOString(),
    released_at: iso(r.releasedAt),
    released_by: r.releasedBy,
    letter_no: r.letterNo,
  };
}

type ApplicationListRow = Awaited<ReturnType<typeof listApplications>>['rows'][number];

function applicationItemOf(r: ApplicationListRow): AdminApplicationItem {
  const decision = r.decision ? { decision: r.decision, released: r.releasedAt !== null } : null;
  return {
    user_id: r.accountId,
    name: r.name,
    phone: r.phoneCode === '86' ? r.phone : `+${r.phoneCode} ${r.phone}`,
    school_name: r.schoolName,
    province: stateName(r.stateId),
    batch: r.batch,
    // Listed rows always have step 1 submitted, so the stage is never null.
    stage: admissionStageOf(r, decision) ?? 'step1',
    step1_submitted_at: iso(r.step1SubmittedAt),
    step2_submitted_at: iso(r.step2SubmittedAt),
    apply_paid_at: iso(r.applyPaidAt),
    decision,
    tuition_paid_at: iso(r.tuitionPaidAt),
  };
}

async function applicationFilterOf(ctx: AppContext, q: AdminApplicationListQuery): Promise<ApplicationFilter> {
  const school = q.school && /^\d{1,9}$/.test(q.school) ? { schoolId: Number(q.school) } : { schoolName: q.school };
  const idHash = q.q ? await idNumberSearchHash(ctx, q.q) : undefined;
  return { batch: q.batch, stage: q.stage, stateId: q.province, q: q.q, idHash, ...school };
}

export async function listAdminApplications(ctx: AppContext, q: AdminApplicationListQuery): Promise<AdminApplicationList> {
  const { page, pageSize, offset } = pageOf(q);
  const { rows, total } = await listApplications(ctx.db, await applicationFilterOf(ctx, q), offset, pageSize);
  return { page, page_size: pageSize, total, items: rows.map(applicationItemOf) };
}

/** 申请管理 export (decisions 065, 066): the list's filters, every matching row, streamed in keyset batches. */
export function exportApplications(ctx: AppContext, q: AdminApplicationListQuery): { fileName: string; stream: Readable } {
  async function* items() {
    const f = await applicationFilterOf(ctx, q);
    for await (const rows of keysetBatches((after, limit) => applicationKeysetPage(ctx.db, f, after, limit), (r) => r.accountId)) yield rows.map(applicationItemOf);
  }
  return { fileName: `申请管理-${beijingDayTag(ctx.now())}.xlsx`, stream: streamSheet('申请', APPLICATION_COLUMNS, items()) };
}

/** 助学金 export: money in yuan with two decimals. */
export async function exportAid(ctx: AppContext, q: AdminAidListQuery): Promise<{ fileName: string; stream: Readable }> {
  const fees = await getFees(ctx);
  async function* items() {
    for await (const rows of keysetBatches((after, limit) => aidKeysetPage(ctx.db, q.status, after, limit), (r) => r.aid.accountId)) yield rows.map((r) => aidItemOf(r, fees.tuition_fen));
  }
  return { fileName: `助学金-${beijingDayTag(ctx.now())}.xlsx`, stream: streamSheet('助学金', AID_COLUMNS, items()) };
}

export async function getAdminApplication(ctx: AppContext, userId: number): Promise<AdminApplicationDetail> {
  const row = await findApplicationDetail(ctx.db, userId);
  const stage = row ? admissionStageOf(row.profile, row.decision ? { released: row.decision.releasedAt !== null } : null) : null;
  if (!row || !stage) throw AppError.notFound(MSG.ADMISSION_NOT_FOUND);
  const { account, profile, application, decision, aid } = row;
  const schoolRecommendation = await schoolRecommendationForAdmin(ctx, userId);
  // Masked like every other response (decision 064); the full number only through the audited reveal.
  const step1 = await presentStep1(ctx, userId, application?.step1);
  return {
    user_id: userId,
    stage,
    profile: {
      name: account.name,
      phone: account.phoneCode === '86' ? account.phone : `+${account.phoneCode} ${account.phone}`,
      email: account.email,
      school_name: profile.schoolName,
      area: areaOf([profile.schoolCountryId, profile.schoolStateId, profile.schoolCityId, profile.schoolZoneId]),
    },
    application: {
      summary: applicationSummary(step1, application?.step2 ?? {}),
      step1,
      step2: application?.step2 ?? {},
      batch: application?.batch ?? null,
      consent_version: application?.consentVersion ?? null,
      consent_at: iso(application?.consentAt),
    },
    journey: {
      activated_at: profile.activatedAt.toISOString(),
      info_completed_at: iso(profile.infoCompletedAt),
      step1_submitted_at: iso(profile.step1SubmittedAt),
      apply_paid_at: iso(profile.applyPaidAt),
      step2_submitted_at: iso(profile.step2SubmittedAt),
      offer_letter: profile.offerLetter,
      offer_created_at: iso(profile.offerCreatedAt),
      tuition_paid_at: iso(profile.tuitionPaidAt),
    },
    decision: decision ? decisionOut(decision) : null,
    financial_aid: aid
      ? { status: aid.status, granted_fen: aid.grantedFen, value: aid.value, decided_by: aid.decidedBy, decided_at: iso(aid.decidedAt), created_at: aid.createdAt.toISOString() }
      : null,
    payments: row.orders.map((o) => ({
      order_no: o.orderNo,
      purpose: o.purpose,
      amount_fen: o.amountFen,
      currency: o.currency,
      status: o.status,
      provider: o.provider,
      channel: o.channel,
      payer: o.payer,
      created_at: o.createdAt.toISOString(),
      paid_at: iso(o.paidAt),
    })),
    audit: row.audit.map((a) => ({
      id: a.id,
      action: a.action,
      actor_id: a.actorId,
      actor_name: a.actorName,
      before: a.before,
      after: a.after,
      created_at: (a.createdAt instanceof Date ? a.createdAt : new Date(a.createdAt)).toISOString(),
    })),
    school_recommendation: schoolRecommendation,
  };
}

export async function saveDecision(ctx: AppContext, auth: AuthState, userId: number, input: DecisionSaveRequest): Promise<AdmissionDecision> {
  const offer = input.decision === 'offer';
  const row = await saveDraftDecision(
    ctx.db,
    { accountId: userId, actorId: auth.accountId, now: ctx.now(), check: enforce(canSaveDecision) },
    { decision: input.decision, placeName: offer ? (input.place_name ?? null) : null, professionalTrack: offer ? (input.professional_track ?? null) : null, note: input.note ?? null },
  );
  return decisionOut(row);
}

export async function deleteDecision(ctx: AppContext, auth: AuthState, userId: number): Promise<void> {
  await deleteDraftDecision(ctx.db, { accountId: userId, actorId: auth.accountId, now: ctx.now(), check: enforce(canDeleteDraft) });
}

export async function withdraw(ctx: AppContext, auth: AuthState, userId: number): Promise<AdmissionDecision> {
  return decisionOut(await withdrawDecision(ctx.db, { accountId: userId, actorId: auth.accountId, now: ctx.now(), check: enforce(canWithdraw) }));
}

export async function releaseBulk(ctx: AppContext, auth: AuthState, input: ReleaseRequest, log: FastifyBaseLogger): Promise<ReleaseResult> {
  const ids = [...new Set(input.user_ids)];
  const now = ctx.now();
  const result = await releaseDecisions(ctx.db, {
    ids,
    actorId: auth.accountId,
    now,
    skipReason: (s) => releaseSkipReason(s ? subjectOf(s) : null),
    newVerifyCode: () => randomBytes(32).toString('base64url'),
    letterNo: (id) => offerLetterNo(id, now),
  });
  // Committed: each released student's result SMS goes out now, off this request's path.
  deliverAfterCommit(ctx, log, result.notificationIds);
  return { released: result.released.length, skipped: result.skipped.map((s) => ({ user_id: s.userId, reason: s.reason as ReleaseSkipReason })) };
}

function aidItemOf(r: { aid: AidRow; name: string; phone: string; schoolName: string | null; tuitionPaidAt: Date | null }, tuitionFen: number): AdminAidItem {
  return {
    user_id: r.aid.accountId,
    name: r.name,
    phone: r.phone,
    school_name: r.schoolName,
    value: r.aid.value,
    status: r.aid.status,
    granted_fen: r.aid.grantedFen,
    decided_at: iso(r.aid.decidedAt),
    created_at: r.aid.createdAt.toISOString(),
    tuition_fen: tuitionFen,
    tuition_paid: r.tuitionPaidAt !== null,
  };
}

export async function listAid(ctx: AppContext, q: AdminAidListQuery): Promise<AdminAidList> {
  const { page, pageSize, offset } = pageOf(q);
  const [{ rows, total }, fees] = await Promise.all([listAidRequests(ctx.db, q.status, offset, pageSize), getFees(ctx)]);
  return { page, page_size: pageSize, total, items: rows.map((r) => aidItemOf(r, fees.tuition_fen)) };
}

export async function decideAidRequest(ctx: AppContext, auth: AuthState, userId: number, input: AidDecideRequest): Promise<AdminAidItem> {
  const fees = await getFees(ctx);
  const grantedFen = input.status === 'granted' ? (input.granted_fen ?? 0) : 0;
  await decideAid(
    ctx.db,
    {
      accountId: userId,
      actorId: auth.accountId,
      now: ctx.now(),
      check: (aid, tuitionPaid) => {
        if (!aid) throw AppError.notFound(MSG.AID_NOT_FOUND);
        const rule = canDecideAid({ tuitionPaid, status: input.status, grantedFen, tuitionFen: fees.tuition_fen });
        if (!rule.ok) throw rule.msg === MSG.AID_AMOUNT_INVALID ? AppError.param('granted_fen', rule.msg) : AppError.message(rule.msg);
      },
    },
    { status: input.status, grantedFen },
  );
  const item = await findAidItem(ctx.db, userId);
  if (!item) throw AppError.notFound(MSG.AID_NOT_FOUND);
  return aidItemOf(item, fees.tuition_fen);
}

/**
 * The overdue rule 「撤销录取名额」 (decision 072): the platform withdraws a released offer whose installment stayed
 * unpaid past its due date. Same transaction and audit row as an admin's withdrawal (actor null: the platform);
 * the check runs on the locked row, so a payment that lands first keeps the place. False when it did not apply.
 */
export async function withdrawForNonPayment(ctx: AppContext, userId: number): Promise<boolean> {
  try {
    await withdrawDecision(ctx.db, {
      accountId: userId,
      actorId: null,
      now: ctx.now(),
      check: (s) => {
        enforce(canWithdraw)(s);
        if (s?.tuitionPaidAt) throw AppError.message(MSG.PAY_INSTALLMENT_PAID);
      },
    });
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}
