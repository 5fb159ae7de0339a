/**
 * The application form (decision 009): its constants, field rules, deadlines and the early-batch rule,
 * and the readable summary an admin sees. Pure: the api and the web both read it. Decisions:
 * docs/decisions/009-application-batches-and-deadlines.md.
 */
import { z } from 'zod';
import { DEADLINE_KEYS, SESSION_WINDOWS, TIME_ZONE_OPTIONS, type DeadlineKey } from './constants.ts';
import { MSG, formatMessage } from './messages.ts';
import {
  CARD_TYPES,
  MAX_TEXT_CHARS,
  cardNumberSchemaFor,
  cardTypeSchema,
  countTextUnits,
  isValidDate,
  phoneSchema,
  schoolIdSchema,
  schoolNameSchema,
  schoolProblem,
  type CardType,
} from './validation.ts';
import { uploadedFileSchema } from './api/storage.ts';
import { UNSTORABLE_TEXT } from './text-safety.ts';
import { ONBOARDING_FORMS } from './onboarding-forms.ts';

// ---------------------------------------------------------------------------------------------------------
// Choices

export const APPLY_GRADES = [
  { value: 'G10', label: '高一' },
  { value: 'G11', label: '高二' },
  { value: 'G12', label: '高三' },
  { value: 'OTHER', label: '其他' },
] as const;
export type ApplyGrade = (typeof APPLY_GRADES)[number]['value'];

export const GUARDIAN_RELATIONS = [
  { value: 'father', label: '父亲' },
  { value: 'mother', label: '母亲' },
  { value: 'other', label: '其他监护人' },
] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number]['value'];

/** The three docs/product/constants.md sessions; the same names are the place_name values an admin assigns with an offer. */
export const APPLY_SESSIONS = SESSION_WINDOWS.map((s) => s.name) as unknown as readonly ['第一期', '第二期', '第三期'];

/** Professional tracks a student may prefer (and an admin assigns with an offer as professional_track). */
export const PROFESSIONAL_TRACKS = [
  { value: '人文社科', label: '人文社科', hint: '历史、哲学、社会学、国际关系' },
  { value: '理工科学', label: '理工科学', hint: '数学、物理、计算机、工程' },
  { value: '商业经济', label: '商业经济', hint: '经济学、金融、管理、创业' },
  { value: '医学生命', label: '医学生命', hint: '生物、医学、公共卫生、心理学' },
  { value: '艺术设计', label: '艺术设计', hint: '建筑、设计、传媒、艺术史' },
] as const;
export type ProfessionalTrack = (typeof PROFESSIONAL_TRACKS)[number]['value'];

export const ENGLISH_TESTS = [
  { value: 'NONE', label: '暂无成绩' },
  { value: 'TOEFL', label: 'TOEFL 托福' },
  { value: 'IELTS', label: 'IELTS 雅思' },
  { value: 'DUOLINGO', label: 'Duolingo 多邻国' },
  { value: 'CAMBRIDGE', label: '剑桥英语（KET/PET/FCE 等）' },
  { value: 'OTHER', label: '其他' },
] as const;
export type EnglishTest = (typeof ENGLISH_TESTS)[number]['value'];

export const APPLY_LIMITS = {
  legalNameMin: 2,
  legalNameMax: 40,
  ageMin: 12,
  ageMax: 20,
  essayMinUnits: 100,
  essayMaxUnits: 800,
  activitiesMax: 5,
  activityNameMaxUnits: 50,
  activityRoleMaxUnits: 30,
  activityDescriptionMaxUnits: 150,
  englishScoreMaxChars: 30,
  attachmentMaxSize: '10MB',
  /** Extensions without dots, as the uploader takes them. */
  attachmentAccept: ['pdf', 'jpg', 'jpeg', 'png'],
} as const;

/** The first day of the programme, Beijing time: ages are counted on it (decision 009). */
export const PROGRAMME_START_DATE = '2027-07-17';

export const ESSAY_PROMPTS = {
  essay_motivation: '你为什么希望参加 Summit 夏季学术项目？你希望在所选方向上探索什么问题、收获什么？',
  essay_question: '描述一个你曾深入思考或尝试解决的问题：你是如何发现它的，做了什么，又从中学到了什么？',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Guardian consent

/** Bump when the text changes: applications record the version their guardian agreed to. */
export const GUARDIAN_CONSENT_VERSION = '2026-11-v1';

export const GUARDIAN_CONSENT_TEXT =
  '本人作为申请人的法定监护人，已阅读并同意《用户协议》与《隐私政策》，知悉并同意 Summit 高中生夏季学术项目' +
  '为审核申请、录取、缴费及项目运营之目的，收集、存储和使用申请人的个人信息（包括姓名、证件信息、出生日期、' +
  '学校、联系方式、申请文书及附件）。上述信息仅用于本项目，不会向无关第三方提供；监护人可随时联系项目办公室' +
  '查询、更正或删除相关信息。';

// ---------------------------------------------------------------------------------------------------------
// Messages of the form (product text)

export const APPLY_MSG = {
  LEGAL_NAME: formatMessage('请填写证件上的姓名（{0}–{1}个字）', 2, 40),
  AGE_RANGE: formatMessage('申请人在项目开始时须年满{0}至{1}周岁', 12, 20),
  CONSENT_REQUIRED: '请监护人阅读并同意个人信息处理授权',
  ESSAY_TOO_SHORT: formatMessage('文书至少{0}字', 100),
  ESSAY_TOO_LONG: formatMessage(MSG.TEXT_TOO_LONG, 800),
  ENGLISH_SCORE_REQUIRED: '请填写英语考试成绩',
  ACTIVITIES_TOO_MANY: formatMessage('课外活动最多填写{0}项', 5),
  STEP_SUBMITTED: '该步骤已提交，不可修改',
  STEP1_CLOSED: '申请已截止',
  STEP2_CLOSED: '申请材料提交已截止',
  STEP1_SUBMITTED_OK: '基本信息已提交',
  STEP2_SUBMITTED_OK: '申请材料已提交',
  DRAFT_SAVED: '草稿已保存',
  TEXT_UNSTORABLE: MSG.TEXT_UNSTORABLE,
  ATTACHMENT_NOT_OWN: '附件无效，请重新上传',
  DEADLINES_ORDER: '截止时间须满足：提前批I ≤ 提前批II ≤ 常规批 ≤ 材料截止',
  DEADLINES_MISSING: '请填写 MRD、EB1、EB2、RD 四个截止时间',
  DEADLINE_DUPLICATE: '截止时间重复',
  DEADLINE_INVALID: '截止时间格式错误',
  FORM_UNKNOWN: '表单不存在',
  FORM_SAVED: '提交成功',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Deadlines and the early-batch rule

export const DEADLINE_LABELS: Record<DeadlineKey, string> = {
  EB1: '提前批I截止',
  EB2: '提前批II截止',
  RD: '常规批截止',
  MRD: '申请材料截止',
};

/** Defaults seeded on first read: 23:59:59 Beijing time of each day. */
export const DEFAULT_DEADLINES: Record<DeadlineKey, string> = {
  EB1: '2027-01-15T23:59:59+08:00',
  EB2: '2027-03-01T23:59:59+08:00',
  RD: '2027-04-30T23:59:59+08:00',
  MRD: '2027-05-15T23:59:59+08:00',
};

/** Order they must keep, earliest first (MRD, the materials deadline, is last). */
export const DEADLINE_ORDER: readonly DeadlineKey[] = ['EB1', 'EB2', 'RD', 'MRD'];

export type Deadlines = Record<DeadlineKey, string>;

export const APPLY_BATCHES = ['EB1', 'EB2', 'RD'] as const;
export type ApplyBatch = (typeof APPLY_BATCHES)[number];

export const BATCH_LABELS: Record<ApplyBatch, string> = { EB1: '提前批I', EB2: '提前批II', RD: '常规批' };

function ms(iso: string): number {
  return new Date(iso).getTime();
}

/**
 * The batch of a step 1 submitted at `at`: on or before EB1 → EB1, else on or before EB2 → EB2, else on or
 * before RD → RD; after RD step 1 is closed (null). Each deadline is the last instant that still counts.
 */
export function batchForSubmission(at: Date, deadlines: Deadlines): ApplyBatch | null {
  const t = at.getTime();
  if (t <= ms(deadlines.EB1)) return 'EB1';
  if (t <= ms(deadlines.EB2)) return 'EB2';
  if (t <= ms(deadlines.RD)) return 'RD';
  return null;
}

/** Step 1 may be submitted (and drafted) until RD, step 2 until MRD, both inclusive. */
export function applyOpen(now: Date, deadlines: Deadlines): { step1: boolean; step2: boolean } {
  return { step1: now.getTime() <= ms(deadlines.RD), step2: now.getTime() <= ms(deadlines.MRD) };
}

/** The next deadline still ahead of `now` (earliest first), or null when all have passed. */
export function nextDeadline(now: Date, deadlines: Deadlines): { key: DeadlineKey; deadline: string } | null {
  for (const key of DEADLINE_ORDER) {
    if (ms(deadlines[key]) >= now.getTime()) return { key, deadline: deadlines[key] };
  }
  return null;
}

/** The first key that breaks EB1 ≤ EB2 ≤ RD ≤ MRD, or null when the order holds. */
export function deadlineOrderProblem(deadlines: Deadlines): DeadlineKey | null {
  for (let i = 1; i < DEADLINE_ORDER.length; i += 1) {
    const prev = DEADLINE_ORDER[i - 1]!;
    const key = DEADLINE_ORDER[i]!;
    if (ms(deadlines[key]) < ms(deadlines[prev])) return key;
  }
  return null;
}

export function deadlinesFromList(items: ReadonlyArray<{ key: DeadlineKey; deadline: string }>): Deadlines {
  const out = { ...DEFAULT_DEADLINES };
  for (const item of items) out[item.key] = item.deadline;
  return out;
}

export function deadlineListOf(deadlines: Deadlines): Array<{ key: DeadlineKey; deadline: string }> {
  return DEADLINE_KEYS.map((key) => ({ key, deadline: deadlines[key] }));
}

// ---------------------------------------------------------------------------------------------------------
// Field rules

/** Full years between a yyyy-MM-dd birth date and a yyyy-MM-dd day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isValidDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** A text with a unit limit (spec counting rule); `min` units when given. */
function unitText(opts: { max: number; min?: number; emptyMsg: string; tooShortMsg?: string }) {
  const tooLong = formatMessage(MSG.TEXT_TOO_LONG, opts.max);
  let schema = z
    .string({ error: opts.emptyMsg })
    .max(MAX_TEXT_CHARS, { error: tooLong })
    .trim()
    .min(1, { error: opts.emptyMsg })
    .refine((v) => countTextUnits(v) <= opts.max, { error: tooLong });
  if (opts.min !== undefined) {
    const min = opts.min;
    schema = schema.refine((v) => countTextUnits(v) >= min, { error: opts.tooShortMsg ?? opts.emptyMsg });
  }
  return schema;
}

const legalNameSchema = z
  .string({ error: APPLY_MSG.LEGAL_NAME })
  .max(MAX_TEXT_CHARS, { error: APPLY_MSG.LEGAL_NAME })
  .trim()
  .min(APPLY_LIMITS.legalNameMin, { error: APPLY_MSG.LEGAL_NAME })
  .max(APPLY_LIMITS.legalNameMax, { error: APPLY_MSG.LEGAL_NAME });

const birthDateSchema = z
  .string({ error: MSG.SELECT_REQUIRED })
  .max(32, { error: MSG.DATE_INVALID })
  .trim()
  .min(1, { error: MSG.SELECT_REQUIRED })
  .refine(isCalendarDate, { error: MSG.DATE_INVALID })
  .refine(
    (v) => {
      const age = ageOn(v, PROGRAMME_START_DATE);
      return age >= APPLY_LIMITS.ageMin && age <= APPLY_LIMITS.ageMax;
    },
    { error: APPLY_MSG.AGE_RANGE },
  );

const enumOf = <T extends readonly { value: string }[]>(items: T, message: string) =>
  z.enum(items.map((i) => i.value) as unknown as [T[number]['value'], ...Array<T[number]['value']>], { error: message });

export const step1FieldsSchema = z.object({
  legal_name: legalNameSchema,
  gender: z.union([z.literal(1), z.literal(2)], { error: MSG.SELECT_REQUIRED }),
  birth_date: birthDateSchema,
  card_type: cardTypeSchema,
  /** Checked against card_type by the step schemas. */
  card_number: z.string({ error: MSG.TEXT_REQUIRED }).max(64, { error: MSG.CARD_NUMBER_INVALID }).trim().min(1, { error: MSG.TEXT_REQUIRED }),
  school_id: schoolIdSchema.nullable(),
  school_name: schoolNameSchema,
  grade: enumOf(APPLY_GRADES, MSG.SELECT_REQUIRED),
  guardian_name: legalNameSchema,
  guardian_relation: enumOf(GUARDIAN_RELATIONS, MSG.SELECT_REQUIRED),
  guardian_phone: phoneSchema,
  guardian_consent: z.boolean({ error: APPLY_MSG.CONSENT_REQUIRED }),
  session_preference: z.enum(APPLY_SESSIONS, { error: MSG.SELECT_REQUIRED }),
  track_preference: enumOf(PROFESSIONAL_TRACKS, MSG.SELECT_REQUIRED),
});
export type Step1 = z.infer<typeof step1FieldsSchema>;
export type Step1Draft = Partial<Step1>;

type Ctx = z.core.$RefinementCtx;

function checkCardNumber(value: { card_type?: CardType | undefined; card_number?: string | undefined }, ctx: Ctx): void {
  if (value.card_type === undefined || value.card_number === undefined) return;
  const result = cardNumberSchemaFor(value.card_type).safeParse(value.card_number);
  if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? MSG.CARD_NUMBER_INVALID, path: ['card_number'] });
}

/** Normalises the card number (trimmed, upper-case) the way the card rule reads it. */
function upperCard<T extends { card_number?: string | undefined }>(value: T): T {
  return value.card_number === undefined ? value : { ...value, card_number: value.card_number.toUpperCase() };
}

/** A draft of step 1: any subset of fields, each one valid. */
export const step1DraftSchema = step1FieldsSchema
  .partial()
  .superRefine((v, ctx) => checkCardNumber(v, ctx))
  .transform(upperCard);

/** Step 1 as submitted: every field, card number by type, a school, and the guardian's consent. */
export const step1SubmitSchema = step1FieldsSchema
  .superRefine((v, ctx) => {
    checkCardNumber(v, ctx);
    const school = schoolProblem(v);
    if (school) ctx.addIssue({ code: 'custom', message: school, path: ['school_name'] });
    if (v.guardian_consent !== true) ctx.addIssue({ code: 'custom', message: APPLY_MSG.CONSENT_REQUIRED, path: ['guardian_consent'] });
  })
  .transform(upperCard);

const essaySchema = unitText({
  max: APPLY_LIMITS.essayMaxUnits,
  min: APPLY_LIMITS.essayMinUnits,
  emptyMsg: MSG.NOT_FILLED,
  tooShortMsg: APPLY_MSG.ESSAY_TOO_SHORT,
});

export const activityFieldsSchema = z.object(
  {
    name: unitText({ max: APPLY_LIMITS.activityNameMaxUnits, emptyMsg: MSG.TEXT_REQUIRED }),
    role: unitText({ max: APPLY_LIMITS.activityRoleMaxUnits, emptyMsg: MSG.TEXT_REQUIRED }),
    description: unitText({ max: APPLY_LIMITS.activityDescriptionMaxUnits, emptyMsg: MSG.NOT_FILLED }),
  },
  { error: MSG.PARAM_INVALID },
);
export type Activity = z.infer<typeof activityFieldsSchema>;

const activitiesOf = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: MSG.PARAM_INVALID }).max(APPLY_LIMITS.activitiesMax, { error: APPLY_MSG.ACTIVITIES_TOO_MANY });

const step2Shape = {
  essay_motivation: essaySchema,
  essay_question: essaySchema,
  english_test: enumOf(ENGLISH_TESTS, MSG.SELECT_REQUIRED),
  english_score: z
    .string({ error: APPLY_MSG.ENGLISH_SCORE_REQUIRED })
    .max(APPLY_LIMITS.englishScoreMaxChars, { error: formatMessage(MSG.TEXT_TOO_LONG, APPLY_LIMITS.englishScoreMaxChars) })
    .trim(),
  activities: activitiesOf(activityFieldsSchema),
  attachment: uploadedFileSchema.nullable(),
};

export const step2FieldsSchema = z.object(step2Shape);
export type Step2 = z.infer<typeof step2FieldsSchema>;

/**
 * A draft of step 2: any subset of fields, each one valid; essays may still be short, and an activity may
 * be half filled.
 */
export const step2DraftSchema = z.object({
  ...step2Shape,
  essay_motivation: unitText({ max: APPLY_LIMITS.essayMaxUnits, emptyMsg: MSG.NOT_FILLED }),
  essay_question: unitText({ max: APPLY_LIMITS.essayMaxUnits, emptyMsg: MSG.NOT_FILLED }),
  activities: activitiesOf(activityFieldsSchema.partial()),
}).partial();
export type Step2Draft = z.infer<typeof step2DraftSchema>;

/** Step 2 as submitted: both essays within 100–800 units, a score unless NONE. */
export const step2SubmitSchema = z
  .object({ ...step2Shape, attachment: uploadedFileSchema.nullable().default(null), activities: step2Shape.activities.default([]) })
  .superRefine((v, ctx) => {
    if (v.english_test !== 'NONE' && v.english_score.length === 0) {
      ctx.addIssue({ code: 'custom', message: APPLY_MSG.ENGLISH_SCORE_REQUIRED, path: ['english_score'] });
    }
  })
  .transform((v) => (v.english_test === 'NONE' ? { ...v, english_score: '' } : v));

// ---------------------------------------------------------------------------------------------------------
// Drafts that are never lost (docs/decisions/024-drafts-never-lost.md)

/** Under a counted input when typing or pasting stopped at the limit (nothing is cut without saying so). */
export const TEXT_LIMIT_REACHED = '已达字数上限（{0}字），超出的内容未能输入';

/** A field a draft could not keep, and why (the strict rule's message). */
export type DraftFieldProblem = { field: string; msg: string };

/** What the student sees for each server field of the two steps. */
export const APPLY_FIELD_LABELS: Record<string, string> = {
  legal_name: '姓名',
  gender: '性别',
  birth_date: '出生日期',
  card_type: '证件类型',
  card_number: '证件号码',
  school_id: '学校',
  school_name: '学校',
  grade: '年级',
  guardian_name: '监护人姓名',
  guardian_relation: '与申请人关系',
  guardian_phone: '监护人手机',
  guardian_consent: '监护人授权',
  session_preference: '意向期次',
  track_preference: '意向方向',
  essay_motivation: '文书一',
  essay_question: '文书二',
  english_test: '英语考试',
  english_score: '英语成绩',
  activities: '课外活动',
  attachment: '补充材料',
};

const ACTIVITY_PART_LABELS: Record<string, string> = { name: '名称', role: '角色', description: '描述' };

/** 'activities.1.name' → '活动2名称'; 'attachment.url' → '补充材料'; unknown fields keep their name. */
export function applyFieldLabel(field: string): string {
  const [head = '', index, part] = field.split('.');
  if (head === 'activities' && index !== undefined && /^\d+$/.test(index)) {
    return `活动${Number(index) + 1}${part ? (ACTIVITY_PART_LABELS[part] ?? '') : ''}`;
  }
  return APPLY_FIELD_LABELS[head] ?? head;
}

/** 草稿已保存，以下内容未保存：文书一（字数超出限制，最多800字） … */
export function draftPartlySavedMessage(problems: readonly DraftFieldProblem[]): string {
  if (problems.length === 0) return APPLY_MSG.DRAFT_SAVED;
  const labels = [...new Set(problems.map((p) => `${applyFieldLabel(p.field)}（${p.msg}）`))];
  return `${APPLY_MSG.DRAFT_SAVED}，以下内容未保存：${labels.join('、')}`;
}

/**
 * Harmless coercions for a draft (a form library or an old client sending "1" for 1, "true" for true):
 * only where the strict rule would otherwise refuse a value whose meaning is unambiguous.
 */
function coerceDraftValue(field: string, value: unknown): unknown {
  if ((field === 'gender' || field === 'school_id') && typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
  if (field === 'guardian_consent' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

type DraftShape = Record<string, z.ZodType>;

const step1DraftShape: DraftShape = step1FieldsSchema.shape;
const step2DraftShape: DraftShape = {
  essay_motivation: unitText({ max: APPLY_LIMITS.essayMaxUnits, emptyMsg: MSG.NOT_FILLED }),
  essay_question: unitText({ max: APPLY_LIMITS.essayMaxUnits, emptyMsg: MSG.NOT_FILLED }),
  english_test: step2Shape.english_test,
  english_score: step2Shape.english_score,
  attachment: step2Shape.attachment,
};
const activityDraftShape: DraftShape = activityFieldsSchema.shape;

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message || MSG.PARAM_INVALID;
}

/**
 * Text PostgreSQL cannot keep, anywhere inside a value. Over HTTP the edge guard refuses it before a draft
 * is read (decision 020); the salvage checks too, so the rule holds for any other caller of the domain.
 */
function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value);
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((v) => hasUnstorableText(v, depth + 1));
}

/** One field of a draft by its strict rule; text the database cannot store is refused like any bad value. */
function checkDraftField(schema: z.ZodType, field: string, raw: unknown): { success: true; data: unknown } | { success: false; msg: string } {
  if (hasUnstorableText(raw)) return { success: false, msg: APPLY_MSG.TEXT_UNSTORABLE };
  const result = schema.safeParse(coerceDraftValue(field, raw));
  return result.success ? { success: true, data: result.data } : { success: false, msg: firstMessage(result.error) };
}

/** Activities of a draft: the first five items, each keeping its valid parts (half-filled is fine). */
function salvageActivities(value: unknown, invalid: DraftFieldProblem[]): Array<Record<string, unknown>> | undefined {
  if (!Array.isArray(value)) {
    invalid.push({ field: 'activities', msg: MSG.PARAM_INVALID });
    return undefined;
  }
  if (value.length > APPLY_LIMITS.activitiesMax) invalid.push({ field: 'activities', msg: APPLY_MSG.ACTIVITIES_TOO_MANY });
  return value.slice(0, APPLY_LIMITS.activitiesMax).map((item, index) => {
    const kept: Record<string, unknown> = {};
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      invalid.push({ field: `activities.${index}`, msg: MSG.PARAM_INVALID });
      return kept;
    }
    for (const [part, schema] of Object.entries(activityDraftShape)) {
      const raw = (item as Record<string, unknown>)[part];
      if (raw === undefined) continue;
      const result = checkDraftField(schema, part, raw);
      if (result.success) kept[part] = result.data;
      else invalid.push({ field: `activities.${index}.${part}`, msg: result.msg });
    }
    return kept;
  });
}

/**
 * A draft as much as it can be kept: each present field is checked on its own with the strict field rule
 * (`data` may be anything a client sends); the valid ones are kept, each invalid one is reported and the
 * previously saved value of that field (if any) stays, so one bad field never costs the student the
 * others, nor its own last good value. Nothing is truncated. Unknown fields are ignored. The result
 * always passes the step's draft schema.
 */
export function salvageStepDraft(
  step: 1 | 2,
  data: Record<string, unknown>,
  previous: Record<string, unknown> = {},
): { kept: Record<string, unknown>; invalid: DraftFieldProblem[] } {
  const kept: Record<string, unknown> = {};
  const invalid: DraftFieldProblem[] = [];
  const shape = step === 1 ? step1DraftShape : step2DraftShape;
  for (const [field, schema] of Object.entries(shape)) {
    const raw = data[field];
    if (raw === undefined) continue;
    const result = checkDraftField(schema, field, raw);
    if (result.success) {
      kept[field] = result.data;
      continue;
    }
    invalid.push({ field, msg: result.msg });
    // The last good value stays (checked again: it may predate a rule change).
    const before = field === 'card_number' || previous[field] === undefined ? null : schema.safeParse(previous[field]);
    if (before?.success) kept[field] = before.data;
  }
  if (step === 2 && data.activities !== undefined) {
    const activities = salvageActivities(data.activities, invalid);
    if (activities) kept.activities = activities;
    else if (Array.isArray(previous.activities)) kept.activities = salvageActivities(previous.activities, []);
  }
  if (step === 1 && typeof kept.card_number === 'string') {
    // The number is read by the type it is saved with; a number the type refuses is not kept (the last
    // saved number could belong to another type, so it is not put back either).
    const type = cardTypeSchema.safeParse(kept.card_type);
    const number = kept.card_number.toUpperCase();
    const checked = type.success ? cardNumberSchemaFor(type.data).safeParse(number) : null;
    if (checked && !checked.success) {
      delete kept.card_number;
      invalid.push({ field: 'card_number', msg: firstMessage(checked.error) });
    } else kept.card_number = number;
  }
  return { kept, invalid };
}

// ---------------------------------------------------------------------------------------------------------
// Follow-up forms (POST /api/student/form)

export const DEVICE_OPTIONS = [
  { value: 'computer', label: '电脑（带摄像头和麦克风）' },
  { value: 'tablet', label: '平板电脑' },
  { value: 'phone', label: '手机' },
] as const;

export const NETWORK_OPTIONS = [
  { value: 'good', label: '稳定，可流畅视频通话' },
  { value: 'fair', label: '一般，偶尔卡顿' },
  { value: 'poor', label: '较差，经常断线' },
] as const;

export const HEARD_FROM_OPTIONS = [
  { value: 'school', label: '学校老师推荐' },
  { value: 'friend', label: '同学或朋友推荐' },
  { value: 'wechat', label: '微信公众号' },
  { value: 'social', label: '小红书、抖音等社交媒体' },
  { value: 'search', label: '搜索引擎' },
  { value: 'other', label: '其他' },
] as const;

export const additionalInfoSchema = z.object(
  {
    time_zone: z.enum(TIME_ZONE_OPTIONS.map((o) => o.value) as [string, ...string[]], { error: MSG.SELECT_REQUIRED }),
    device: enumOf(DEVICE_OPTIONS, MSG.NOT_FILLED),
    network: enumOf(NETWORK_OPTIONS, MSG.NOT_FILLED),
    emergency_name: legalNameSchema,
    emergency_phone: phoneSchema,
    health_notes: z
      .string({ error: MSG.PARAM_INVALID })
      .max(MAX_TEXT_CHARS, { error: formatMessage(MSG.TEXT_TOO_LONG, 200) })
      .trim()
      .refine((v) => countTextUnits(v) <= 200, { error: formatMessage(MSG.TEXT_TOO_LONG, 200) })
      .default(''),
    heard_from: enumOf(HEARD_FROM_OPTIONS, MSG.NOT_FILLED),
  },
  { error: MSG.PARAM_INVALID },
);
export type AdditionalInfo = z.infer<typeof additionalInfoSchema>;

/** Whitelisted form names and the schema of each one's value. */
export const STUDENT_FORMS = {
  'additional-info': additionalInfoSchema,
  ...ONBOARDING_FORMS,
} as const;
export const STUDENT_FORM_NAMES = Object.keys(STUDENT_FORMS) as Array<keyof typeof STUDENT_FORMS>;
export type StudentFormName = keyof typeof STUDENT_FORMS;

// ---------------------------------------------------------------------------------------------------------
// Summary (admin detail view)

export type SummarySection = { title: string; items: Array<{ label: string; value: string }> };

const EMPTY = '未填写';

/**
 * '110101200501011234' → '1101**********1234' (decision 064: first 4 and last 4, the form staff recognise).
 * Numbers shorter than 15 (passports, HK/Macau/Taiwan permits) keep only the last 4, so most of a short number
 * is never shown; 4 characters or fewer are all masked.
 */
export function maskCardNumber(value: string): string {
  const v = value.trim();
  if (v.length <= 4) return '*'.repeat(v.length);
  if (v.length < 15) return '*'.repeat(v.length - 4) + v.slice(-4);
  return v.slice(0, 4) + '*'.repeat(v.length - 8) + v.slice(-4);
}

/** A value a client sent back as it was shown (masked): it means "keep the stored number". */
export function isMaskedCardNumber(value: unknown): value is string {
  return typeof value === 'string' && value.includes('*');
}

function labelOf(options: ReadonlyArray<{ value: string | number; label: string }>, value: unknown): string {
  const found = options.find((o) => o.value === value);
  return found ? found.label : EMPTY;
}

function text(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : EMPTY;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The stored answers (any JSON: drafts, old versions, hand edits) as labelled Chinese sections. Never
 * throws; unknown or missing values show 未填写; the card number is masked to its last 4 characters.
 */
export function applicationSummary(step1: unknown, step2: unknown): SummarySection[] {
  const s1 = record(step1);
  const s2 = record(step2);
  const cardNumber = typeof s1.card_number === 'string' && s1.card_number.trim() !== '' ? maskCardNumber(s1.card_number) : EMPTY;
  const englishTest = s2.english_test;
  const activities = Array.isArray(s2.activities) ? s2.activities.map(record) : [];
  const attachment = record(s2.attachment);

  return [
    {
      title: '基本信息',
      items: [
        { label: '姓名', value: text(s1.legal_name) },
        { label: '性别', value: labelOf([{ value: 1, label: '男' }, { value: 2, label: '女' }], s1.gender) },
        { label: '出生日期', value: text(s1.birth_date) },
        { label: '证件类型', value: labelOf(CARD_TYPES, s1.card_type) },
        { label: '证件号码', value: cardNumber },
      ],
    },
    {
      title: '学校与年级',
      items: [
        { label: '学校', value: text(s1.school_name) },
        { label: '年级', value: labelOf(APPLY_GRADES, s1.grade) },
      ],
    },
    {
      title: '监护人',
      items: [
        { label: '监护人姓名', value: text(s1.guardian_name) },
        { label: '与申请人关系', value: labelOf(GUARDIAN_RELATIONS, s1.guardian_relation) },
        { label: '监护人手机', value: text(s1.guardian_phone) },
        { label: '监护人授权', value: s1.guardian_consent === true ? '已同意' : '未同意' },
      ],
    },
    {
      title: '项目意向',
      items: [
        { label: '意向期次', value: text(s1.session_preference) },
        { label: '意向方向', value: labelOf(PROFESSIONAL_TRACKS, s1.track_preference) },
      ],
    },
    {
      title: '申请文书',
      items: [
        { label: ESSAY_PROMPTS.essay_motivation, value: text(s2.essay_motivation) },
        { label: ESSAY_PROMPTS.essay_question, value: text(s2.essay_question) },
      ],
    },
    {
      title: '英语水平',
      items: [
        { label: '英语考试', value: labelOf(ENGLISH_TESTS, englishTest) },
        { label: '成绩', value: englishTest === 'NONE' ? '—' : text(s2.english_score) },
      ],
    },
    {
      title: '课外活动',
      items:
        activities.length === 0
          ? [{ label: '活动', value: '无' }]
          : activities.map((a, i) => ({
              label: `活动${i + 1}：${text(a.name)}`,
              value: `${text(a.role)}｜${text(a.description)}`,
            })),
    },
    {
      title: '附件',
      items: [{ label: '附件', value: typeof attachment.name === 'string' && attachment.name !== '' ? attachment.name : '无' }],
    },
  ];
}
