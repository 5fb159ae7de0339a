/**
 * The ID number's one door (decision 064): sealing on write, masking on every read, the full number only
 * through `revealIdNumber` for whoever `mayRevealIdNumber` admits (audited by the caller's route).
 */
import { AppError, can, maskCardNumber, PRIVACY_MSG } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { dataKey } from '../auth/mfa-crypto.ts';
import { hashIdNumber, idNumberKeys, openIdNumber, sealIdNumber, type IdNumberKeys, type SealedIdNumber } from './id-number-crypto.ts';
import { findIdentity, sweepPlainIdNumbers, type IdentityRow } from './identity.repo.ts';

/** By key (hex): one entry per data key a process has seen, so HKDF runs once per key, not per request. */
const keyCache = new Map<string, IdNumberKeys>();

/** The ID keys of the configured data key (DATA_ENCRYPTION_KEY, or the demo's shared key). */
export async function idKeys(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<IdNumberKeys> {
  const key = await dataKey(ctx);
  const hex = key.toString('hex');
  let keys = keyCache.get(hex);
  if (!keys) {
    keys = idNumberKeys(key);
    keyCache.set(hex, keys);
  }
  return keys;
}

export async function sealFor(ctx: AppContext, accountId: number, number: string): Promise<SealedIdNumber> {
  return sealIdNumber(await idKeys(ctx), accountId, number);
}

/**
 * Who may see a full ID number. Admins for now; the staff permissions table (decision 063) replaces this
 * body at merge, and every reveal goes through here.
 */
export function mayRevealIdNumber(auth: AuthState): boolean {
  return auth.role === 'teacher' && can(auth, 'students.reveal_id');
}

/** The full number, or null when none is held; a cipher text that does not open is a clear message, never a 500. */
export async function readIdNumber(ctx: AppContext, row: IdentityRow | undefined): Promise<string | null> {
  if (!row?.idNumberCipher) return null;
  try {
    return openIdNumber(await idKeys(ctx), row.accountId, row.idNumberCipher);
  } catch {
    throw AppError.message(PRIVACY_MSG.ID_UNREADABLE);
  }
}

/** '1101**********002X' from the sealed number; only the tail when the cipher text cannot be opened. */
export async function maskedIdNumber(ctx: AppContext, row: IdentityRow | undefined): Promise<string | null> {
  if (!row?.idNumberCipher) return null;
  try {
    return maskCardNumber(openIdNumber(await idKeys(ctx), row.accountId, row.idNumberCipher));
  } catch {
    return `**************${row.idNumberTail ?? '****'}`;
  }
}

/**
 * Step 1 as any response shows it: the stored JSON (which no longer holds the number) with `card_number` the
 * masked number, so every page that printed the field now prints the mask without knowing about it.
 */
export async function presentStep1(ctx: AppContext, accountId: number, step1: Record<string, unknown> | null | undefined, row?: IdentityRow | null): Promise<Record<string, unknown>> {
  const { card_number: _plain, ...rest } = step1 ?? {};
  const identity = row === undefined ? await findIdentity(ctx.db, accountId) : (row ?? undefined);
  const masked = await maskedIdNumber(ctx, identity);
  return masked ? { ...rest, card_number: masked } : rest;
}

/**
 * The keyed hash to search by when a search text looks like a whole ID number (8 to 18 letters and digits with
 * at least 6 digits); undefined otherwise, so a name or phone search costs no key lookup.
 */
export async function idNumberSearchHash(ctx: AppContext, text: string): Promise<string | undefined> {
  const v = text.trim();
  if (!/^[0-9A-Za-z]{8,18}$/.test(v) || (v.match(/\d/g)?.length ?? 0) < 6) return undefined;
  return hashIdNumber(await idKeys(ctx), v);
}

/** The start-up data step (decision 064): plain numbers written before encryption existed are sealed and removed. */
export async function encryptPlainIdNumbers(ctx: AppContext): Promise<number> {
  const keys = await idKeys(ctx);
  return sweepPlainIdNumbers(ctx.db, (accountId, number) => sealIdNumber(keys, accountId, number), ctx.now());
}
