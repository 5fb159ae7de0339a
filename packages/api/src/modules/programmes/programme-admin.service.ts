/**
 * The admin's side of programmes (decision 075): definitions (validated beyond the schema and with
 * their rich text sanitised), the applications of a programme, and decisions with the summer programme's
 * tools: a draft only admins see, bulk release, every write in the 操作日志.
 */
import {
  AppError,
  MSG,
  applicationState,
  maskPhone,
  type AdminProgramme,
  type AdminProgrammeApplication,
  type AdminProgrammeApplicationRow,
  type AdminProgrammeApplicationsQuery,
  type AdminProgrammeRow,
  type ProgrammeCreateRequest,
  type ProgrammeDecisionRequest,
  type ProgrammeDefinition,
} from '@summit/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthState } from '../../http/context.ts';
import { deliverAfterCommit } from '../notifications/notifications.service.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';
import {
  countApplicationsByProgramme,
  deleteDraftDecision,
  findApplicationForAdmin,
  findProgrammeByCode,
  insertProgrammeRow,
  isApplyFeePaid,
  listProgrammeApplications,
  listProgrammeRows,
  paidFenByAccount,
  applyFeePaidAccounts,
  releaseDraftDecisions,
  saveDraftDecision,
  withdrawReleasedDecision,
  type DecisionNotice,
  updateProgrammeRow,
  type ProgrammeApplicationRow,
  type ProgrammeRow,
} from './programmes.repo.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const CHOICE_TYPES = new Set(['radio', 'checkbox', 'select']);

function duplicate<T>(items: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const item of items) {
    if (seen.has(item)) return item;
    seen.add(item);
  }
  return undefined;
}

/** The rules zod cannot say alone; answers the definition with its rich text sanitised. */
export function checkDefinition(def: ProgrammeDefinition): ProgrammeDefinition {
  if (duplicate(def.steps.map((s) => s.key)) !== undefined) throw AppError.param('definition.steps', MSG.PROGRAMME_KEY_DUPLICATE);
  def.steps.forEach((step, i) => {
    if (duplicate(step.questions.map((q) => q.key)) !== undefined) throw AppError.param(`definition.steps.${i}.questions`, MSG.PROGRAMME_KEY_DUPLICATE);
    step.questions.forEach((q, j) => {
      if (CHOICE_TYPES.has(q.type) && (!q.options || q.options.length === 0)) throw AppError.param(`definition.steps.${i}.questions.${j}.options`, MSG.PROGRAMME_OPTIONS_REQUIRED);
      if (q.options && duplicate(q.options) !== undefined) throw AppError.param(`definition.steps.${i}.questions.${j}.options`, MSG.PROGRAMME_KEY_DUPLICATE);
    });
  });
  if (duplicate(def.offer_types.map((o) => o.key)) !== undefined) throw AppError.param('definition.offer_types', MSG.PROGRAMME_KEY_DUPLICATE);
  const fees = def.fees;
  if (duplicate(fees.durations.map((d) => d.key)) !== undefined) throw AppError.param('definition.fees.durations', MSG.PROGRAMME_KEY_DUPLICATE);
  if (fees.mode === 'split') {
    const prices = fees.durations.length > 0 ? fees.durations.map((d) => d.fee_fen) : [fees.fee_fen];
    if (fees.deposit_fen <= 0 || prices.some((p) => fees.deposit_fen >= p)) throw AppError.param('definition.fees.deposit_fen', MSG.FEE_PLAN_DEPOSIT_TOO_LARGE);
  }
  if (fees.mode !== 'none' && fees.durations.length === 0 && fees.fee_fen <= 0) throw AppError.param('definition.fees.fee_fen', MSG.FEE_INVALID);
  if (duplicate(def.weeks.map((w) => w.week)) !== undefined) throw AppError.param('definition.weeks', MSG.PROGRAMME_KEY_DUPLICATE);
  if (def.apply_opens_at && def.apply_closes_at && new Date(def.apply_opens_at) >= new Date(def.apply_closes_at)) throw AppError.param('definition.apply_closes_at', MSG.PARAM_INVALID);
  return {
    ...def,
    intro_html: sanitizeRichText(def.intro_html),
    course_html: sanitizeRichText(def.course_html),
    announcement_html: sanitizeRichText(def.announcement_html),
    weeks: [...def.weeks].sort((a, b) => a.week - b.week).map((w) => ({ ...w, content_html: sanitizeRichText(w.content_html) })),
  };
}

function adminProgrammeOf(row: ProgrammeRow): AdminProgramme {
  return { code: row.code, definition: row.definition, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

async function programmeOrThrow(ctx: AppContext, code: string): Promise<ProgrammeRow> {
  const row = await findProgrammeByCode(ctx.db, code);
  if (!row) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  return row;
}

/** GET /api/admin/programmes. */
export async function listAdminProgrammes(ctx: AppContext): Promise<AdminProgrammeRow[]> {
  const [rows, counts] = await Promise.all([listProgrammeRows(ctx.db), countApplicationsByProgramme(ctx.db)]);
  const zero = { draft: 0, submitted: 0, admitted: 0, rejected: 0, waitlisted: 0 };
  return rows.map((r) => ({
    code: r.code,
    name: r.definition.name,
    status: r.definition.status,
    applicant_role: r.definition.applicant_role,
    counts: counts.get(r.id) ?? zero,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function getAdminProgramme(ctx: AppContext, code: string): Promise<AdminProgramme> {
  return adminProgrammeOf(await programmeOrThrow(ctx, code));
}

/** POST /api/admin/programmes: a new programme, served by the generic pages at once. */
export async function createProgramme(ctx: AppContext, auth: AuthState, input: ProgrammeCreateRequest): Promise<AdminProgramme> {
  const definition = checkDefinition(input.definition);
  const row = await insertProgrammeRow(ctx.db, { code: input.code, definition, actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.param('code', MSG.PROGRAMME_CODE_TAKEN);
  return adminProgrammeOf(row);
}

/** PUT /api/admin/programmes/:code: the whole definition (the code never changes). */
export async function updateProgramme(ctx: AppContext, auth: AuthState, code: string, input: { definition: ProgrammeDefinition }): Promise<AdminProgramme> {
  const definition = checkDefinition(input.definition);
  const row = await updateProgrammeRow(ctx.db, { code, definition, actorId: auth.accountId, now: ctx.now() });
  if (!row) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  return adminProgrammeOf(row);
}

/** The price of the programme for this application: the chosen duration's fee, else the programme fee. */
function priceOf(def: ProgrammeDefinition, durationKey: string | null): number {
  if (def.fees.mode === 'none') return 0;
  const duration = durationKey ? def.fees.durations.find((d) => d.key === durationKey) : undefined;
  return duration?.fee_fen ?? def.fees.fee_fen;
}

function decisionOf(a: ProgrammeApplicationRow): AdminProgrammeApplicationRow['decision'] {
  if (!a.decision || !a.decidedAt) return null;
  return { decision: a.decision, offer_type: a.offerType, note: a.decisionNote, decided_at: a.decidedAt.toISOString(), released_at: iso(a.releasedAt) };
}

function rowOf(
  def: ProgrammeDefinition,
  r: { app: ProgrammeApplicationRow; name: string; phone: string; phoneCode: string; visaStatus: AdminProgrammeApplicationRow['visa_status'] },
  paidFen: number,
  applyFeePaid: boolean,
): AdminProgrammeApplicationRow {
  const a = r.app;
  const price = priceOf(def, a.durationKey);
  const released = a.releasedAt && a.decision ? a.decision : null;
  return {
    id: a.id,
    account_id: a.accountId,
    name: r.name,
    phone: r.phoneCode === '86' ? maskPhone(r.phone) : `+${r.phoneCode} ${maskPhone(r.phone)}`,
    state: applicationState({ exists: true, submittedAt: a.submittedAt, applyFeeFen: def.fees.apply_fee_fen, applyFeePaid, releasedDecision: released }),
    submitted_at: iso(a.submittedAt),
    decision: decisionOf(a),
    paid_fen: paidFen,
    fully_paid: price === 0 ? def.fees.mode === 'none' : paidFen >= price,
    visa_status: def.documents.visa ? (r.visaStatus ?? 'not_started') : null,
  };
}

/** GET /api/admin/programmes/:code/applications: filters, search by name or phone, paging; phones masked. */
export async function listApplicationsForAdmin(ctx: AppContext, code: string, q: AdminProgrammeApplicationsQuery): Promise<{ items: AdminProgrammeApplicationRow[]; total: number }> {
  const programme = await programmeOrThrow(ctx, code);
  const { rows, total } = await listProgrammeApplications(ctx.db, programme.id, q.filter, q.q?.trim() || undefined, (q.page - 1) * q.size, q.size);
  const ids = rows.map((r) => r.app.accountId);
  const [paid, feePaid] = await Promise.all([paidFenByAccount(ctx.db, programme.id, ids), programme.definition.fees.apply_fee_fen > 0 ? applyFeePaidAccounts(ctx.db, programme.id, ids) : Promise.resolve(new Set<number>())]);
  return { items: rows.map((r) => rowOf(programme.definition, r, paid.get(r.app.accountId) ?? 0, feePaid.has(r.app.accountId))), total };
}

/** GET /api/admin/programmes/:code/applications/:id: the answers in form order with their labels. */
export async function getApplicationForAdmin(ctx: AppContext, code: string, id: number): Promise<AdminProgrammeApplication> {
  const programme = await programmeOrThrow(ctx, code);
  const found = await findApplicationForAdmin(ctx.db, programme.id, id);
  if (!found) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
  const def = programme.definition;
  const a = found.app;
  const [paid, feePaid] = await Promise.all([paidFenByAccount(ctx.db, programme.id, [a.accountId]), def.fees.apply_fee_fen > 0 ? isApplyFeePaid(ctx.db, programme.id, a.accountId) : Promise.resolve(false)]);
  const docs = found.docs;
  const base = rowOf(def, { ...found, visaStatus: docs?.visaStatus ?? null }, paid.get(a.accountId) ?? 0, feePaid);
  return {
    ...base,
    steps: def.steps.map((s) => {
      const answers = (a.answers[s.key] ?? {}) as Record<string, unknown>;
      return {
        key: s.key,
        title: s.title,
        submitted: a.submittedSteps.includes(s.key),
        answers: s.questions.map((q) => ({ key: q.key, label: q.label, type: q.type, value: (answers[q.key] ?? null) as AdminProgrammeApplication['steps'][number]['answers'][number]['value'] })),
      };
    }),
    // passport_tail holds the masked number (the full one is sealed; revealed only through the audited route).
    passport:
      docs && docs.passportUpdatedAt
        ? { number_masked: docs.passportTail ?? '', name: docs.passportName ?? '', expires_on: docs.passportExpiresOn ?? '', scan: docs.passportScan ?? null, updated_at: docs.passportUpdatedAt.toISOString() }
        : null,
    visa: !def.documents.visa
      ? null
      : docs
        ? { status: docs.visaStatus, files: docs.visaFiles, note: docs.visaNote, review_note: docs.visaReviewNote, reviewed_at: iso(docs.visaReviewedAt) }
        : { status: 'not_started', files: [], note: '', review_note: '', reviewed_at: null },
    duration_key: a.durationKey,
  };
}

/** PUT …/applications/:id/decision: a draft decision on a submitted (and fee-paid) application. */
export async function saveProgrammeDecision(ctx: AppContext, auth: AuthState, code: string, id: number, input: ProgrammeDecisionRequest): Promise<AdminProgrammeApplicationRow['decision']> {
  const programme = await programmeOrThrow(ctx, code);
  const def = programme.definition;
  let offerType: string | null = null;
  if (input.decision === 'admit' && def.offer_types.length > 0) {
    if (!input.offer_type || !def.offer_types.some((o) => o.key === input.offer_type)) throw AppError.param('offer_type', MSG.PROGRAMME_OFFER_TYPE_REQUIRED);
    offerType = input.offer_type;
  }
  const found = await findApplicationForAdmin(ctx.db, programme.id, id);
  const feeUnpaid = found && def.fees.apply_fee_fen > 0 && !(await isApplyFeePaid(ctx.db, programme.id, found.app.accountId));
  const row = await saveDraftDecision(
    ctx.db,
    {
      programmeId: programme.id,
      id,
      actorId: auth.accountId,
      now: ctx.now(),
      check: (r) => {
        if (!r) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
        if (r.releasedAt) throw AppError.message(MSG.PROGRAMME_RELEASED_LOCKED);
        if (!r.submittedAt || feeUnpaid) throw AppError.message(MSG.PROGRAMME_NOT_SUBMITTED);
      },
    },
    { decision: input.decision, offerType, note: input.note },
  );
  return decisionOf(row);
}

/** DELETE …/applications/:id/decision: only an unreleased draft. */
export async function deleteProgrammeDecision(ctx: AppContext, auth: AuthState, code: string, id: number): Promise<void> {
  const programme = await programmeOrThrow(ctx, code);
  await deleteDraftDecision(ctx.db, {
    programmeId: programme.id,
    id,
    actorId: auth.accountId,
    now: ctx.now(),
    check: (r) => {
      if (!r || !r.decision) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
      if (r.releasedAt) throw AppError.message(MSG.PROGRAMME_RELEASED_LOCKED);
    },
  });
}

/** What the student is told about a release or a withdrawal of their result in this programme. */
function decisionNotice(def: ProgrammeDefinition, kind: 'released' | 'withdrawn'): DecisionNotice {
  const fill = (text: string) => text.replace('{0}', def.name);
  return kind === 'released'
    ? { title: fill(MSG.PROGRAMME_RESULT_NOTICE_TITLE), body: fill(MSG.PROGRAMME_RESULT_NOTICE_BODY), sms: { kind: 'programme_result', item: def.name } }
    : { title: fill(MSG.PROGRAMME_WITHDRAWN_NOTICE_TITLE), body: fill(MSG.PROGRAMME_WITHDRAWN_NOTICE_BODY), sms: { kind: 'programme_result_withdrawn', item: def.name } };
}

/**
 * POST /api/admin/programmes/:code/release: the drafts among ids, in one transaction; others are skipped. Each
 * released student gets a notice under 消息 and an SMS (decision 090), as the summer programme's release does.
 */
export async function releaseProgrammeDecisions(ctx: AppContext, auth: AuthState, code: string, ids: number[], log: FastifyBaseLogger): Promise<{ released: number }> {
  const programme = await programmeOrThrow(ctx, code);
  const { rows, notificationIds } = await releaseDraftDecisions(ctx.db, { programmeId: programme.id, ids: [...new Set(ids)], actorId: auth.accountId, now: ctx.now(), notice: decisionNotice(programme.definition, 'released') });
  deliverAfterCommit(ctx, log, notificationIds);
  return { released: rows.length };
}

/**
 * POST …/applications/:id/decision/withdraw: a released result goes back to a draft, and the student is told.
 * Refused once the student has paid towards the programme's fee: the offer is then a contract.
 */
export async function withdrawProgrammeDecision(ctx: AppContext, auth: AuthState, code: string, id: number, log: FastifyBaseLogger): Promise<AdminProgrammeApplicationRow['decision']> {
  const programme = await programmeOrThrow(ctx, code);
  const { row, notificationIds } = await withdrawReleasedDecision(ctx.db, {
    programmeId: programme.id,
    id,
    actorId: auth.accountId,
    now: ctx.now(),
    notice: decisionNotice(programme.definition, 'withdrawn'),
    check: async (r, tx) => {
      if (!r || !r.decision) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
      if (!r.releasedAt) throw AppError.message(MSG.PROGRAMME_NOT_RELEASED);
      const paid = await paidFenByAccount(tx, programme.id, [r.accountId]);
      if ((paid.get(r.accountId) ?? 0) > 0) throw AppError.message(MSG.PROGRAMME_WITHDRAW_PAID);
    },
  });
  deliverAfterCommit(ctx, log, notificationIds);
  return decisionOf(row);
}
