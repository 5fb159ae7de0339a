/**
 * The browser's side of WeCom sign-in and binding (decision 098): what the entry, middle, register and result pages
 * keep between WeCom's redirect and the next page. The state (login CSRF check) and the bind ticket (used once)
 * live in this tab's sessionStorage; the entry address (code 66 starts again there) and the last error text
 * (shown for a failure code the page does not know, docs/product/data.md `wecom_error`) in localStorage.
 */
import { WECOM_FAIL_TYPES } from '@summit/domain/api/wecom';
import { wecomErrorMessage } from '@summit/domain/messages';
import { STORAGE_KEYS } from './auth-storage.ts';
import { PATHS } from './paths.ts';

const KEYS = {
  state: 'summit.wecom-state',
  ticket: 'summit.wecom-bind-ticket',
  next: 'summit.wecom-next',
  entry: 'wecom_entry',
} as const;

function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}
function write(store: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Storage refused (private mode): the flow then fails its checks and says so.
  }
}
const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const wecomFlow = {
  /** Remembers the entry address (for code 66) and the state the authorize step issued. */
  begin(entryAddress: string, state: string): void {
    write(local, KEYS.entry, entryAddress);
    write(session, KEYS.state, state);
  },
  /**
   * True for the state this tab started; a link from someone else's sign-in (login CSRF) is false. The state stays
   * until the next start, so a reload of the middle page reaches the server, which answers 66 (start again).
   */
  isOwnState(state: string): boolean {
    const mine = read(session, KEYS.state);
    return mine !== null && mine === state;
  },
  entryAddress(): string {
    const stored = read(local, KEYS.entry);
    return stored && stored.startsWith(PATHS.wecomEntry) ? stored : PATHS.wecomEntry;
  },
  saveTicket(ticket: string): void {
    write(session, KEYS.ticket, ticket);
  },
  hasTicket(): boolean {
    return read(session, KEYS.ticket) !== null;
  },
  takeTicket(): string | null {
    const ticket = read(session, KEYS.ticket);
    write(session, KEYS.ticket, null);
    return ticket;
  },
  /** Where the success page continues to. */
  setNext(target: string): void {
    write(session, KEYS.next, target);
  },
  next(): string | null {
    const target = read(session, KEYS.next);
    return target && target.startsWith('/') && !target.startsWith('//') ? target : null;
  },
  storeError(text: string | null): void {
    write(local, STORAGE_KEYS.wecomError, text);
  },
  storedError(): string | null {
    return read(local, STORAGE_KEYS.wecomError);
  },
};

/** /wecom/oauth/fail/{type}: a known suffix, or a short code of our own whose text was stored. */
export function failPath(type: string): string {
  return `${PATHS.wecomFail}/${encodeURIComponent(type)}`;
}

/** The failure page's text: §8's message for a known code, else the stored error, else 出错了！. */
export function failMessage(type: string | undefined, stored: string | null): string {
  return wecomErrorMessage(type ?? null, stored);
}

export const isKnownFailType = (type: string) => (WECOM_FAIL_TYPES as readonly string[]).includes(type);
