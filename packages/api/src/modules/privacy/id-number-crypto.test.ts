import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskCardNumber } from '@summit/domain';
import { hashIdNumber, idNumberKeys, openIdNumber, sealIdNumber } from './id-number-crypto.ts';

const keys = idNumberKeys(randomBytes(32));
const ID = '11010520090101002X';

describe('ID number encryption', () => {
  it('seals and opens a number; the cipher text never holds it and names its key', () => {
    const sealed = sealIdNumber(keys, 7, ` ${ID.toLowerCase()} `);
    expect(sealed.cipher).not.toContain(ID);
    expect(sealed.cipher.split('.').slice(0, 2)).toEqual(['v1', keys.keyId]);
    expect(sealed.tail).toBe('002X');
    expect(openIdNumber(keys, 7, sealed.cipher)).toBe(ID);
    // A fresh IV each time: the same number never gives the same cipher text.
    expect(sealIdNumber(keys, 7, ID).cipher).not.toBe(sealed.cipher);
  });

  it('detects tampering, another account and another key', () => {
    const { cipher } = sealIdNumber(keys, 7, ID);
    const parts = cipher.split('.');
    const ct = Buffer.from(parts[4]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    const tampered = [...parts.slice(0, 4), ct.toString('base64url')].join('.');
    expect(() => openIdNumber(keys, 7, tampered)).toThrow();
    expect(() => openIdNumber(keys, 8, cipher)).toThrow();
    expect(() => openIdNumber(idNumberKeys(randomBytes(32)), 7, cipher)).toThrow(/key/);
    expect(() => openIdNumber(keys, 7, 'plain-text')).toThrow(/format/);
  });

  it('hashes by the full number with its own key, case-insensitively', () => {
    expect(hashIdNumber(keys, ID)).toBe(hashIdNumber(keys, ID.toLowerCase()));
    expect(hashIdNumber(keys, ID)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIdNumber(keys, ID)).not.toBe(hashIdNumber(idNumberKeys(randomBytes(32)), ID));
    expect(hashIdNumber(keys, ID)).not.toBe(hashIdNumber(keys, '110105200901010011'));
  });

  it('masks to the first 4 and last 4', () => {
    expect(maskCardNumber(ID)).toBe('1101**********002X');
  });
});
