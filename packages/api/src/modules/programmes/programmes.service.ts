/**
 * The applicant's side of every programme (decision 075): the public page, the list of programmes an
 * account may see, and the generic form (steps, drafts, uploads) the spec's aliases also write through.
 * Students call it under /api/student/, student leaders under /api/sl/; the role comes from the token.
 */
import {
  AppError,
  MSG,
  applicationState,
  applyWindowError,
  eligibilityError,
  formatMessage,
  type ApplicantFacts,
  type MyApplication,
  type MyProgramme,
  type ProgrammeAnswer,
  type ProgrammeDefinition,
  type ProgrammePublic,
  type ProgrammeQuestion,
  type ProgrammeStepSaveRequest,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { isAttachableUpload } from '../storage/storage.service.ts';
import type { StoredProgrammeAnswers } from './programmes.repo.ts';
import {
  findApplicantFacts,
  findApplication,
  findProgrammeByCode,
  isApplyFeePaid,
  listApplicationsOfAccount,
  listProgrammeRows,
  saveApplicationStep,
  type ProgrammeApplicationRow,
  type ProgrammeRow,
} from './programmes.repo.ts';

const DEFAULT_MAX_LENGTH = 2000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Where the request came from: the AMC variant hides programmes marked hidden_on_amc (decision 015). */
export interface SiteOf {
  amc: boolean;
}

/** A programme the caller may see at all: not a draft, and not hidden on this site variant. Else 项目不存在. */
export async function visibleProgramme(ctx: AppContext, code: string, site: SiteOf): Promise<ProgrammeRow> {
  const row = await findProgrammeByCode(ctx.db, code);
  if (!row || row.definition.status === 'draft' || (site.amc && row.definition.eligibility.hidden_on_amc)) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  return row;
}

function feesOf(def: ProgrammeDefinition) {
  const f = def.fees;
  return { apply_fee_fen: f.apply_fee_fen, mode: f.mode, fee_fen: f.fee_fen, deposit_fen: f.deposit_fen, durations: f.durations, parent_pay: f.parent_pay };
}

/** Who may apply, in the docs/product/users-and-roles.md words the gates use. */
export function eligibilityNotes(def: ProgrammeDefinition): string[] {
  const notes: string[] = [];
  if (def.applicant_role === 'sl') notes.push(MSG.PROGRAMME_ROLE_ONLY_SL);
  if (def.eligibility.secondary_only) notes.push(MSG.SECONDARY_STUDENT_ONLY);
  if (def.eligibility.early_batch_only) notes.push(MSG.EARLY_BATCH_ONLY);
  if (def.eligibility.required_tag) notes.push(MSG.PROGRAMME_TAG_REQUIRED);
  return notes;
}

/** GET /api/programmes/:code (public). */
export async function getPublicProgramme(ctx: AppContext, code: string, site: SiteOf): Promise<ProgrammePublic> {
  const { definition: def } = await visibleProgramme(ctx, code, site);
  return {
    code,
    name: def.name,
    summary: def.summary,
    intro_html: def.intro_html,
    applicant_role: def.applicant_role,
    status: def.status,
    apply_opens_at: def.apply_opens_at ? new Date(def.apply_opens_at).toISOString() : null,
    apply_closes_at: def.apply_closes_at ? new Date(def.apply_closes_at).toISOString() : null,
    window_msg: applyWindowError(def, ctx.now()),
    eligibility_notes: eligibilityNotes(def),
    fees: feesOf(def),
    steps: def.steps.map((s) => ({ key: s.key, title: s.title })),
  };
}

export async function applicantFacts(ctx: AppContext, auth: AuthState): Promise<ApplicantFacts> {
  if (auth.role !== 'student') return { role: auth.role, activeType: null, batch: '', tags: [] };
  const facts = await findApplicantFacts(ctx.db, auth.accountId);
  return { role: 'student', ...facts };
}

function releasedDecisionOf(app: ProgrammeApplicationRow | undefined) {
  return app && app.releasedAt && app.decision ? app.decision : null;
}

async function stateOf(ctx: AppContext, row: ProgrammeRow, app: ProgrammeApplicationRow | undefined, accountId: number) {
  const fee = row.definition.fees.apply_fee_fen;
  const paid = fee > 0 && app?.submittedAt ? await isApplyFeePaid(ctx.db, row.id, accountId) : false;
  const state = applicationState({ exists: app !== undefined, submittedAt: app?.submittedAt ?? null, applyFeeFen: fee, applyFeePaid: paid, releasedDecision: releasedDecisionOf(app) });
  return { state, applyFeePaid: paid };
}

/**
 * GET /api/{student|sl}/programmes: the open programmes for this role, and any programme this account has
 * applied to (closed ones too, so its result stays in reach). Each says whether this account may apply.
 */
export async function listMyProgrammes(ctx: AppContext, auth: AuthState, site: SiteOf): Promise<MyProgramme[]> {
  const [rows, mine, who] = await Promise.all([listProgrammeRows(ctx.db), listApplicationsOfAccount(ctx.db, auth.accountId), applicantFacts(ctx, auth)]);
  const byProgramme = new Map(mine.map((a) => [a.programmeId, a]));
  const now = ctx.now();
  const out: MyProgramme[] = [];
  for (const row of rows) {
    const def = row.definition;
    const app = byProgramme.get(row.id);
    if (def.status === 'draft' || (site.amc && def.eligibility.hidden_on_amc)) continue;
    if (!app && (def.status !== 'open' || def.applicant_role !== auth.role)) continue;
    const { state } = await stateOf(ctx, row, app, auth.accountId);
    out.push({ code: row.code, name: def.name, summary: def.summary, state, eligibility_msg: eligibilityError(def, who), window_msg: applyWindowError(def, now) });
  }
  return out;
}

async function applicationView(ctx: AppContext, auth: AuthState, row: ProgrammeRow, app: ProgrammeApplicationRow | undefined, who: ApplicantFacts): Promise<MyApplication> {
  const def = row.definition;
  const { state, applyFeePaid } = await stateOf(ctx, row, app, auth.accountId);
  const released = app && app.releasedAt && app.decision ? app : null;
  return {
    programme: { code: row.code, name: def.name, summary: def.summary, applicant_role: def.applicant_role, steps: def.steps, fees: feesOf(def) },
    eligibility_msg: eligibilityError(def, who),
    window_msg: applyWindowError(def, ctx.now()),
    state,
    answers: (app?.answers ?? {}) as MyApplication['answers'],
    submitted_steps: app?.submittedSteps ?? [],
    submitted_at: iso(app?.submittedAt),
    updated_at: iso(app?.updatedAt),
    apply_fee: { fen: def.fees.apply_fee_fen, paid: applyFeePaid },
    decision: released
      ? {
          decision: released.decision!,
          offer_type: released.offerType,
          offer_label: def.offer_types.find((o) => o.key === released.offerType)?.label ?? null,
          released_at: released.releasedAt!.toISOString(),
        }
      : null,
  };
}

/** GET /api/{student|sl}/programmes/:code/application. */
export async function getMyApplication(ctx: AppContext, auth: AuthState, code: string, site: SiteOf): Promise<MyApplication> {
  const row = await visibleProgramme(ctx, code, site);
  const [app, who] = await Promise.all([findApplication(ctx.db, row.id, auth.accountId), applicantFacts(ctx, auth)]);
  return applicationView(ctx, auth, row, app, who);
}

function isEmptyAnswer(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  return Array.isArray(v) && v.length === 0;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The answer's shape against its question; files must be the account's own uploads. Throws a 4003 naming it. */
async function checkAnswer(ctx: AppContext, auth: AuthState, q: ProgrammeQuestion, value: ProgrammeAnswer, before: unknown): Promise<void> {
  const bad = () => AppError.param(`answers.${q.key}`, formatMessage(MSG.PROGRAMME_ANSWER_INVALID, q.label));
  switch (q.type) {
    case 'text':
    case 'textarea':
      if (typeof value !== 'string') throw bad();
      if (value.length > (q.max_length ?? DEFAULT_MAX_LENGTH)) throw bad();
      return;
    case 'date':
      if (typeof value !== 'string' || (value !== '' && (!DATE_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))))) throw bad();
      return;
    case 'radio':
    case 'select':
      if (typeof value !== 'string' || (value !== '' && !(q.options ?? []).includes(value))) throw bad();
      return;
    case 'checkbox':
      if (!Array.isArray(value) || (value as unknown[]).some((v) => typeof v !== 'string' || !(q.options ?? []).includes(v)) || new Set(value as unknown[]).size !== value.length) throw bad();
      return;
    case 'upload': {
      if (!Array.isArray(value) || value.some((f) => typeof f !== 'object' || f === null)) throw bad();
      const files = value as Array<{ url: string; name: string }>;
      const kept = new Set(Array.isArray(before) ? (before as Array<{ url?: unknown }>).map((f) => f?.url) : []);
      for (const f of files) {
        if (kept.has(f.url)) continue;
        if (!(await isAttachableUpload(ctx, auth.role, auth.accountId, f.url))) throw bad();
      }
      return;
    }
  }
}

/**
 * PUT /api/{student|sl}/programmes/:code/application/steps/:step: merges the answers over the step's draft;
 * `submit` checks the required answers and submits the step (steps submit in order); the last step submits the
 * application, which is read-only from then on. Eligibility and the window are checked on every write.
 */
export async function saveStep(ctx: AppContext, auth: AuthState, code: string, stepKey: string, input: ProgrammeStepSaveRequest, site: SiteOf): Promise<{ view: MyApplication; submitted: boolean }> {
  const row = await visibleProgramme(ctx, code, site);
  const def = row.definition;
  const who = await applicantFacts(ctx, auth);
  const refusal = eligibilityError(def, who);
  if (refusal) throw AppError.gate('403-50', refusal);
  const windowMsg = applyWindowError(def, ctx.now());
  if (windowMsg) throw AppError.message(windowMsg);
  const stepIndex = def.steps.findIndex((s) => s.key === stepKey);
  const step = def.steps[stepIndex];
  if (!step) throw AppError.notFound(MSG.PROGRAMME_STEP_NOT_FOUND);

  const questions = new Map(step.questions.map((q) => [q.key, q]));
  for (const key of Object.keys(input.answers)) {
    if (!questions.has(key)) throw AppError.param(`answers.${key}`, formatMessage(MSG.PROGRAMME_ANSWER_INVALID, key));
  }
  // Cheap checks before the lock; file ownership needs the stored answer, checked below against a read.
  const existing = await findApplication(ctx.db, row.id, auth.accountId);
  if (existing?.submittedAt) throw AppError.message(MSG.PROGRAMME_ALREADY_SUBMITTED);
  if (existing?.submittedSteps.includes(stepKey)) throw AppError.message(MSG.PROGRAMME_ALREADY_SUBMITTED);
  const beforeStep = (existing?.answers[stepKey] ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(input.answers)) await checkAnswer(ctx, auth, questions.get(key)!, value, beforeStep[key]);

  const now = ctx.now();
  let submittedNow = false;
  const saved = await saveApplicationStep(ctx.db, { programmeId: row.id, accountId: auth.accountId, now }, (current) => {
    if (current?.submittedAt || current?.submittedSteps.includes(stepKey)) throw AppError.message(MSG.PROGRAMME_ALREADY_SUBMITTED);
    const answers: StoredProgrammeAnswers = { ...(current?.answers ?? {}) };
    const merged = { ...((answers[stepKey] ?? {}) as Record<string, unknown>), ...input.answers };
    answers[stepKey] = merged;
    let submittedSteps = current?.submittedSteps ?? [];
    let submittedAt: Date | null = null;
    if (input.submit) {
      const earlier = def.steps.slice(0, stepIndex).map((s) => s.key);
      if (earlier.some((k) => !submittedSteps.includes(k))) throw AppError.message(MSG.PROGRAMME_STEP_ORDER);
      const missing = step.questions.find((q) => q.required && isEmptyAnswer(merged[q.key]));
      if (missing) throw AppError.param(`answers.${missing.key}`, formatMessage(MSG.PROGRAMME_ANSWER_REQUIRED, missing.label));
      submittedSteps = [...submittedSteps, stepKey];
      if (def.steps.every((s) => submittedSteps.includes(s.key))) {
        submittedAt = now;
        submittedNow = true;
      }
    }
    return { answers, submittedSteps, submittedAt };
  });
  return { view: await applicationView(ctx, auth, row, saved, who), submitted: submittedNow };
}

/** The spec's aliases write one step of a built-in programme through the generic form (null: its first step). */
export async function saveAliasStep(ctx: AppContext, auth: AuthState, code: string, stepKey: string | null, input: ProgrammeStepSaveRequest, site: SiteOf) {
  const key = stepKey ?? (await visibleProgramme(ctx, code, site)).definition.steps[0]!.key;
  return saveStep(ctx, auth, code, key, input, site);
}
