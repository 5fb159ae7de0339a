import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache.ts';

const auth = (tokenId: number, accountId: number) => ({ tokenId, accountId, role: 'student' as const, isAdmin: false, teacherType: null });
const now = new Date('2026-07-01T00:00:00Z');
const later = new Date('2026-08-01T00:00:00Z');

describe('token cache', () => {
  it('answers until the token itself expires', () => {
    const cache = new TokenCache(60_000);
    cache.set('h1', auth(1, 10), new Date(now.getTime() + 1000));
    expect(cache.get('h1', now)).toEqual(auth(1, 10));
    expect(cache.get('h1', new Date(now.getTime() + 1000))).toBeNull();
    expect(cache.get('h1', now)).toBeNull();
  });

  it('forgets entries after its ttl, so a revocation by another process takes effect', async () => {
    const cache = new TokenCache(30);
    cache.set('h1', auth(1, 10), later);
    expect(cache.get('h1', now)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('h1', now)).toBeNull();
  });

  it('evicts one token, or every token of an account', () => {
    const cache = new TokenCache(60_000);
    cache.set('a', auth(1, 10), later);
    cache.set('b', auth(2, 10), later);
    cache.set('c', auth(3, 11), later);
    cache.evictToken(1);
    expect([cache.get('a', now), cache.get('b', now)?.tokenId]).toEqual([null, 2]);
    cache.evictAccount(10);
    expect([cache.get('b', now), cache.get('c', now)?.tokenId]).toEqual([null, 3]);
  });

  it('is off with ttl 0', () => {
    const cache = new TokenCache(0);
    cache.set('a', auth(1, 10), later);
    expect(cache.get('a', now)).toBeNull();
  });
});
