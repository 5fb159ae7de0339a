import { WECOM_SEMINAR_ERRORS, WECOM_SEMINAR_MSG } from '@summit/domain/api/wecom-seminar';
import { ApiError } from '../../lib/api-client.ts';

/** The error page's code for a failed call of a sign-up (decision 099). */
export function failureType(err: unknown): string {
  if (!(err instanceof ApiError)) return WECOM_SEMINAR_ERRORS.WECOM_UNAVAILABLE;
  if (err.msg === WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND) return WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND;
  if (err.msg === WECOM_SEMINAR_MSG.NO_COUNSELLOR) return WECOM_SEMINAR_ERRORS.NO_COUNSELLOR;
  if (err.msg === WECOM_SEMINAR_MSG.SEMINAR_CLOSED) return WECOM_SEMINAR_ERRORS.SEMINAR_CLOSED;
  return WECOM_SEMINAR_ERRORS.WECOM_UNAVAILABLE;
}
