/**
 * The sign-in challenge between the password and the code step (decision 036). Kept in this tab's
 * sessionStorage so a reload of /login/mfa keeps it; it is useless after 5 minutes or once answered.
 */
export interface StashedMfaChallenge {
  challenge: string;
  /** The account must bind an authenticator before it may sign in. */
  enrol: boolean;
  name: string;
  returnTo: string | null;
  expiresAt: number;
}

const KEY = 'summit.mfa-challenge';

export function stashMfaChallenge(value: StashedMfaChallenge): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Private mode without storage: the code step then asks to sign in again.
  }
}

export function readMfaChallenge(now = Date.now()): StashedMfaChallenge | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StashedMfaChallenge>;
    if (typeof value.challenge !== 'string' || typeof value.expiresAt !== 'number' || value.expiresAt <= now) return null;
    return {
      challenge: value.challenge,
      enrol: value.enrol === true,
      name: typeof value.name === 'string' ? value.name : '',
      returnTo: typeof value.returnTo === 'string' ? value.returnTo : null,
      expiresAt: value.expiresAt,
    };
  } catch {
    return null;
  }
}

export function clearMfaChallenge(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
