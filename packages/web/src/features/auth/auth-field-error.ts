// Zod-free: the plain /login form uses it before the rest of the auth code has loaded (decision 018).
import { MSG } from '@summit/domain/messages';
import { ApiError } from '../../lib/api-client.ts';

export type AuthField = 'phone' | 'password' | 'code';

/**
 * Server answers (4001) that are about one field of the account forms. The forms show them under that
 * field, where the person is looking, instead of in a toast that vanishes (decision 031).
 */
export const AUTH_FIELD_MESSAGES: Readonly<Record<string, AuthField>> = {
  [MSG.WRONG_PASSWORD]: 'password',
  [MSG.CODE_WRONG]: 'code',
  [MSG.PHONE_NOT_REGISTERED]: 'phone',
  [MSG.PHONE_REGISTERED]: 'phone',
};

/** The messages above, for the api client's `quietMessages` (not toasted: the form shows them). */
export const AUTH_QUIET_MESSAGES: readonly string[] = Object.keys(AUTH_FIELD_MESSAGES);

/**
 * Where a failed account request's message goes: a 4003 naming a field, or one of the messages above,
 * lands under that field when the form has it; anything else was already toasted by the client (null).
 */
export function authFieldErrorOf(error: unknown, formFields: readonly AuthField[]): { field: AuthField; msg: string } | null {
  if (!(error instanceof ApiError) || !error.handledByCaller) return null;
  const field = (error.field ?? AUTH_FIELD_MESSAGES[error.msg]) as AuthField | undefined;
  return field && formFields.includes(field) ? { field, msg: error.msg } : null;
}
