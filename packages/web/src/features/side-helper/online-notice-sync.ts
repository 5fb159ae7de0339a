// The online notice's read flag (decision 017): local storage for everyone, and for a logged-in student also
// the server, so a notice confirmed on one device stays read on the others. Plain fetch, no zod and no api
// client: the side helper's chunk stays small (decision 015), and a failed background call must neither
// toast nor redirect.

/** GET /api/student/online-notice, POST /api/student/online-read (domain notice.ts). */
export const ONLINE_NOTICE_API = { state: '/api/student/online-notice', read: '/api/student/online-read' } as const;

export type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'json'>>;

export interface NoticeStart {
  /** Shown on first render. */
  open: boolean;
  /** Ask the server before showing it (a logged-in student without the local flag). */
  checkServer: boolean;
}

/** A visitor decides from local storage; a student waits for the server so a read notice never flashes. */
export function noticeStart(input: { localRead: boolean; studentToken: string | null }): NoticeStart {
  if (input.localRead) return { open: false, checkServer: false };
  if (input.studentToken) return { open: false, checkServer: true };
  return { open: true, checkServer: false };
}

const headers = (token: string, json = false): Record<string, string> => ({
  Accept: 'application/json',
  Authorization: `Bearer ${token}`,
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

/** 'read' / 'unread' from the server; 'unknown' on any failure (expired login, network), shown as unread. */
export async function fetchServerNoticeRead(fetchFn: FetchLike, token: string): Promise<'read' | 'unread' | 'unknown'> {
  try {
    const res = await fetchFn(ONLINE_NOTICE_API.state, { headers: headers(token) });
    const body = (await res.json()) as { status?: unknown; data?: { read_at?: unknown } };
    if (body.status !== 200 || !body.data) return 'unknown';
    return typeof body.data.read_at === 'string' ? 'read' : 'unread';
  } catch {
    return 'unknown';
  }
}

/** Records the confirmation; keepalive so navigating away right after cannot drop it. True when stored. */
export async function postServerNoticeRead(fetchFn: FetchLike, token: string): Promise<boolean> {
  try {
    const res = await fetchFn(ONLINE_NOTICE_API.read, { method: 'POST', headers: headers(token, true), body: '{}', keepalive: true });
    const body = (await res.json()) as { status?: unknown };
    return body.status === 200;
  } catch {
    return false;
  }
}
