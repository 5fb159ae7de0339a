/**
 * The sign-ups made in this browser (decision 099): each sign-up's public code with its secret key, and the last
 * one, in localStorage, so the counsellor's page opens again later in the same browser (or WeCom's web view).
 */
const KEY_PREFIX = 'summit.wecom-seminar.';
const LAST = 'summit.wecom-seminar-last';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode refused storage: this visit still works from memory.
  }
}

export const seminarStorage = {
  remember(code: string, key: string): void {
    write(`${KEY_PREFIX}${code}`, key);
    write(LAST, code);
  },
  keyOf(code: string | undefined): string | null {
    return code ? read(`${KEY_PREFIX}${code}`) : null;
  },
  lastCode(): string | null {
    return read(LAST);
  },
};

/** 32 random bytes, base64url (43 characters): the sign-up's secret. */
export function newSignupKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
