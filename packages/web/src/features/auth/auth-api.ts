import { MSG, loginResultSchema, studentStatusSchema, type LoginResult, type StudentStatus } from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { authStorage, roleOfLoginType, type Role } from '../../lib/auth-storage.ts';
import { toast } from '../../lib/notifier.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { AUTH_QUIET_MESSAGES } from './auth-field-error.ts';
import { targetAfterLogin } from './after-login.ts';

/** Form fields whose 4003 errors the auth forms show under the field instead of as a toast. */
export const AUTH_FIELDS = ['phone', 'password', 'code'] as const;

/** What the account requests leave to the form: field errors and the field-shaped 4001 answers. */
const FIELD_ERRORS = { fieldNames: AUTH_FIELDS, quietMessages: AUTH_QUIET_MESSAGES } as const;

export interface PhonePair {
  phone_code: string;
  phone: string;
}

export function loginWithPassword(body: PhonePair & { password: string }): Promise<LoginResult> {
  return api.post('/login', body, { schema: loginResultSchema, ...FIELD_ERRORS });
}

export function loginWithCode(body: PhonePair & { code: string }): Promise<LoginResult> {
  return api.post('/login', body, { schema: loginResultSchema, ...FIELD_ERRORS });
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
  const studentStatus = role === 'student' ? await fetchStudentStatus() : null;
  toast('success', successText);
  return targetAfterLogin({ role, isAdmin: result.is_admin, returnTo, studentStatus });
}

export const LOGIN_SUCCESS_TEXT = MSG.LOGIN_OK;
export const REGISTER_SUCCESS_TEXT = MSG.REGISTER_OK;
