// The offline-to-online question (docs/product/states.md, decision 017): what the dialog reads and sends, and when it opens.
import { ONLINE_NOTICE_PATH } from '@summit/domain/content-slugs';
import { MSG } from '@summit/domain/messages';
import { onlineNoticeStateSchema, type OnlineNoticeState } from '@summit/domain/notice';
import { ApiError, api } from '../../lib/api-client.ts';

export const ONLINE_NOTICE_KEY = ['student', 'online-notice'] as const;

export const fetchOnlineNotice = (signal?: AbortSignal) =>
  api.get('/student/online-notice', { schema: onlineNoticeStateSchema, quiet: true, ...(signal ? { signal } : {}) });

/**
 * Quiet: the dialog shows the server's words itself and stays open (no toast, no gate redirect). A 401 still
 * clears the login; the caller sends the student to log in with `redirectTo`.
 */
export const confirmOfflineToOnline = () => api.post('/student/offline-to-online', {}, { schema: onlineNoticeStateSchema, quiet: true });

/** Open while the server says it is due (and the switch concerns the student), unless postponed on this page view. */
export function offlineToOnlineOpen(state: OnlineNoticeState | undefined, postponed: boolean): boolean {
  return Boolean(state?.offline_to_online_due && state.concerned && state.switch_notice) && !postponed;
}

/** What a failed confirmation shows in the dialog, and where a lapsed login goes. */
export function confirmFailure(error: unknown): { message: string; loginTo: string | null } {
  if (error instanceof ApiError) return { message: error.msg, loginTo: error.status === 401 ? error.redirectTo : null };
  return { message: MSG.NETWORK_ERROR, loginTo: null };
}

/** The full notice in a new window; noopener so it cannot reach back into this page. */
export function openFullNotice(open: (url: string, target: string, features: string) => unknown = (u, t, f) => window.open(u, t, f)): void {
  open(ONLINE_NOTICE_PATH, '_blank', 'noopener');
}
