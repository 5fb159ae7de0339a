/**
 * ID card numbers at rest (decision 064). One data key (DATA_ENCRYPTION_KEY, decision 036) yields, by HKDF, an
 * encryption key and a separate hash key, so the searchable hash never reuses the cipher's key. The cipher
 * text is versioned and names its key ("v1.<key id>.<iv>.<tag>.<ct>"), so a later rotation can find and
 * re-seal rows under an old key; the associated data binds it to its account, so a number copied into
 * another student's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface IdNumberKeys {
  keyId: string;
  enc: Buffer;
  hash: Buffer;
}

export interface SealedIdNumber {
  cipher: string;
  hash: string;
  tail: string;
  keyId: string;
}

const derive = (dataKey: Buffer, info: string) => Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, 32));

/** The keys of one data key; the id is public (8 hex of an HMAC), never enough to learn the key. */
export function idNumberKeys(dataKey: Buffer): IdNumberKeys {
  if (dataKey.length !== 32) throw new Error('the data key must be 32 bytes');
  return {
    keyId: createHmac('sha256', dataKey).update('summit/key-id').digest('hex').slice(0, 8),
    enc: derive(dataKey, 'summit/id-number/enc/v1'),
    hash: derive(dataKey, 'summit/id-number/hash/v1'),
  };
}

/** How a number is compared: trimmed, upper-case (a resident ID's check character X is typed either way). */
export function normaliseIdNumber(value: string): string {
  return value.trim().toUpperCase();
}

const aadOf = (accountId: number) => Buffer.from(`id-number:${accountId}`);

export function hashIdNumber(keys: IdNumberKeys, value: string): string {
  return createHmac('sha256', keys.hash).update(normaliseIdNumber(value)).digest('hex');
}

export function sealIdNumber(keys: IdNumberKeys, accountId: number, value: string): SealedIdNumber {
  const number = normaliseIdNumber(value);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.enc, iv);
  cipher.setAAD(aadOf(accountId));
  const ct = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
  return {
    cipher: ['v1', keys.keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.'),
    hash: hashIdNumber(keys, number),
    tail: number.slice(-4),
    keyId: keys.keyId,
  };
}

/** Throws when the text was altered, belongs to another account, or was sealed under a key we do not hold. */
export function openIdNumber(keys: IdNumberKeys, accountId: number, stored: string): string {
  const [version, keyId, iv, tag, ct] = stored.split('.');
  if (version !== 'v1' || !keyId || !iv || !tag || ct === undefined) throw new Error('unknown ID number cipher format');
  if (keyId !== keys.keyId) throw new Error(`ID number sealed under key ${keyId}, not the configured key ${keys.keyId}`);
  const decipher = createDecipheriv('aes-256-gcm', keys.enc, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aadOf(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
