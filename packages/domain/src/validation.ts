/**
 * Field rules with the spec's exact messages (docs/product/validation.md). Each rule is a zod schema (server and client parse with
 * the same one) and, where the web needs it outside a schema, a plain function returning the message.
 */
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { MSG, formatMessage } from './messages.ts';
import { MAINLAND_PHONE_CODE, PASSWORD_PATTERN, PHONE_MAX_RAW_CHARS, normalizePhone, phoneProblem } from './field-rules.ts';

// The plain checks (phone, password, area codes) live zod-free in field-rules.ts for the web's first load.
export { MAINLAND_PHONE_CODE, filterAreaCodes, normalizePhone, passwordProblem, phoneProblem } from './field-rules.ts';

// ---------------------------------------------------------------------------------------------------------
// Phone

/** A mainland (+86) phone number, normalized to its 11 digits. */
export const phoneSchema = z
  .string({ error: MSG.PHONE_REQUIRED })
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value, MAINLAND_PHONE_CODE);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizePhone);

/** Phone without the code-dependent rule; request schemas add it with `phoneFieldsSchema`. */
export const phoneInputSchema = z
  .string({ error: MSG.PHONE_REQUIRED })
  .max(PHONE_MAX_RAW_CHARS, { error: MSG.PHONE_FORMAT })
  .transform(normalizePhone);

/** International dialling code as digits ('+86' is accepted and stored as '86'); absent means mainland. */
export const phoneCodeSchema = z
  .string({ error: MSG.PHONE_CODE_FORMAT })
  .max(8, { error: MSG.PHONE_CODE_FORMAT })
  .transform((value) => value.trim().replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { error: MSG.PHONE_CODE_FORMAT }))
  .default(MAINLAND_PHONE_CODE);

/**
 * `{ phone_code, phone }` with the phone checked against its code. Request schemas put it first in an
 * intersection so that phone problems are reported before those of later fields.
 */
export const phoneFieldsSchema = z
  .object({ phone_code: phoneCodeSchema, phone: phoneInputSchema }, { error: MSG.PARAM_INVALID })
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value.phone, value.phone_code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['phone'] });
  });

// ---------------------------------------------------------------------------------------------------------
// Email, password, codes

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const emailSchema = z
  .string({ error: MSG.EMAIL_REQUIRED })
  .trim()
  .min(1, { error: MSG.EMAIL_REQUIRED })
  .max(LIMITS.emailMaxChars, { error: MSG.EMAIL_FORMAT })
  .regex(EMAIL_PATTERN, { error: MSG.EMAIL_FORMAT });

/** Not trimmed: a space anywhere is a format error, never silently dropped. */
export const passwordSchema = z
  .string({ error: MSG.PASSWORD_REQUIRED })
  .min(1, { error: MSG.PASSWORD_REQUIRED })
  .regex(PASSWORD_PATTERN, { error: MSG.PASSWORD_FORMAT });

export const smsCodeSchema = z
  .string({ error: MSG.SMS_CODE_REQUIRED })
  .trim()
  .min(1, { error: MSG.SMS_CODE_REQUIRED })
  .regex(new RegExp(`^\\d{${LIMITS.smsCodeLength}}$`), { error: MSG.SMS_CODE_FORMAT });

/** The captcha answer: a non-negative integer, given as a number or a string of digits. */
export const captchaAnswerSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '')
          ? MSG.CAPTCHA_ANSWER_REQUIRED
          : MSG.DIGITS_ONLY,
    })
    .int({ error: MSG.DIGITS_ONLY })
    .min(0, { error: MSG.DIGITS_ONLY })
    .max(999_999, { error: MSG.DIGITS_ONLY }),
);

// ---------------------------------------------------------------------------------------------------------
// Text

/** Hard cap on raw characters of any free text, so counting never runs over megabytes. */
export const MAX_TEXT_CHARS = 20_000;

/**
 * Counting rule for text limits (docs/product/validation.md: a Chinese character or a run of Latin letters is one unit):
 * - a run of Latin letters and digits is 1 unit ("hello" 1, "COVID19" 1, "2023" 1); an apostrophe, hyphen
 *   or dot between two such characters keeps the run going ("don't", "well-known", "3.14" are 1 each);
 * - whitespace counts 0;
 * - every other character counts 1: each Chinese character, each punctuation mark (full- or half-width),
 *   each emoji code point; combining marks, skin-tone modifiers, zero-width joiners and variation selectors
 *   count 0 (so 👍🏻 is 1, and a family emoji joined by ZWJ counts its people).
 */
export function countTextUnits(text: string): number {
  let units = 0;
  for (const match of text.matchAll(UNIT_TOKEN)) if (!isZeroUnit(match[0])) units += 1;
  return units;
}

const UNIT_TOKEN = /[\p{Script=Latin}\p{Nd}]+(?:['’.\-][\p{Script=Latin}\p{Nd}]+)*|\s+|[\p{M}\p{Emoji_Modifier}\u200d\ufe0e\ufe0f]|./gsu;
const isZeroUnit = (token: string) => /^\s+$/u.test(token) || /^[\p{M}\p{Emoji_Modifier}\u200d\ufe0e\ufe0f]$/u.test(token);

/**
 * The longest start of `text` within `maxUnits` (same counting rule) and `maxChars` characters, cut only
 * between counting tokens, so a word, a surrogate pair or a character's combining marks are never split.
 * Inputs use it to stop typing and pasting at exactly the limit the server enforces.
 */
export function clipToUnits(text: string, maxUnits: number, maxChars: number = MAX_TEXT_CHARS): string {
  if (text.length <= maxChars && countTextUnits(text) <= maxUnits) return text;
  let units = 0;
  let end = 0;
  for (const match of text.matchAll(UNIT_TOKEN)) {
    const token = match[0];
    const zero = isZeroUnit(token);
    if (!zero && units + 1 > maxUnits) break;
    if (match.index + token.length > maxChars) break;
    if (!zero) units += 1;
    end = match.index + token.length;
  }
  return text.slice(0, end);
}

export const TEXTAREA_MAX_UNITS = LIMITS.textareaMaxUnits;
export const INPUT_COUNTER_MAX_UNITS = LIMITS.inputCounterMaxUnits;

/** A predicate for `.refine`: the text has at most `max` units (textarea default 100). */
export function textWithinLimit(max: number = TEXTAREA_MAX_UNITS): (text: string) => boolean {
  return (text) => text.length <= MAX_TEXT_CHARS && countTextUnits(text) <= max;
}

/** Non-empty input text (输入框不能为空), at most `max` units. */
export function requiredText(max: number = INPUT_COUNTER_MAX_UNITS) {
  return z
    .string({ error: MSG.TEXT_REQUIRED })
    .max(MAX_TEXT_CHARS, { error: formatMessage(MSG.TEXT_TOO_LONG, max) })
    .trim()
    .min(1, { error: MSG.TEXT_REQUIRED })
    .refine(textWithinLimit(max), { error: formatMessage(MSG.TEXT_TOO_LONG, max) });
}

/** Non-empty textarea (未填写), at most `max` units. */
export function requiredTextarea(max: number = TEXTAREA_MAX_UNITS) {
  return z
    .string({ error: MSG.NOT_FILLED })
    .max(MAX_TEXT_CHARS, { error: formatMessage(MSG.TEXT_TOO_LONG, max) })
    .trim()
    .min(1, { error: MSG.NOT_FILLED })
    .refine(textWithinLimit(max), { error: formatMessage(MSG.TEXT_TOO_LONG, max) });
}

export const requiredTextSchema = requiredText();
export const requiredTextareaSchema = requiredTextarea();

/** Digits only. Empty is 输入框不能为空: make the field optional where blank is allowed. */
export const digitsOnlySchema = z
  .string({ error: MSG.TEXT_REQUIRED })
  .max(1_000, { error: MSG.DIGITS_ONLY })
  .trim()
  .min(1, { error: MSG.TEXT_REQUIRED })
  .regex(/^\d+$/, { error: MSG.DIGITS_ONLY });

/** English letters only; single spaces between words are allowed so a full name ("Li Lei") passes. */
export const englishOnlySchema = z
  .string({ error: MSG.TEXT_REQUIRED })
  .max(1_000, { error: MSG.ENGLISH_ONLY })
  .trim()
  .min(1, { error: MSG.TEXT_REQUIRED })
  .regex(/^[A-Za-z]+(?: [A-Za-z]+)*$/, { error: MSG.ENGLISH_ONLY });

/** A person's name: trimmed, 1–50 characters. */
export const nameSchema = z
  .string({ error: MSG.NAME_REQUIRED })
  .max(MAX_TEXT_CHARS, { error: formatMessage(MSG.NAME_TOO_LONG, LIMITS.nameMaxChars) })
  .trim()
  .min(1, { error: MSG.NAME_REQUIRED })
  .max(LIMITS.nameMaxChars, { error: formatMessage(MSG.NAME_TOO_LONG, LIMITS.nameMaxChars) });

// ---------------------------------------------------------------------------------------------------------
// Choices

/** A chosen value: a non-empty string (≤ 200 characters) or a finite number, every failure worded `message`. */
function choiceValue(message: string) {
  return z.union(
    [
      z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message }),
      z.number({ error: message }),
    ],
    { error: message },
  );
}

/** A radio group's value (未填写 when nothing is chosen). */
export const requiredChoiceSchema = choiceValue(MSG.NOT_FILLED);

/** A checkbox group's values: at least one (未填写). */
export const requiredChoicesSchema = z
  .array(choiceValue(MSG.NOT_FILLED), { error: MSG.NOT_FILLED })
  .min(1, { error: MSG.NOT_FILLED })
  .max(100, { error: MSG.NOT_FILLED });

/** A dropdown's value (请选择 when empty). */
export const requiredSelectSchema = choiceValue(MSG.SELECT_REQUIRED);

export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** A date picker's value, yyyy-MM-dd (请选择 when empty, 日期格式错误 when not a calendar date). */
export const requiredDateSchema = z
  .string({ error: MSG.SELECT_REQUIRED })
  .max(32, { error: MSG.DATE_INVALID })
  .trim()
  .min(1, { error: MSG.SELECT_REQUIRED })
  .refine(
    (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      return match !== null && isValidDate(Number(match[1]), Number(match[2]), Number(match[3]));
    },
    { error: MSG.DATE_INVALID },
  );

// ---------------------------------------------------------------------------------------------------------
// Area and school

/** State, city, zone ids from the area cascader: 1 to 3 positive integers. */
export const areaSchema = z
  .array(z.number({ error: MSG.AREA_REQUIRED }).int({ error: MSG.AREA_REQUIRED }).positive({ error: MSG.AREA_REQUIRED }), {
    error: MSG.AREA_REQUIRED,
  })
  .min(1, { error: MSG.AREA_REQUIRED })
  .max(3, { error: MSG.AREA_REQUIRED });

/** A school picked from the list (school_id) or typed in full (school_name); one of them is needed. */
export function schoolProblem(value: { school_id?: number | null | undefined; school_name?: string | null | undefined }): string | null {
  const hasId = typeof value.school_id === 'number' && value.school_id > 0;
  const hasName = typeof value.school_name === 'string' && value.school_name.trim() !== '';
  return hasId || hasName ? null : MSG.SCHOOL_REQUIRED;
}

export const schoolIdSchema = z
  .number({ error: MSG.SCHOOL_REQUIRED })
  .int({ error: MSG.SCHOOL_REQUIRED })
  .positive({ error: MSG.SCHOOL_REQUIRED });

export const schoolNameSchema = z
  .string({ error: MSG.SCHOOL_REQUIRED })
  .max(MAX_TEXT_CHARS, { error: formatMessage(MSG.TEXT_TOO_LONG, LIMITS.schoolNameMaxChars) })
  .trim()
  .max(LIMITS.schoolNameMaxChars, { error: formatMessage(MSG.TEXT_TOO_LONG, LIMITS.schoolNameMaxChars) });

/** The school value; a missing school is reported on `school_name` (the field a student fills in when the list has no match). */
export const schoolSchema = z
  .object({
    school_id: schoolIdSchema.nullish(),
    school_name: schoolNameSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    const problem = schoolProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['school_name'] });
  });

// ---------------------------------------------------------------------------------------------------------
// File size

const FILE_SIZE_UNITS = { kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;

export type FileSizeLimit = { bytes: number; label: string };

/**
 * '2mb' | '500kb' | '1gb' (any case, decimals allowed) → bytes (binary units) and the label shown in
 * 文件过大，超过2MB. A bare number is in MB, the uploader's default unit; 0 or '0' means no limit.
 * Throws on anything else: limits are written by developers, not users.
 */
export function parseFileSizeLimit(limit: string | number): FileSizeLimit {
  if (typeof limit === 'number') {
    if (!Number.isFinite(limit) || limit < 0) throw new Error(`Invalid file size limit: ${limit}`);
    return limit === 0 ? { bytes: 0, label: '' } : { bytes: Math.floor(limit * FILE_SIZE_UNITS.mb), label: `${limit}MB` };
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*(kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) throw new Error(`Invalid file size limit: ${limit}`);
  const amount = Number(match[1]);
  const unit = (match[2] ?? 'mb').toLowerCase() as keyof typeof FILE_SIZE_UNITS;
  if (amount === 0) return { bytes: 0, label: '' };
  return { bytes: Math.floor(amount * FILE_SIZE_UNITS[unit]), label: `${amount}${unit.toUpperCase()}` };
}

/** null when the file fits; otherwise 文件过大，超过{limit}. */
export function checkFileSize(bytes: number, limit: string | number): string | null {
  const parsed = parseFileSizeLimit(limit);
  if (parsed.bytes === 0 || bytes <= parsed.bytes) return null;
  return formatMessage(MSG.FILE_TOO_LARGE, parsed.label);
}

// ---------------------------------------------------------------------------------------------------------
// Identity documents

export const CARD_TYPES = [
  { value: 'id_card', label: '居民身份证' },
  { value: 'passport', label: '护照' },
  { value: 'hk_macao_permit', label: '港澳居民来往内地通行证' },
  { value: 'taiwan_permit', label: '台湾居民来往大陆通行证' },
] as const;

export type CardType = (typeof CARD_TYPES)[number]['value'];

export const cardTypeSchema = z.enum(['id_card', 'passport', 'hk_macao_permit', 'taiwan_permit'], {
  error: MSG.SELECT_REQUIRED,
});

const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const RESIDENT_ID_CHECK_CHARS = '10X98765432';

/** The ISO 7064 MOD 11-2 check character for the first 17 digits of a resident ID. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (RESIDENT_ID_WEIGHTS[i] ?? 0);
  return RESIDENT_ID_CHECK_CHARS[sum % 11] ?? '';
}

/**
 * GB 11643-1999 citizen identity number: 17 digits (6 address, 8 birth date, 3 sequence) and a check
 * character (0–9 or X, lower-case x accepted). The birth date must be a real calendar date from 1800 on
 * (the standard's own example, 440524188001010014, was born in 1880).
 */
export function isValidResidentId(id: string): boolean {
  const value = id.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  if (year < 1800 || !isValidDate(year, month, day)) return false;
  return residentIdCheckChar(value.slice(0, 17)) === value[17];
}

const CARD_NUMBER_RULES: Record<CardType, { test: (value: string) => boolean; message: string }> = {
  id_card: { test: isValidResidentId, message: MSG.ID_CARD_INVALID },
  // Passports worldwide: letters and digits, 5–20 characters.
  passport: { test: (v) => /^[A-Z0-9]{5,20}$/.test(v), message: MSG.CARD_NUMBER_INVALID },
  // H (Hong Kong) or M (Macao) and 8 digits; the older booklet had 10.
  hk_macao_permit: { test: (v) => /^[HM](?:\d{8}|\d{10})$/.test(v), message: MSG.CARD_NUMBER_INVALID },
  // 8 digits on the current card; the older booklet had 10.
  taiwan_permit: { test: (v) => /^(?:\d{8}|\d{10})$/.test(v), message: MSG.CARD_NUMBER_INVALID },
};

/** The card number rule for a card type; the number is trimmed and upper-cased. */
export function cardNumberSchemaFor(type: CardType) {
  const rule = CARD_NUMBER_RULES[type];
  return z
    .string({ error: MSG.TEXT_REQUIRED })
    .max(64, { error: rule.message })
    .trim()
    .min(1, { error: MSG.TEXT_REQUIRED })
    .toUpperCase()
    .refine(rule.test, { error: rule.message });
}

// ---------------------------------------------------------------------------------------------------------
// Regions

export const CHINA_COUNTRY_ID = 1;
/** Hong Kong, Macao, Taiwan: removed in mainland-only mode. */
export const MAINLAND_EXCLUDED_STATE_IDS = [3032, 3033, 3125] as const;

export type StateFilterMode = 'all' | 'mainland';
export type CountryFilterMode = 'all' | 'china';

export function filterStates<T extends { id: number }>(states: readonly T[], mode: StateFilterMode): T[] {
  if (mode === 'all') return [...states];
  return states.filter((state) => !(MAINLAND_EXCLUDED_STATE_IDS as readonly number[]).includes(state.id));
}

export function filterCountries<T extends { id: number }>(countries: readonly T[], mode: CountryFilterMode): T[] {
  if (mode === 'all') return [...countries];
  return countries.filter((country) => country.id === CHINA_COUNTRY_ID);
}

