/**
 * Passport and visa of an admitted applicant (decision 075). Both sit behind the deposit gate. The
 * passport number is sealed like ID numbers (decision 064: AES-GCM under the data key, bound to the account)
 * and only its mask is stored in the clear and ever shown to the student; staff with students.reveal_id read
 * the full number, audited. Visa files go to staff review (programmes.documents), audited.
 */
import {
  AppError,
  MSG,
  PASSPORT_NUMBER_PATTERN,
  maskPassportNumber,
  normalisePassportNumber,
  passportExpiryError,
  type PassportRequest,
  type VisaRequest,
  type VisaReviewRequest,
  type VisaStatus,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { idKeys, mayRevealIdNumber } from '../privacy/identity.service.ts';
import { openIdNumber, sealIdNumber } from '../privacy/id-number-crypto.ts';
import { isAttachableUpload } from '../storage/storage.service.ts';
import { findProgrammeByCode } from './programmes.repo.ts';
import { auditPassportReveal, findApplicationById, findDocuments, reviewVisaAudited, savePassport, saveVisaSubmission, type ProgrammeDocumentsRow } from './programme-portal.repo.ts';
import { assertProgrammeGate, programmeDues } from './programme-payments.plan.ts';
import { loadProgrammeFor } from './programme-portal.service.ts';

/** The programme and the applicant's own admitted application, past the deposit gate. */
async function gatedApplication(ctx: AppContext, auth: AuthState, code: string) {
  const { programme, app } = await loadProgrammeFor(ctx, code, auth.accountId);
  assertProgrammeGate('deposit', programme.definition, app, await programmeDues(ctx.db, programme, app, ctx.now()));
  return { programme, app: app! };
}

function passportViewOf(docs: ProgrammeDocumentsRow | undefined) {
  if (!docs?.passportCipher) return null;
  return {
    number_masked: docs.passportTail ?? '',
    name: docs.passportName ?? '',
    expires_on: docs.passportExpiresOn ?? '',
    scan: docs.passportScan ?? null,
    updated_at: (docs.passportUpdatedAt ?? docs.updatedAt).toISOString(),
  };
}

/** GET /api/student/programmes/:code/passport. */
export async function getPassport(ctx: AppContext, auth: AuthState, code: string) {
  const { programme, app } = await gatedApplication(ctx, auth, code);
  const def = programme.definition;
  return { required: def.documents.passport, ends_on: def.ends_on, passport: passportViewOf(await findDocuments(ctx.db, app.id)) };
}

/** PUT /api/student/programmes/:code/passport (and the spec's PUT /api/student/hx-week/passport-own). */
export async function savePassportOwn(ctx: AppContext, auth: AuthState, code: string, input: PassportRequest) {
  const { programme, app } = await gatedApplication(ctx, auth, code);
  const def = programme.definition;
  if (!def.documents.passport) throw AppError.message(MSG.PASSPORT_NOT_REQUIRED);
  const number = normalisePassportNumber(input.number);
  if (!PASSPORT_NUMBER_PATTERN.test(number)) throw AppError.param('number', MSG.PASSPORT_NUMBER_INVALID);
  const expiry = passportExpiryError(input.expires_on, def.ends_on);
  if (expiry) throw AppError.param('expires_on', expiry);
  if (!(await isAttachableUpload(ctx, 'student', auth.accountId, input.scan.url))) throw AppError.param('scan', MSG.PASSPORT_SCAN_REQUIRED);
  const sealed = sealIdNumber(await idKeys(ctx), auth.accountId, number);
  const docs = await savePassport(
    ctx.db,
    app.id,
    { cipher: sealed.cipher, keyId: sealed.keyId, masked: maskPassportNumber(number), name: input.name.trim(), expiresOn: input.expires_on, scan: { url: input.scan.url, name: input.scan.name } },
    ctx.now(),
  );
  return { required: true, ends_on: def.ends_on, passport: passportViewOf(docs) };
}

function visaViewOf(docs: ProgrammeDocumentsRow | undefined) {
  return {
    status: (docs?.visaStatus ?? 'not_started') as VisaStatus,
    files: docs?.visaFiles ?? [],
    note: docs?.visaNote ?? '',
    review_note: docs?.visaReviewNote ?? '',
    reviewed_at: docs?.visaReviewedAt?.toISOString() ?? null,
    updated_at: docs?.visaUpdatedAt?.toISOString() ?? null,
  };
}

/** GET /api/student/programmes/:code/visa. */
export async function getVisa(ctx: AppContext, auth: AuthState, code: string) {
  const { programme, app } = await gatedApplication(ctx, auth, code);
  return { required: programme.definition.documents.visa, visa: visaViewOf(await findDocuments(ctx.db, app.id)) };
}

/** PUT /api/student/programmes/:code/visa: submitted for review; a resubmission after 退回 is reviewed again. */
export async function submitVisa(ctx: AppContext, auth: AuthState, code: string, input: VisaRequest) {
  const { programme, app } = await gatedApplication(ctx, auth, code);
  if (!programme.definition.documents.visa) throw AppError.message(MSG.VISA_NOT_REQUIRED);
  const current = await findDocuments(ctx.db, app.id);
  if (current?.visaStatus === 'approved') throw AppError.message(MSG.VISA_LOCKED);
  for (const [i, file] of input.files.entries()) {
    if (!(await isAttachableUpload(ctx, 'student', auth.accountId, file.url))) throw AppError.param(`files.${i}`, MSG.VISA_FILES_REQUIRED);
  }
  const docs = await saveVisaSubmission(ctx.db, app.id, { files: input.files.map((f) => ({ url: f.url, name: f.name })), note: input.note }, ctx.now());
  return { required: true, visa: visaViewOf(docs) };
}

async function adminApplication(ctx: AppContext, code: string, id: number) {
  const programme = await findProgrammeByCode(ctx.db, code);
  if (!programme) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  const app = await findApplicationById(ctx.db, programme.id, id);
  if (!app) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
  return { programme, app };
}

/** PUT /api/admin/programmes/:code/applications/:id/visa (programmes.documents; audited). */
export async function reviewVisa(ctx: AppContext, auth: AuthState, code: string, id: number, input: VisaReviewRequest) {
  const { programme, app } = await adminApplication(ctx, code, id);
  if (input.status === 'rejected' && input.note.trim() === '') throw AppError.param('note', MSG.VISA_REVIEW_NOTE_REQUIRED);
  const docs = await reviewVisaAudited(ctx.db, { applicationId: app.id, programmeCode: programme.code, status: input.status, note: input.note.trim(), actorId: auth.accountId, now: ctx.now() });
  if (!docs) throw AppError.message(MSG.VISA_NOT_SUBMITTED);
  return { required: programme.definition.documents.visa, visa: visaViewOf(docs) };
}

/** GET /api/admin/programmes/:code/applications/:id/passport: the full number (students.reveal_id; audited). */
export async function revealPassport(ctx: AppContext, auth: AuthState, code: string, id: number): Promise<{ number: string }> {
  if (!mayRevealIdNumber(auth)) throw AppError.forbidden();
  const { programme, app } = await adminApplication(ctx, code, id);
  const docs = await findDocuments(ctx.db, app.id);
  if (!docs?.passportCipher) throw AppError.message(MSG.PASSPORT_NOT_SAVED);
  let number: string;
  try {
    number = openIdNumber(await idKeys(ctx), app.accountId, docs.passportCipher);
  } catch {
    throw AppError.message(MSG.PASSPORT_UNREADABLE);
  }
  await auditPassportReveal(ctx.db, { applicationId: app.id, programmeCode: programme.code, actorId: auth.accountId, now: ctx.now() });
  return { number };
}
