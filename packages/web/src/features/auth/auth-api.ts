import { loginResultSchema, type LoginResult } from '@summit/domain/api/auth';
import { isMfaChallenge, loginAnswerSchema, type LoginAnswer } from '@summit/domain/api/mfa';
import { WECHAT_MSG } from '@summit/domain/api/wechat';
import { MSG } from '@summit/domain/messages';
import { studentStatusSchema, type StudentStatus } from '@summit/domain/student-status';
import { PATHS } from '../../lib/paths.ts';
import { stashMfaChallenge } from './mfa-challenge-store.ts';
import { api } from '../../lib/api-client.ts';
import { authStorage, roleOfLoginType, type Role } from '../../lib/auth-storage.ts';
import { toast } from '../../lib/notifier.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { hasPendingBind, linkPendingWechat } from '../../lib/wechat.ts';
import { afterMiniLogin } from '../../lib/miniprogram-session.ts';
import { AUTH_QUIET_MESSAGES } from './auth-field-error.ts';
import { targetAfterLogin } from './after-login.ts';
import { studentProgrammeLanding } from '../../lib/home-path.ts';
import { bindPendingWecom, hasPendingWecomBind } from '../../lib/wecom-bind.ts';

/** Form fields whose 4003 errors the auth forms show under the field instead of as a toast. */
export const AUTH_FIELDS = ['phone', 'password', 'code'] as const;

/** What the account requests leave to the form: field errors and the field-shaped 4001 answers. */
const FIELD_ERRORS = { fieldNames: AUTH_FIELDS, quietMessages: AUTH_QUIET_MESSAGES } as const;

export interface PhonePair {
  phone_code: string;
  phone: string;
}

/** A session, or for staff with two-factor sign-in a challenge to answer on /login/mfa (decision 036). */
export function loginWithPassword(body: PhonePair & { password: string }): Promise<LoginAnswer> {
  return api.post('/login', body, { schema: loginAnswerSchema, ...FIELD_ERRORS });
}

export function loginWithCode(body: PhonePair & { code: string }): Promise<LoginAnswer> {
  return api.post('/login', body, { schema: loginAnswerSchema, ...FIELD_ERRORS });
}

export function register(body: PhonePair & { code: string; password: string }): Promise<LoginResult> {
  return api.post('/register', body, { schema: loginResultSchema, ...FIELD_ERRORS });
}

export async function resetPassword(body: PhonePair & { code: string; password: string }): Promise<void> {
  await api.post('/reset', body, { ...FIELD_ERRORS });
}

export function fetchStudentStatus(): Promise<StudentStatus> {
  return queryClient.fetchQuery({
    queryKey: SESSION_KEYS.studentStatus,
    queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal }),
    staleTime: 0,
  });
}

/**
 * Stores the new login (token under its role) and works out where to go next. Caches of the previous
 * login are dropped so nothing of another account shows for a moment.
 */
export async function completeLogin(result: LoginResult, returnTo: string | null, successText: string): Promise<string> {
  const role: Role | null = roleOfLoginType(result.type);
  if (!role) throw new Error(`unknown login type ${result.type}`);
  queryClient.clear();
  authStorage.saveLogin(role, result.token);
  // A WeChat login of an unbound WeChat led here (decision 069): this login binds it.
  if (role === 'student' && hasPendingBind() && (await linkPendingWechat())) successText = `${successText}，${WECHAT_MSG.BOUND}`;
  // An unbound mini-program login led here, or a shared link kept its referrer: this login binds them (decision 097).
  if (role === 'student') successText = `${successText}${await afterMiniLogin()}`;
  const studentStatus = role === 'student' ? await fetchStudentStatus() : null;
  // Admitted to another programme with the summer one untouched: that programme's next step (decision 088).
  const programmeHome = studentStatus && !returnTo ? await studentProgrammeLanding(studentStatus) : null;
  toast('success', successText);
  const target = targetAfterLogin({ role, isAdmin: result.is_admin, returnTo, studentStatus, programmeHome });
  // Opened from WeCom (decision 098): the `wecom` target comes first, after this login binds the WeCom identity.
  return hasPendingWecomBind() ? bindPendingWecom(role, target) : target;
}

/**
 * After the password: a session completes the login; a two-factor challenge is kept for this tab and the
 * visitor goes to the code step, which completes the login the same way.
 */
export async function continueLogin(answer: LoginAnswer, returnTo: string | null, successText: string): Promise<string> {
  if (!isMfaChallenge(answer)) return completeLogin(answer, returnTo, successText);
  stashMfaChallenge({
    challenge: answer.challenge,
    enrol: answer.mfa_enrol_required,
    name: answer.name,
    returnTo,
    expiresAt: Date.now() + answer.expires_in * 1000,
  });
  return PATHS.loginMfa;
}

export const LOGIN_SUCCESS_TEXT = MSG.LOGIN_OK;
export const REGISTER_SUCCESS_TEXT = MSG.REGISTER_OK;
