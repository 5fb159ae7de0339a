/**
 * The student's WeCom binding on /register (decision 098): the login or registration that follows a WeCom entry
 * binds the identity the eid step handed over. The `wecom` parameter's target comes first: success goes to
 * /wecom/oauth/success, a failure shows 绑定失败 and goes to /wecom/oauth/fail/{suffix}.
 */
import { WECOM_MSG, wecomStudentIdentitySchema } from '@summit/domain/api/wecom';
import { MSG } from '@summit/domain/messages';
import { api, ApiError } from './api-client.ts';
import type { Role } from './auth-storage.ts';
import { toast } from './notifier.ts';
import { PATHS } from './paths.ts';
import { failPath, isKnownFailType, wecomFlow } from './wecom-flow.ts';

/** The register/login page was opened from the WeCom flow (the `wecom` parameter) or holds its ticket. */
export function hasPendingWecomBind(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  return new URLSearchParams(search).has('wecom') || wecomFlow.hasTicket();
}

/** Binds after the login; answers where to go instead of `target` (the page the login would have gone to). */
export async function bindPendingWecom(role: Role, target: string): Promise<string> {
  const ticket = wecomFlow.takeTicket();
  const fail = (type: string, text: string | null) => {
    toast('error', MSG.WECOM_BIND_FAILED);
    wecomFlow.storeError(text);
    return failPath(type);
  };
  if (!ticket) return fail('user_bind_para', null);
  // A staff account cannot take a student's WeCom identity: 员工账户！
  if (role !== 'student') return fail('employee', null);
  try {
    await api.post('/student/wecom/bind', { bind_ticket: ticket }, { schema: wecomStudentIdentitySchema, quietMessages: Object.values(WECOM_MSG), navigate: false });
  } catch (err) {
    const data = err instanceof ApiError ? (err.data as { fail?: unknown } | null | undefined) : null;
    const type = typeof data?.fail === 'string' && isKnownFailType(data.fail) ? data.fail : 'eid_request';
    return fail(type, err instanceof ApiError ? err.msg : null);
  }
  toast('success', WECOM_MSG.BOUND);
  wecomFlow.setNext(target);
  return `${PATHS.wecomSuccess}?bound=1`;
}
