/**
 * The admitted student's onboarding forms (decision 046): basic information, previous
 * schooling, the mailing address for the welcome kit, and health. They travel through the spec's
 * `POST /api/student/form {form_name, value}` like the application's follow-up form, with two additions: a
 * draft (`draft: true`) keeps what it can without submitting, and every one of them needs an offer and paid
 * tuition (docs/product/users-and-roles.md, 403-10). Field rules and messages are docs/product/validation.md's.
 */
import { z } from 'zod';
import { MSG, formatMessage } from './messages.ts';
import {
  MAX_TEXT_CHARS,
  areaSchema,
  countTextUnits,
  englishOnlySchema,
  nameSchema,
  phoneSchema,
  requiredDateSchema,
  requiredText,
  requiredTextarea,
} from './validation.ts';
import { requestObjectSchema } from './api/common.ts';
import { uploadedFileSchema } from './api/storage.ts';

export const ONBOARDING_FORM_NAMES = ['basic', 'previous', 'address', 'health'] as const;
export type OnboardingFormName = (typeof ONBOARDING_FORM_NAMES)[number];

export function isOnboardingFormName(name: string): name is OnboardingFormName {
  return (ONBOARDING_FORM_NAMES as readonly string[]).includes(name);
}

export const ONBOARDING_FORM_TITLES: Record<OnboardingFormName, string> = {
  basic: '基本信息',
  previous: '教育背景',
  address: '邮寄地址',
  health: '健康信息',
};

export const ONBOARDING_FORM_MSG = {
  DRAFT_SAVED: '草稿已保存',
  SUBMITTED: '提交成功',
  /** A draft sent for a form that was already submitted: the student edits and submits again instead. */
  ALREADY_SUBMITTED: '表单已提交，修改后请直接提交',
  DRAFT_NOT_SUPPORTED: '该表单不支持草稿',
  GUARDIAN_CONFIRM: '请监护人勾选确认',
  YEAR_INVALID: '请输入四位年份',
  YEAR_ORDER: '结束年份不能早于开始年份',
  POSTCODE: '请输入6位邮政编码',
  HEALTH_NO_PERMISSION: '无权查看学生健康信息',
} as const;

const ch = <T extends readonly { value: string }[]>(items: T, message: string) =>
  z.enum(items.map((i) => i.value) as unknown as [T[number]['value'], ...Array<T[number]['value']>], { error: message });

/** Free text that may be empty (an optional note), at most `max` units. */
function optionalText(max: number) {
  const tooLong = formatMessage(MSG.TEXT_TOO_LONG, max);
  return z
    .string({ error: MSG.PARAM_INVALID })
    .max(MAX_TEXT_CHARS, { error: tooLong })
    .trim()
    .refine((v) => countTextUnits(v) <= max, { error: tooLong })
    .default('');
}

// Basic information ------------------------------------------------------------------------------------------

export const GENDER_OPTIONS = [
  { value: '1', label: '男' },
  { value: '2', label: '女' },
] as const;

export const TSHIRT_OPTIONS = [
  { value: 'XS', label: 'XS' },
  { value: 'S', label: 'S' },
  { value: 'M', label: 'M' },
  { value: 'L', label: 'L' },
  { value: 'XL', label: 'XL' },
  { value: 'XXL', label: 'XXL' },
] as const;

export const DIET_OPTIONS = [
  { value: 'none', label: '无特殊要求' },
  { value: 'vegetarian', label: '素食' },
  { value: 'halal', label: '清真' },
  { value: 'other', label: '其他（请说明）' },
] as const;

export const basicFormSchema = z.object(
  {
    chinese_name: requiredText(20),
    english_name: englishOnlySchema,
    gender: ch(GENDER_OPTIONS, MSG.NOT_FILLED),
    birth_date: requiredDateSchema,
    tshirt_size: ch(TSHIRT_OPTIONS, MSG.SELECT_REQUIRED),
    diet: ch(DIET_OPTIONS, MSG.NOT_FILLED),
    diet_note: optionalText(100),
  },
  { error: MSG.PARAM_INVALID },
);
export type BasicForm = z.infer<typeof basicFormSchema>;

// Previous schooling ------------------------------------------------------------------------------------------

export const CURRICULUM_OPTIONS = [
  { value: 'gaokao', label: '普通高中（国内课程）' },
  { value: 'ib', label: 'IB' },
  { value: 'alevel', label: 'A-Level' },
  { value: 'ap', label: 'AP' },
  { value: 'other', label: '其他' },
] as const;

const yearSchema = z
  .string({ error: MSG.TEXT_REQUIRED })
  .max(16, { error: ONBOARDING_FORM_MSG.YEAR_INVALID })
  .trim()
  .min(1, { error: MSG.TEXT_REQUIRED })
  .regex(/^\d+$/, { error: MSG.DIGITS_ONLY })
  .refine((v) => /^(19|20)\d\d$/.test(v), { error: ONBOARDING_FORM_MSG.YEAR_INVALID });

export const schoolPeriodSchema = z
  .object(
    {
      school_name: requiredText(50),
      start_year: yearSchema,
      end_year: yearSchema,
    },
    { error: MSG.PARAM_INVALID },
  )
  .refine((v) => Number(v.end_year) >= Number(v.start_year), { error: ONBOARDING_FORM_MSG.YEAR_ORDER, path: ['end_year'] });

export const previousFormSchema = z.object(
  {
    curriculum: ch(CURRICULUM_OPTIONS, MSG.SELECT_REQUIRED),
    /** Earliest first; the current school is one of them (at least one, at most five). */
    schools: z.array(schoolPeriodSchema, { error: MSG.NOT_FILLED }).min(1, { error: MSG.NOT_FILLED }).max(5, { error: MSG.PARAM_INVALID }),
    awards: optionalText(200),
  },
  { error: MSG.PARAM_INVALID },
);
export type PreviousForm = z.infer<typeof previousFormSchema>;

// Mailing address -------------------------------------------------------------------------------------------

export const addressFormSchema = z.object(
  {
    recipient: nameSchema,
    phone: phoneSchema,
    /** State, city, zone ids from the area picker (the region data, decision 006). */
    area: areaSchema,
    /** The picker's words for `area` ("上海市 / 上海市 / 浦东新区"): what the courier reads. */
    area_str: requiredText(60),
    detail: requiredText(100),
    postcode: z
      .string({ error: ONBOARDING_FORM_MSG.POSTCODE })
      .trim()
      .refine((v) => v === '' || /^\d{6}$/.test(v), { error: ONBOARDING_FORM_MSG.POSTCODE })
      .default(''),
  },
  { error: MSG.PARAM_INVALID },
);
export type AddressForm = z.infer<typeof addressFormSchema>;

// Health ----------------------------------------------------------------------------------------------------

export const GUARDIAN_RELATION_OPTIONS = [
  { value: 'father', label: '父亲' },
  { value: 'mother', label: '母亲' },
  { value: 'other', label: '其他监护人' },
] as const;

export const healthFormSchema = z.object(
  {
    /** 无 when there is nothing: an empty answer is 未填写, so "nothing" is a deliberate answer. */
    conditions: requiredTextarea(200),
    allergies: requiredTextarea(200),
    medication: requiredTextarea(200),
    emergency_name: nameSchema,
    emergency_relation: ch(GUARDIAN_RELATION_OPTIONS, MSG.SELECT_REQUIRED),
    emergency_phone: phoneSchema,
    guardian_name: nameSchema,
    guardian_signed_on: requiredDateSchema,
    guardian_confirm: z.literal(true, { error: ONBOARDING_FORM_MSG.GUARDIAN_CONFIRM }),
  },
  { error: MSG.PARAM_INVALID },
);
export type HealthForm = z.infer<typeof healthFormSchema>;

export const GUARDIAN_CONFIRM_TEXT = '本人为该学生的监护人，确认以上健康信息真实、完整，并同意项目在紧急情况下据此采取必要的医疗措施。';

export const ONBOARDING_FORMS = {
  basic: basicFormSchema,
  previous: previousFormSchema,
  address: addressFormSchema,
  health: healthFormSchema,
} as const;

// Drafts ----------------------------------------------------------------------------------------------------

export interface OnboardingDraftProblem {
  field: string;
  msg: string;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/**
 * A draft keeps every present field that passes its own rule (decision 024: one bad field never costs the
 * others); blank fields are simply not kept, invalid ones are reported. Unknown fields are dropped. The school
 * list is kept row by row the same way.
 */
export function salvageOnboardingDraft(name: OnboardingFormName, data: Record<string, unknown>): { kept: Record<string, unknown>; invalid: OnboardingDraftProblem[] } {
  const schema = ONBOARDING_FORMS[name];
  const kept: Record<string, unknown> = {};
  const invalid: OnboardingDraftProblem[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = data[field];
    if (isBlank(raw)) continue;
    if (name === 'previous' && field === 'schools') {
      if (!Array.isArray(raw)) {
        invalid.push({ field, msg: MSG.PARAM_INVALID });
        continue;
      }
      const rows = raw.slice(0, 5).map((row, index) => salvageRow(row, index, invalid));
      kept.schools = rows;
      continue;
    }
    const parsed = fieldSchema.safeParse(raw);
    if (parsed.success) kept[field] = parsed.data;
    else invalid.push({ field, msg: parsed.error.issues[0]?.message ?? MSG.PARAM_INVALID });
  }
  return { kept, invalid };
}

function salvageRow(row: unknown, index: number, invalid: OnboardingDraftProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return out;
  const shape = { school_name: requiredText(50), start_year: yearSchema, end_year: yearSchema };
  for (const [part, partSchema] of Object.entries(shape)) {
    const raw = (row as Record<string, unknown>)[part];
    if (isBlank(raw)) continue;
    const parsed = partSchema.safeParse(raw);
    if (parsed.success) out[part] = parsed.data;
    else invalid.push({ field: `schools.${index}.${part}`, msg: parsed.error.issues[0]?.message ?? MSG.PARAM_INVALID });
  }
  return out;
}

/** Reading a stored draft back is the same rule: whatever an old version or a hand edit left is cleaned. */
export function cleanOnboardingValue(name: OnboardingFormName, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return salvageOnboardingDraft(name, value as Record<string, unknown>).kept;
}

// Staff side (decision 047) ----------------------------------------------------------------------------------

/** PUT /api/admin/staff-permissions/:id: the health-data permission of one staff account. */
export const staffPermissionRequestSchema = requestObjectSchema({ health_read: z.boolean({ error: MSG.PARAM_INVALID }) });

export const staffPermissionRowSchema = z.object({
  account_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  health_read: z.boolean(),
});
export const staffPermissionListSchema = z.object({ items: z.array(staffPermissionRowSchema), me: z.object({ health_read: z.boolean() }) });
export type StaffPermissionList = z.infer<typeof staffPermissionListSchema>;

export const studentIdParamsSchema = z.object({
  student_id: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }).max(2_147_483_647, { error: MSG.PARAM_INVALID }),
});

export const adminHealthRecordSchema = z.object({
  student_id: z.number().int(),
  submitted_at: z.string().nullable(),
  value: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminHealthRecord = z.infer<typeof adminHealthRecordSchema>;

export const adminOnboardingFormsSchema = z.object({
  student_id: z.number().int(),
  forms: z.array(z.object({ form_name: z.enum(ONBOARDING_FORM_NAMES), submitted_at: z.string().nullable(), value: z.record(z.string(), z.unknown()).nullable() })),
  /** Files handed in for the checklist's upload:* items, by item key. */
  uploads: z.array(z.object({ key: z.string(), submitted_at: z.string(), file: uploadedFileSchema })),
});
