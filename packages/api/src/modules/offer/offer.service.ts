import { randomBytes } from 'node:crypto';
import {
  AppError,
  MSG,
  OFFER_VERIFY_CODE_PATTERN,
  PAYMENT_CURRENCY,
  PROGRAMME_NAME,
  STATUS,
  maskName,
  tuitionDeadline,
  type Bursary,
  type BursaryApplyRequest,
  type OfferLetter,
  type OfferVerification,
  type StudentFees,
} from '@summit/domain';
import { isAttachableUpload } from '../storage/storage.service.ts';
import { payByOf, studentDues, tuitionOwed } from '../dues/dues.service.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import {
  fillOfferIdentifiers,
  findAidRequest,
  findOfferByVerifyCode,
  findOfferSubject,
  upsertPendingAidRequest,
  type AidRequestRow,
  type OfferSubject,
} from './offer.repo.ts';

/** Letter numbers as the admin release writes them: SUMMIT-<Beijing year>-<account id, 6+ digits>. */
function fallbackLetterNo(accountId: number, releasedAt: Date): string {
  const year = new Date(releasedAt.getTime() + 8 * 3_600_000).getUTCFullYear();
  return `SUMMIT-${year}-${String(accountId).padStart(6, '0')}`;
}

async function loadSubject(ctx: AppContext, accountId: number): Promise<OfferSubject> {
  const subject = await findOfferSubject(ctx.db, accountId);
  if (!subject) throw AppError.login();
  return subject;
}

/**
 * A released offer: the profile says released (offer_letter truthy, docs/product/data.md) AND the decision row is an
 * offer with a release time. Anything else (no decision, a draft, a withdrawn or a non-offer decision) is
 * the spec's 403-10.
 */
function releasedOffer(subject: OfferSubject) {
  const d = subject.decision;
  if (!subject.profile.offerLetter || !d || d.decision !== 'offer' || !d.releasedAt) throw AppError.gate(STATUS.GATE_OFFER);
  return { ...d, releasedAt: d.releasedAt };
}

export async function getOfferLetter(ctx: AppContext, auth: AuthState, origin: string): Promise<OfferLetter> {
  const subject = await loadSubject(ctx, auth.accountId);
  const offer = releasedOffer(subject);
  let { verifyCode, letterNo } = offer;
  if (!verifyCode || !letterNo) {
    ({ verifyCode, letterNo } = await fillOfferIdentifiers(ctx.db, auth.accountId, {
      verifyCode: randomBytes(32).toString('base64url'),
      letterNo: fallbackLetterNo(auth.accountId, offer.releasedAt),
    }));
    // Withdrawn between the two reads.
    if (!verifyCode || !letterNo) throw AppError.gate(STATUS.GATE_OFFER);
  }
  const owed = await tuitionOwed(ctx, auth.accountId);
  const paidAt = subject.profile.tuitionPaidAt;
  const dues = await studentDues(ctx, auth.accountId);
  const split = dues && dues.installments.length > 1 ? dues.installments : [];
  return {
    letter_no: letterNo,
    student_name: subject.name,
    programme: PROGRAMME_NAME,
    place_name: offer.placeName ?? subject.profile.placeName,
    professional_track: offer.professionalTrack ?? subject.profile.professionalTrack,
    issued_at: offer.releasedAt.toISOString(),
    // The plan's due date (decision 072), moved by an admin's extension; the default is tuitionDeadline.
    pay_by: (dues ? payByOf(dues) : tuitionDeadline(offer.releasedAt)).toISOString(),
    tuition_fen: owed.dueFen,
    fee_fen: owed.fees.tuition_fen,
    aid_fen: owed.aidFen,
    currency: PAYMENT_CURRENCY,
    verify_url: `${origin}/offer/verify/${verifyCode}`,
    tuition_paid: paidAt !== null,
    tuition_paid_at: paidAt?.toISOString() ?? null,
    schedule: split.map((i) => ({ label: i.kind === 'deposit' ? '定金' : '尾款', amount_fen: i.owedFen, due_at: i.dueAt.toISOString() })),
  };
}

/** The amounts the payment pages show before an order exists (the order itself carries the same). */
export async function getStudentFees(ctx: AppContext, auth: AuthState): Promise<StudentFees> {
  const owed = await tuitionOwed(ctx, auth.accountId);
  return { apply_fen: owed.fees.apply_fen, tuition_fen: owed.dueFen, aid_fen: owed.aidFen, currency: PAYMENT_CURRENCY };
}

/** Public check of a letter: genuine only while the offer stays released; everything else reads the same. */
export async function verifyOfferLetter(ctx: AppContext, code: string): Promise<OfferVerification> {
  if (!OFFER_VERIFY_CODE_PATTERN.test(code)) throw AppError.message(MSG.OFFER_LETTER_INVALID);
  const row = await findOfferByVerifyCode(ctx.db, code);
  if (!row || row.decision !== 'offer' || !row.releasedAt || !row.offerLetter || !row.letterNo) throw AppError.message(MSG.OFFER_LETTER_INVALID);
  return {
    genuine: true,
    letter_no: row.letterNo,
    student_name: maskName(row.name),
    programme: PROGRAMME_NAME,
    place_name: row.placeName,
    professional_track: row.professionalTrack,
    issued_at: row.releasedAt.toISOString(),
  };
}

function toBursary(row: AidRequestRow): Bursary {
  const v = row.value as Partial<Bursary['value']>;
  return {
    status: row.status,
    granted_fen: row.status === 'granted' ? row.grantedFen : 0,
    value: {
      family_members: typeof v.family_members === 'number' ? v.family_members : 0,
      annual_income: v.annual_income ?? '<5万',
      reason: typeof v.reason === 'string' ? v.reason : '',
      attachment: v.attachment ?? null,
    },
    submitted_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function getBursary(ctx: AppContext, auth: AuthState): Promise<Bursary | null> {
  const row = await findAidRequest(ctx.db, auth.accountId);
  return row ? toBursary(row) : null;
}

/**
 * A student asks for financial aid: after step 1 is submitted, before tuition is paid; the answers may be
 * changed while the request is pending and are frozen once an admin has decided.
 */
export async function applyForBursary(ctx: AppContext, auth: AuthState, input: BursaryApplyRequest): Promise<Bursary> {
  const subject = await loadSubject(ctx, auth.accountId);
  const p = subject.profile;
  if (p.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
  if (p.step1SubmittedAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_INCOMPLETE);
  if (p.tuitionPaidAt !== null) throw AppError.message(MSG.AID_AFTER_TUITION_PAID);
  const attachment = input.attachment ?? null;
  if (attachment && !(await isAttachableUpload(ctx, 'student', auth.accountId, attachment.url))) throw AppError.param('attachment', MSG.AID_ATTACHMENT_INVALID);

  const existing = await findAidRequest(ctx.db, auth.accountId);
  if (existing && existing.status !== 'pending') throw AppError.message(MSG.AID_ALREADY_DECIDED);
  const value = { family_members: input.family_members, annual_income: input.annual_income, reason: input.reason, attachment };
  const row = await upsertPendingAidRequest(ctx.db, auth.accountId, value, ctx.now());
  if (!row) throw AppError.message(MSG.AID_ALREADY_DECIDED);
  return toBursary(row);
}
