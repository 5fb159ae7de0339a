/**
 * One product model for every programme the office runs besides the summer programme (decision 075):
 * SSI, volunteers and trainees, student leaders (SL/CCL), SBP, H-week/X-week and the Dean's List. A programme
 * is data: who may apply, its form (steps, questions, uploads per role), its fees (application fee, whole or
 * deposit + final with due dates, optional priced durations), the documents it needs (passport, visa), its
 * content (101 page, weeks, course page, announcements) and its offer types. Admins add one without code.
 * No I/O.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { MAX_FEE_FEN } from './payments.ts';
import { dueRuleSchema, type DueRule } from './fee-plan.ts';

// Codes and built-in programmes ------------------------------------------------------------------------------

/** A programme's code is its address segment: /{code}/apply, /{code}/uploader/{role}, /student/{code}101. */
export const PROGRAMME_CODE_PATTERN = /^[a-z][a-z0-9-]{1,29}$/;

/** The programmes the demo seeds and whose spec pages have their own addresses. */
export const BUILTIN_PROGRAMMES = {
  ssi: 'ssi',
  volunteer: 'volunteer',
  sl: 'sl',
  ccl: 'ccl',
  sbp: 'sbp',
  hxweek: 'hxweek',
  deansList: 'deans-list',
} as const;

/** The user tag an admin gives the students offered SBP (its eligibility's required_tag in the demo). */
export const SBP_OFFER_TAG = 'sbp-offer';

export const APPLICANT_ROLES = ['student', 'sl'] as const;
export type ApplicantRole = (typeof APPLICANT_ROLES)[number];

export const PROGRAMME_STATUSES = ['draft', 'open', 'closed'] as const;
export type ProgrammeStatus = (typeof PROGRAMME_STATUSES)[number];
export const PROGRAMME_STATUS_LABELS: Record<ProgrammeStatus, string> = { draft: '未发布', open: '开放申请', closed: '已截止' };

/** Whose material an upload is: /{code}/uploader/{role} lists the uploads of that role (the student fills them all). */
export const UPLOAD_ROLES = ['student', 'parent', 'school'] as const;
export type UploadRole = (typeof UPLOAD_ROLES)[number];
export const UPLOAD_ROLE_LABELS: Record<UploadRole, string> = { student: '学生材料', parent: '家长材料', school: '学校材料' };

export const QUESTION_TYPES = ['text', 'textarea', 'radio', 'checkbox', 'select', 'date', 'upload'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

// Definition schema ------------------------------------------------------------------------------------------

const keySchema = z.string({ error: MSG.PROGRAMME_KEY_INVALID }).regex(/^[a-z][a-z0-9_]{0,39}$/, { error: MSG.PROGRAMME_KEY_INVALID });
const labelSchema = z.string({ error: MSG.TEXT_REQUIRED }).trim().min(1, { error: MSG.TEXT_REQUIRED }).max(200, { error: MSG.PROGRAMME_TEXT_TOO_LONG });
const htmlSchema = z.string({ error: MSG.PARAM_INVALID }).max(100_000, { error: MSG.PROGRAMME_TEXT_TOO_LONG });
const feeFenSchema = z.number({ error: MSG.FEE_INVALID }).int({ error: MSG.FEE_INVALID }).min(0, { error: MSG.FEE_INVALID }).max(MAX_FEE_FEN, { error: MSG.FEE_INVALID });
const instantSchema = z.iso.datetime({ offset: true, error: MSG.DUE_AT_INVALID });
const dateOnlySchema = z.string({ error: MSG.PARAM_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.PARAM_INVALID });

export const programmeQuestionSchema = z.object({
  key: keySchema,
  label: labelSchema,
  type: z.enum(QUESTION_TYPES, { error: MSG.PARAM_INVALID }),
  required: z.boolean({ error: MSG.PARAM_INVALID }),
  /** radio, checkbox, select: the choices shown (and the only values accepted). */
  options: z.array(labelSchema, { error: MSG.PARAM_INVALID }).max(50, { error: MSG.PARAM_INVALID }).optional(),
  /** text and textarea: at most this many characters (default 2000). */
  max_length: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(20_000, { error: MSG.PARAM_INVALID }).optional(),
  hint: z.string({ error: MSG.PARAM_INVALID }).max(500, { error: MSG.PROGRAMME_TEXT_TOO_LONG }).optional(),
  /** upload: whose material it is (default student), and which file types it takes (default jpg, png, pdf). */
  upload_role: z.enum(UPLOAD_ROLES, { error: MSG.PARAM_INVALID }).optional(),
  accept: z.array(z.enum(['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'mp4'], { error: MSG.PARAM_INVALID }), { error: MSG.PARAM_INVALID }).max(7, { error: MSG.PARAM_INVALID }).optional(),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeQuestion = z.infer<typeof programmeQuestionSchema>;

export const programmeStepSchema = z.object({
  key: keySchema,
  title: labelSchema,
  questions: z.array(programmeQuestionSchema, { error: MSG.PROGRAMME_STEP_EMPTY }).min(1, { error: MSG.PROGRAMME_STEP_EMPTY }).max(60, { error: MSG.PARAM_INVALID }),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeStep = z.infer<typeof programmeStepSchema>;

export const programmeDurationSchema = z.object({
  key: keySchema,
  label: labelSchema,
  weeks: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(52, { error: MSG.PARAM_INVALID }),
  fee_fen: feeFenSchema,
}, { error: MSG.PARAM_INVALID });
export type ProgrammeDuration = z.infer<typeof programmeDurationSchema>;

export const programmeWeekSchema = z.object({
  week: z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(52, { error: MSG.PARAM_INVALID }),
  title: labelSchema,
  /** The week's page opens to admitted students at this instant. */
  opens_at: instantSchema,
  content_html: htmlSchema,
  tasks: z.array(labelSchema, { error: MSG.PARAM_INVALID }).max(30, { error: MSG.PARAM_INVALID }),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeWeek = z.infer<typeof programmeWeekSchema>;

export const FEE_MODES = ['none', 'whole', 'split'] as const;
export type FeeMode = (typeof FEE_MODES)[number];
export const FEE_MODE_LABELS: Record<FeeMode, string> = { none: '免费', whole: '全款', split: '定金 + 尾款' };

export const programmeFeesSchema = z.object({
  /** 0: no application fee. Paid after the last step is submitted, before review. */
  apply_fee_fen: feeFenSchema,
  mode: z.enum(FEE_MODES, { error: MSG.FEE_PLAN_MODE_REQUIRED }),
  /** The programme fee; with durations, the chosen duration's fee replaces it. */
  fee_fen: feeFenSchema,
  deposit_fen: feeFenSchema,
  whole_due: dueRuleSchema,
  deposit_due: dueRuleSchema,
  final_due: dueRuleSchema,
  /** SBP: the student chooses one before paying (/sbp/course-duration); empty = no choice. */
  durations: z.array(programmeDurationSchema, { error: MSG.PARAM_INVALID }).max(10, { error: MSG.PARAM_INVALID }),
  /** A parent may pay through /pay/{code}-parent/{token}. */
  parent_pay: z.boolean({ error: MSG.PARAM_INVALID }),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeFees = z.infer<typeof programmeFeesSchema>;

export const programmeEligibilitySchema = z.object({
  /** Student accounts' active_type values that may apply (docs/product/users-and-roles.md); empty = any student. Ignored for SL programmes. */
  active_types: z.array(z.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(0, { error: MSG.PARAM_INVALID }).max(99, { error: MSG.PARAM_INVALID }), { error: MSG.PARAM_INVALID }).max(20, { error: MSG.PARAM_INVALID }),
  /** 仅中学生可游览: active_type 1 or 3 only (checked as well as active_types). */
  secondary_only: z.boolean({ error: MSG.PARAM_INVALID }),
  /** 仅限前批I、提前批II的同学申请: the student's summer batch must be EB1 or EB2. */
  early_batch_only: z.boolean({ error: MSG.PARAM_INVALID }),
  /** The account must carry this user tag (e.g. the sbp offer tag); null = none needed. */
  required_tag: z.string({ error: MSG.PARAM_INVALID }).max(60, { error: MSG.PARAM_INVALID }).nullable(),
  /** Hidden on the AMC site variant (volunteers). */
  hidden_on_amc: z.boolean({ error: MSG.PARAM_INVALID }),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeEligibility = z.infer<typeof programmeEligibilitySchema>;

export const programmeOfferTypeSchema = z.object({ key: keySchema, label: labelSchema }, { error: MSG.PARAM_INVALID });

/** Everything about a programme an admin edits (stored whole in `programmes.definition`). */
export const programmeDefinitionSchema = z.object({
  name: labelSchema,
  /** One line shown in lists and on the public page. */
  summary: z.string({ error: MSG.PARAM_INVALID }).max(300, { error: MSG.PROGRAMME_TEXT_TOO_LONG }),
  applicant_role: z.enum(APPLICANT_ROLES, { error: MSG.PARAM_INVALID }),
  status: z.enum(PROGRAMME_STATUSES, { error: MSG.PARAM_INVALID }),
  apply_opens_at: instantSchema.nullable(),
  apply_closes_at: instantSchema.nullable(),
  /** The last day of the programme (Beijing date): passports must be valid for six months after it. */
  ends_on: dateOnlySchema.nullable(),
  eligibility: programmeEligibilitySchema,
  steps: z.array(programmeStepSchema, { error: MSG.PROGRAMME_STEPS_REQUIRED }).min(1, { error: MSG.PROGRAMME_STEPS_REQUIRED }).max(10, { error: MSG.PARAM_INVALID }),
  fees: programmeFeesSchema,
  documents: z.object({ passport: z.boolean({ error: MSG.PARAM_INVALID }), visa: z.boolean({ error: MSG.PARAM_INVALID }) }, { error: MSG.PARAM_INVALID }),
  /** The kinds of offer an admin may make (H-week: hweek, xweek); empty = a plain offer. */
  offer_types: z.array(programmeOfferTypeSchema, { error: MSG.PARAM_INVALID }).max(10, { error: MSG.PARAM_INVALID }),
  /** Sanitised rich text: the public page and /student/{code}101. */
  intro_html: htmlSchema,
  /** /{code}/course(s): what an admitted student studies. */
  course_html: htmlSchema,
  announcement_html: htmlSchema,
  weeks: z.array(programmeWeekSchema, { error: MSG.PARAM_INVALID }).max(52, { error: MSG.PARAM_INVALID }),
}, { error: MSG.PARAM_INVALID });
export type ProgrammeDefinition = z.infer<typeof programmeDefinitionSchema>;

// Application states ----------------------------------------------------------------------------------------

export const PROGRAMME_DECISIONS = ['admit', 'reject', 'waitlist'] as const;
export type ProgrammeDecision = (typeof PROGRAMME_DECISIONS)[number];
export const PROGRAMME_DECISION_LABELS: Record<ProgrammeDecision, string> = { admit: '录取', reject: '未录取', waitlist: '候补' };

/** What the applicant sees: a decision only once released. */
export const APPLICATION_STATES = ['not_started', 'draft', 'awaiting_fee', 'submitted', 'admitted', 'rejected', 'waitlisted'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];
export const APPLICATION_STATE_LABELS: Record<ApplicationState, string> = {
  not_started: '未开始',
  draft: '填写中',
  awaiting_fee: '待支付申请费',
  submitted: '审核中',
  admitted: '已录取',
  rejected: '未录取',
  waitlisted: '候补',
};

export function applicationState(input: {
  exists: boolean;
  submittedAt: Date | string | null;
  applyFeeFen: number;
  applyFeePaid: boolean;
  releasedDecision: ProgrammeDecision | null;
}): ApplicationState {
  if (!input.exists) return 'not_started';
  if (input.releasedDecision === 'admit') return 'admitted';
  if (input.releasedDecision === 'reject') return 'rejected';
  if (input.releasedDecision === 'waitlist') return 'waitlisted';
  if (!input.submittedAt) return 'draft';
  if (input.applyFeeFen > 0 && !input.applyFeePaid) return 'awaiting_fee';
  return 'submitted';
}

// Eligibility and gates ---------------------------------------------------------------------------------------

/** Types 1 and 3 are high-school students (docs/product/users-and-roles.md). */
export function isSecondaryStudent(activeType: number): boolean {
  return activeType === 1 || activeType === 3;
}

export interface ApplicantFacts {
  role: 'student' | 'sl' | 'teacher' | 'school';
  activeType: number | null;
  /** The summer programme's batch (MRD, EB1, EB2, RD) or '' when none. */
  batch: string;
  tags: readonly string[];
}

/** Null when the applicant may apply, else the docs/product/users-and-roles.md message that says why not. */
export function eligibilityError(def: Pick<ProgrammeDefinition, 'applicant_role' | 'eligibility'>, who: ApplicantFacts): string | null {
  if (def.applicant_role === 'sl') return who.role === 'sl' ? null : MSG.PROGRAMME_ROLE_ONLY_SL;
  if (who.role !== 'student') return MSG.PROGRAMME_ROLE_ONLY_STUDENT;
  const type = who.activeType ?? 1;
  const e = def.eligibility;
  if (e.secondary_only && !isSecondaryStudent(type)) return MSG.SECONDARY_STUDENT_ONLY;
  if (e.active_types.length > 0 && !e.active_types.includes(type)) return MSG.PROGRAMME_TYPE_NOT_ELIGIBLE;
  if (e.early_batch_only && who.batch !== 'EB1' && who.batch !== 'EB2') return MSG.EARLY_BATCH_ONLY;
  if (e.required_tag && !who.tags.includes(e.required_tag)) return MSG.PROGRAMME_TAG_REQUIRED;
  return null;
}

/** Null when applications are taken now, else why not. */
export function applyWindowError(def: Pick<ProgrammeDefinition, 'status' | 'apply_opens_at' | 'apply_closes_at'>, now: Date): string | null {
  if (def.status !== 'open') return MSG.PROGRAMME_NOT_OPEN;
  if (def.apply_opens_at && now < new Date(def.apply_opens_at)) return MSG.PROGRAMME_NOT_OPEN;
  if (def.apply_closes_at && now > new Date(def.apply_closes_at)) return MSG.PROGRAMME_CLOSED;
  return null;
}

/** Pages after the offer: `offer` needs a released admit (仅录取用户可访问); `deposit` also the deposit (or the whole fee) paid. */
export type ProgrammeGate = 'offer' | 'deposit';

export function programmeGateError(gate: ProgrammeGate, facts: { admitted: boolean; depositPaid: boolean; feeMode: FeeMode }): string | null {
  if (!facts.admitted) return MSG.OFFER_ONLY;
  if (gate === 'deposit' && facts.feeMode !== 'none' && !facts.depositPaid) return MSG.DEPOSIT_REQUIRED;
  return null;
}

/** Passport expiry must be at least six calendar months after the programme's last day. */
export function passportExpiryError(expiresOn: string, endsOn: string | null): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return MSG.PASSPORT_EXPIRY_INVALID;
  if (!endsOn) return null;
  const [y, m, d] = endsOn.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(y, m - 1 + 6, d));
  return new Date(`${expiresOn}T00:00:00Z`) < limit ? MSG.PASSPORT_EXPIRY_TOO_SOON : null;
}

/** Passport numbers: 5–20 letters and digits, upper-cased (E12345678). */
export const PASSPORT_NUMBER_PATTERN = /^[A-Z0-9]{5,20}$/;
export function normalisePassportNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** E12345678 → E1*****78: like ID numbers, staff and the student see it masked. */
export function maskPassportNumber(value: string): string {
  const v = normalisePassportNumber(value);
  if (v.length <= 4) return '*'.repeat(v.length);
  return `${v.slice(0, 2)}${'*'.repeat(v.length - 4)}${v.slice(-2)}`;
}

export const VISA_STATUSES = ['not_started', 'submitted', 'approved', 'rejected'] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];
export const VISA_STATUS_LABELS: Record<VisaStatus, string> = { not_started: '未提交', submitted: '审核中', approved: '已通过', rejected: '需补充材料' };

/** The payable purposes of a programme order (the order's programme_id says which programme). */
export const PROGRAMME_PAY_KINDS = ['apply_fee', 'whole', 'deposit', 'final'] as const;
export type ProgrammePayKind = (typeof PROGRAMME_PAY_KINDS)[number];

/**
 * The NHP partner channel (decision 076) pays only the week camps' deposits and final payments: H-week/X-week
 * and the Dean's List. Every other programme and the summer programme refuse provider NHP.
 */
export const NHP_PROGRAMME_CODES = ['hxweek', 'deans-list'] as const;
export function nhpAccepts(code: string, kind?: ProgrammePayKind): boolean {
  return (NHP_PROGRAMME_CODES as readonly string[]).includes(code) && (kind === undefined || kind === 'deposit' || kind === 'final');
}

// Web addresses -------------------------------------------------------------------------------------------------

/** Programmes whose after-offer pages have the spec's own addresses (docs/product/screens-and-routes.md); any other is served under /programmes/{code}/…. */
const SPEC_PORTAL_PAGES: Readonly<Record<string, { pay: string; final: string }>> = {
  hxweek: { pay: '/hx-week/pay', final: '/hxweek/final-payment' },
  'deans-list': { pay: '/deans-list/pay', final: '/deans-list/final-payment' },
  sbp: { pay: '/sbp/pay', final: '/sbp/pay' },
};

/** The generic portal of a programme an admin added: /programmes/{code}. */
export function programmePortalBase(code: string): string {
  return `/programmes/${code}`;
}

/** Where a provider's page returns the payer of a programme order (the apply page for the application fee). */
export function programmeReturnPath(code: string, kind: ProgrammePayKind): string {
  if (kind === 'apply_fee') return `/${code}/apply`;
  const pages = SPEC_PORTAL_PAGES[code];
  if (pages) return kind === 'final' ? pages.final : pages.pay;
  return `${programmePortalBase(code)}/${kind === 'final' ? 'final-payment' : 'pay'}`;
}

/** The parent's page of a programme pay link: /pay/sbp-parent/<token> for the spec's programmes, /pay/programme-parent/<token> for any other. */
export function programmeParentPayPath(code: string, token: string): string {
  return `/pay/${Object.hasOwn(SPEC_PORTAL_PAGES, code) ? code : 'programme'}-parent/${token}`;
}

/** The due rule type re-exported for programme fee editors. */
export type { DueRule };
