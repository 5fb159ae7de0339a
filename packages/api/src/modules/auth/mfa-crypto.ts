import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../http/context.ts';
import { getSharedSecret } from '../settings/settings.service.ts';

/** Where demo mode keeps its generated key: demo data is disposable, a production key only comes from env. */
const DEMO_KEY_SETTING = 'security.demo_data_key';

/**
 * The 32-byte data key: DATA_ENCRYPTION_KEY, or in demo mode a random one shared by every process through the
 * settings table. Outside demo mode main.ts refuses to start without the env key; this throw is the backstop.
 */
export async function dataKey(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<Buffer> {
  if (ctx.env.DATA_ENCRYPTION_KEY) return Buffer.from(ctx.env.DATA_ENCRYPTION_KEY, 'base64');
  if (!ctx.env.DEMO_MODE) throw new Error('DATA_ENCRYPTION_KEY is required outside demo mode');
  const hex = await getSharedSecret(ctx, DEMO_KEY_SETTING, undefined);
  return Buffer.from(hex, 'hex');
}

/**
 * AES-256-GCM, "v1.<iv>.<tag>.<ciphertext>" in base64url. The associated data binds a ciphertext to its row
 * (e.g. "totp:42"), so a secret copied into another account's row does not decrypt.
 */
export function encryptField(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function decryptField(key: Buffer, stored: string, aad: string): string {
  const [version, iv, tag, ct] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Keyed hash of a recovery code: 50 bits are walkable offline with a bare SHA-256, not without the key. */
export function hashRecoveryCode(key: Buffer, accountId: number, normalised: string): string {
  return createHmac('sha256', key).update(`recovery:${accountId}:${normalised}`).digest('hex');
}

/** Lower-case letters and digits without 0/o/1/l/i, so a code read off paper is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "xxxxx-xxxxx" (10 symbols of 31: ~49.5 bits), unbiased by rejection sampling. */
export function newRecoveryCode(): string {
  const out: string[] = [];
  while (out.length < 10) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && out.length < 10) out.push(ALPHABET[byte % 31]!);
    }
  }
  return `${out.slice(0, 5).join('')}-${out.slice(5).join('')}`;
}
