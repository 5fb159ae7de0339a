import {
  APPLY_MSG,
  AppError,
  GUARDIAN_CONSENT_VERSION,
  MSG,
  STATUS,
  applyOpen,
  applyStepDataSchema,
  batchForSubmission,
  deadlineListOf,
  draftPartlySavedMessage,
  isMaskedCardNumber,
  isOnboardingFormName,
  isOwnFileUrl,
  salvageStepDraft,
  type ApplyBatch,
  type ApplyState,
  type ApplyStepRequest,
  type ApplyStepResult,
  type DraftFieldProblem,
  type StudentFormQuery,
  type StudentFormRecord,
  type StudentFormRequest,
} from '@summit/domain';
import { isAttachableUpload } from '../storage/storage.service.ts';
import { getOwnOnboardingForms, saveOnboardingForm, splitFormNames } from '../onboarding-forms/onboarding-forms.service.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import { findApplication, findForms, findReleasedDecision, saveDraft, submitStep1, submitStep2, upsertForm, type ProfileRow } from './application.repo.ts';
import { getDeadlines } from '../settings/deadlines.service.ts';
import { findIdentity, type IdentityWrite } from '../privacy/privacy.queries.ts';
import { presentStep1, readIdNumber, sealFor } from '../privacy/identity.service.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const isBatch = (v: string | null | undefined): v is ApplyBatch => v === 'EB1' || v === 'EB2' || v === 'RD';

async function loadApplication(ctx: AppContext, auth: AuthState) {
  const row = await findApplication(ctx.db, auth.accountId);
  if (!row) throw AppError.login();
  return row;
}

/** GET /api/student/v5/apply: answers so far, stamps, batch, deadlines, what is still open, a released decision. */
export async function getApplyState(ctx: AppContext, auth: AuthState): Promise<ApplyState> {
  const [{ profile: p, application: a }, deadlines, decision] = await Promise.all([
    loadApplication(ctx, auth),
    getDeadlines(ctx),
    findReleasedDecision(ctx.db, auth.accountId),
  ]);
  const batch = a?.batch ?? (p.step1SubmittedAt ? p.batchStr : null);
  return {
    // The number is shown masked, even to its owner (decision 064): the form sends the mask back to keep it.
    step1: await presentStep1(ctx, auth.accountId, a?.step1),
    step2: a?.step2 ?? {},
    step1_submitted: p.step1SubmittedAt !== null,
    step1_submitted_at: iso(p.step1SubmittedAt),
    step2_submitted: p.step2SubmittedAt !== null,
    step2_submitted_at: iso(p.step2SubmittedAt),
    batch: isBatch(batch) ? batch : null,
    is_apply_paid: p.applyPaidAt !== null,
    deadlines: deadlineListOf(deadlines),
    open: applyOpen(ctx.now(), deadlines),
    decision: decision?.releasedAt ? { decision: decision.decision, released_at: decision.releasedAt.toISOString() } : null,
    consent_version: a?.consentVersion ?? null,
    profile_school: { school_id: p.schoolId, school_name: p.schoolName },
    updated_at: iso(a?.updatedAt),
  };
}

/** The gates before a step may be written, in the order the student meets them. */
function checkStepGates(p: ProfileRow, step: 1 | 2): void {
  if (p.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
  const submittedAt = step === 1 ? p.step1SubmittedAt : p.step2SubmittedAt;
  if (submittedAt !== null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, APPLY_MSG.STEP_SUBMITTED);
  if (step === 2) {
    if (p.step1SubmittedAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_INCOMPLETE);
    // Tuition paid (a late offer path) also counts, as in the next-page rule.
    if (p.applyPaidAt === null && p.tuitionPaidAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_FEE_REQUIRED);
  }
}

function parseStepData(step: 1 | 2, data: Record<string, unknown>, accountId: number): Record<string, unknown> {
  const result = applyStepDataSchema(step, true).safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw AppError.param(issue ? issue.path.map(String).join('.') : '', issue?.message || MSG.PARAM_INVALID);
  }
  const parsed = result.data as Record<string, unknown>;
  const attachment = parsed.attachment as { url: string } | null | undefined;
  // A form may only attach its owner's files: a foreign address would let one student read another's upload.
  if (attachment && !isOwnFileUrl(attachment.url, 'student', accountId)) throw AppError.param('attachment.url', APPLY_MSG.ATTACHMENT_NOT_OWN);
  return parsed;
}

/**
 * A draft keeps every valid field and reports the others (decision 024): it never fails because of one
 * field. A foreign attachment is treated as one more invalid field, so it is never stored.
 */
async function salvageDraft(
  ctx: AppContext,
  accountId: number,
  step: 1 | 2,
  data: Record<string, unknown>,
  previous: Record<string, unknown>,
): Promise<{ kept: Record<string, unknown>; invalid: DraftFieldProblem[] }> {
  const { kept, invalid } = salvageStepDraft(step, data, previous);
  const attachment = kept.attachment as { url: string } | null | undefined;
  if (attachment && !(await isAttachableUpload(ctx, 'student', accountId, attachment.url))) {
    const sent = data.attachment as { url?: unknown } | null | undefined;
    // Only the attachment just sent is reported; a stored one that no longer checks out is just dropped.
    if (sent && typeof sent === 'object' && sent.url === attachment.url) {
      if (!invalid.some((p) => p.field.startsWith('attachment'))) invalid.push({ field: 'attachment.url', msg: APPLY_MSG.ATTACHMENT_NOT_OWN });
    }
    delete kept.attachment;
    const before = previous.attachment as { url: string } | null | undefined;
    if (before && before.url !== attachment.url && (await isAttachableUpload(ctx, 'student', accountId, before.url))) kept.attachment = before;
  }
  return { kept, invalid };
}

function withoutCardNumber(data: Record<string, unknown>): Record<string, unknown> {
  const { card_number: _masked, ...rest } = data;
  return rest;
}

/**
 * Submitting with the number unchanged (the mask sent back, or no number): the sealed number is put back for
 * validation, so it is checked against the card type like a typed one.
 */
async function withStoredCardNumber(ctx: AppContext, accountId: number, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (typeof data.card_number === 'string' && !isMaskedCardNumber(data.card_number)) return data;
  const stored = await readIdNumber(ctx, await findIdentity(ctx.db, accountId));
  return stored ? { ...data, card_number: stored } : withoutCardNumber(data);
}

/** Takes the number out of the step-1 JSON (mutating it) and seals it for student_identity. */
async function takeIdentity(ctx: AppContext, accountId: number, data: Record<string, unknown>): Promise<IdentityWrite> {
  const number = data.card_number;
  delete data.card_number;
  return {
    cardType: typeof data.card_type === 'string' ? data.card_type : undefined,
    sealed: typeof number === 'string' && number !== '' ? await sealFor(ctx, accountId, number) : undefined,
  };
}

/** POST /api/student/v5/apply/step1 and step2: save a draft or submit. */
export async function writeApplyStep(ctx: AppContext, auth: AuthState, step: 1 | 2, body: ApplyStepRequest): Promise<{ state: ApplyStepResult; msg: string }> {
  const { profile, application } = await loadApplication(ctx, auth);
  checkStepGates(profile, step);

  const now = ctx.now();
  const deadlines = await getDeadlines(ctx);
  const open = applyOpen(now, deadlines);
  if (step === 1 && !open.step1) throw AppError.message(APPLY_MSG.STEP1_CLOSED);
  if (step === 2 && !open.step2) throw AppError.message(APPLY_MSG.STEP2_CLOSED);
  const alreadySubmitted = () => AppError.gate(STATUS.GATE_ALREADY_APPLIED, APPLY_MSG.STEP_SUBMITTED);

  if (!body.submit) {
    const previous = ((step === 1 ? application?.step1 : application?.step2) ?? {}) as Record<string, unknown>;
    // A masked number sent back means "unchanged": the sealed one stays.
    const sent = step === 1 && isMaskedCardNumber(body.data.card_number) ? withoutCardNumber(body.data) : body.data;
    const { kept, invalid } = await salvageDraft(ctx, auth.accountId, step, sent, previous);
    const identity = step === 1 ? await takeIdentity(ctx, auth.accountId, kept) : undefined;
    if (!(await saveDraft(ctx.db, auth.accountId, step, kept, now, identity))) throw alreadySubmitted();
    return { state: { ...(await getApplyState(ctx, auth)), invalid_fields: invalid }, msg: draftPartlySavedMessage(invalid) };
  }

  const data = parseStepData(step, step === 1 ? await withStoredCardNumber(ctx, auth.accountId, body.data) : body.data, auth.accountId);
  const attachment = data.attachment as { url: string } | null | undefined;
  // …and one that really was uploaded by this account (not just a made-up key under its prefix).
  if (attachment && !(await isAttachableUpload(ctx, 'student', auth.accountId, attachment.url))) throw AppError.param('attachment.url', APPLY_MSG.ATTACHMENT_NOT_OWN);

  if (step === 1) {
    const batch = batchForSubmission(now, deadlines);
    if (batch === null) throw AppError.message(APPLY_MSG.STEP1_CLOSED);
    const identity = await takeIdentity(ctx, auth.accountId, data);
    if (!(await submitStep1(ctx.db, auth.accountId, { data, batch, consentVersion: GUARDIAN_CONSENT_VERSION, now, identity }))) throw alreadySubmitted();
    return { state: { ...(await getApplyState(ctx, auth)), invalid_fields: [] }, msg: APPLY_MSG.STEP1_SUBMITTED_OK };
  }

  if (!(await submitStep2(ctx.db, auth.accountId, data, now))) throw alreadySubmitted();
  return { state: { ...(await getApplyState(ctx, auth)), invalid_fields: [] }, msg: APPLY_MSG.STEP2_SUBMITTED_OK };
}

// Follow-up forms ------------------------------------------------------------------------------------------

function formRecord(row: { formName: string; value: unknown; submittedAt: Date | null }): StudentFormRecord {
  return { form_name: row.formName as StudentFormRecord['form_name'], submitted_at: iso(row.submittedAt), value: row.value };
}

/**
 * POST /api/student/form: the follow-up forms are for applicants, so step 1 must be submitted. The onboarding
 * forms (decision 046) have their own gate (offer and paid tuition), drafts and the health encryption.
 */
export async function saveStudentForm(ctx: AppContext, auth: AuthState, body: StudentFormRequest): Promise<{ record: StudentFormRecord; msg: string }> {
  if (isOnboardingFormName(body.form_name)) return saveOnboardingForm(ctx, auth, { ...body, form_name: body.form_name });
  const { profile } = await loadApplication(ctx, auth);
  if (profile.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
  if (profile.step1SubmittedAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_INCOMPLETE);
  return { record: formRecord(await upsertForm(ctx.db, auth.accountId, body.form_name, body.value, ctx.now())), msg: MSG.SAVE_OK };
}

/** GET /api/student/form?form_name=a,b: the caller's own records among those names (missing ones are absent). */
export async function getStudentForms(ctx: AppContext, auth: AuthState, query: StudentFormQuery): Promise<{ items: StudentFormRecord[] }> {
  const { onboarding, other } = splitFormNames([...new Set(query.form_name)]);
  const rows = other.length > 0 ? await findForms(ctx.db, auth.accountId, other) : [];
  return { items: [...rows.map(formRecord), ...(await getOwnOnboardingForms(ctx, auth, onboarding))] };
}
