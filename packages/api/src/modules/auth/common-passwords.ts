/**
 * Common and breached passwords the server refuses (decision 035): a local list shipped as
 * data (assets/common-passwords.txt, ~18,000 entries made by scripts/make-common-passwords.mjs), no network
 * call. Too big for the web bundle, so the server checks on every path that sets a password (register, reset,
 * the admin CLI) and answers 4003 naming the field; the web shows it under the password field.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, MSG } from '@summit/domain';

export const COMMON_PASSWORDS_FILE = 'common-passwords.txt';

/** src/modules/auth/ under tsx and vitest; dist/ or dist/cli/ in the bundle, which the build gives its own copy. */
export function findCommonPasswordsFile(here: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const candidates = [path.resolve(here, '../../../assets', COMMON_PASSWORDS_FILE), path.resolve(here, 'assets', COMMON_PASSWORDS_FILE), path.resolve(here, '../assets', COMMON_PASSWORDS_FILE)];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`common-password list not found; looked in ${candidates.join(', ')}`);
  return found;
}

let list: ReadonlySet<string> | null = null;

/** Read once, on the first password set (a few milliseconds, ~1 MB of memory), then kept. */
export function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    readFileSync(findCommonPasswordsFile(), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('# ')),
  );
  return list;
}

/** The list is lower-cased: Password123 and PASSWORD123 are as guessable as password123. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** 4003 on `field` when the password is on the list. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw AppError.param(field, MSG.PASSWORD_TOO_COMMON);
}
