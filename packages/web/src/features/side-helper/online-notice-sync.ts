// The 改为线上举办 notice card (decisions 017 and 029): shown only to a logged-in student the switch to online
// concerns (paid tuition for an in-person programme before the switch), which the server decides; a visitor and
// every other student never see it. Plain fetch, no zod and no api client: the side helper's chunk stays small
// (decision 015), and a failed background call must neither toast nor redirect.

/** GET /api/student/online-notice, POST /api/student/online-read (domain notice.ts). */
export const ONLINE_NOTICE_API = { state: '/api/student/online-notice', read: '/api/student/online-read' } as const;

export type FetchLike = (url: string, init?: RequestInit) => Promise<Pick<Response, 'json'>>;

export interface NoticeStart {
  /** Shown on first render: never, the server decides. */
  open: false;
  /** Ask the server (a logged-in student only). */
  checkServer: boolean;
}

/** Nobody sees the card before the server says so; only a student's token can ask. */
export function noticeStart(input: { studentToken: string | null }): NoticeStart {
  return { open: false, checkServer: Boolean(input.studentToken) };
}

/** The figures the card quotes (domain switchNoticeSchema), read leniently. */
export interface SwitchNoticeFigures {
  dates: string;
  difference_fen: number;
  refund_deadline: string;
}

function figuresOf(value: unknown): SwitchNoticeFigures | null {
  const v = value as Partial<SwitchNoticeFigures> | null | undefined;
  if (!v || typeof v.dates !== 'string' || typeof v.difference_fen !== 'number' || typeof v.refund_deadline !== 'string') return null;
  return { dates: v.dates, difference_fen: v.difference_fen, refund_deadline: v.refund_deadline };
}

/**
 * The card to show, or null: shown when the server says the switch concerns this student and the notice is not
 * yet confirmed. Any failure (expired login, network) shows nothing: the card is never shown on a guess.
 */
export async function fetchServerNotice(fetchFn: FetchLike, token: string): Promise<SwitchNoticeFigures | null> {
  try {
    const res = await fetchFn(ONLINE_NOTICE_API.state, { headers: headers(token) });
    const body = (await res.json()) as { status?: unknown; data?: { read_at?: unknown; concerned?: unknown; switch_notice?: unknown } };
    if (body.status !== 200 || !body.data) return null;
    if (body.data.concerned !== true || typeof body.data.read_at === 'string') return null;
    return figuresOf(body.data.switch_notice);
  } catch {
    return null;
  }
}

const headers = (token: string, json = false): Record<string, string> => ({
  Accept: 'application/json',
  Authorization: `Bearer ${token}`,
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

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
