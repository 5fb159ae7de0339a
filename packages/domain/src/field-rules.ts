/**
 * The plain field checks with the spec's exact messages (docs/product/validation.md), zod-free: validation.ts builds its schemas on
 * them, and the web's password login uses them without loading zod (decision 018).
 */
import { LIMITS } from './constants.ts';
import { MSG } from './messages.ts';

export const MAINLAND_PHONE_CODE = '86';
const MAINLAND_PHONE_PATTERN = /^1[3-9]\d{9}$/;
const INTERNATIONAL_PHONE_PATTERN = /^\d{5,15}$/;
/** Far above any real number: longer input is rejected before any other work. */
export const PHONE_MAX_RAW_CHARS = 32;

/** Spaces and hyphens people type inside a number are not part of it; the stored phone is digits only. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/**
 * The message for a phone number, or null when it is fine. Precedence, first match wins:
 * 1. empty (after removing spaces and hyphens) → 请填写手机号;
 * 2. mainland (+86): not exactly 11 characters → 请填写11位手机!;
 * 3. mainland: 11 characters not matching 1[3-9] + 9 digits (letters included) → 手机格式错误;
 * other codes: 5–15 digits, else 手机格式错误 (the 11-digit rule is mainland-only).
 */
export function phoneProblem(phone: string, phoneCode: string = MAINLAND_PHONE_CODE): string | null {
  if (phone.length > PHONE_MAX_RAW_CHARS) {
    return phoneCode === MAINLAND_PHONE_CODE ? MSG.PHONE_LENGTH : MSG.PHONE_FORMAT;
  }
  const digits = normalizePhone(phone);
  if (digits === '') return MSG.PHONE_REQUIRED;
  if (phoneCode !== MAINLAND_PHONE_CODE) return INTERNATIONAL_PHONE_PATTERN.test(digits) ? null : MSG.PHONE_FORMAT;
  if (digits.length !== LIMITS.phoneLength) return MSG.PHONE_LENGTH;
  return MAINLAND_PHONE_PATTERN.test(digits) ? null : MSG.PHONE_FORMAT;
}

/** Printable ASCII without space: English letters, digits and symbols only. */
export const PASSWORD_PATTERN = new RegExp(`^[\\x21-\\x7E]{${LIMITS.passwordMin},${LIMITS.passwordMax}}$`);

/** The message for a password, or null when it is fine: the same answers as validation.ts passwordSchema. */
export function passwordProblem(value: string | undefined): string | null {
  if (value === undefined || value === '') return MSG.PASSWORD_REQUIRED;
  return PASSWORD_PATTERN.test(value) ? null : MSG.PASSWORD_FORMAT;
}

/**
 * Canada shares +1 with the United States; as a phone code it would be a duplicate entry, so the phone
 * area-code selector leaves it out (docs/product/validation.md). Other uses (nationality) keep it.
 */
export function filterAreaCodes<T extends { short: string }>(items: readonly T[], forPhone: boolean): T[] {
  if (!forPhone) return [...items];
  return items.filter((item) => item.short.toUpperCase() !== 'CA');
}
