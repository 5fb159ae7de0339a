import { LRUCache } from 'lru-cache';
import type { AuthState } from './auth-state.ts';

interface Entry {
  auth: AuthState;
  tokenExpiresAt: number;
}

/**
 * Remembers resolved tokens for a few seconds so an authenticated read costs one query, not two.
 * Per process and never needed by another one: logout and reset evict here at once and, through the message
 * bus, in the other processes (decision 038); a process that misses the message may accept a revoked token
 * until its entry ages out (ttlMs, 10 s by default — docs/decisions/008).
 */
export class TokenCache {
  private readonly cache: LRUCache<string, Entry> | null;

  constructor(ttlMs: number, max = 10_000) {
    this.cache = ttlMs > 0 ? new LRUCache<string, Entry>({ max, ttl: ttlMs }) : null;
  }

  get(tokenHash: string, now: Date): AuthState | null {
    const entry = this.cache?.get(tokenHash);
    if (!entry) return null;
    if (entry.tokenExpiresAt <= now.getTime()) {
      this.cache?.delete(tokenHash);
      return null;
    }
    return entry.auth;
  }

  set(tokenHash: string, auth: AuthState, tokenExpiresAt: Date): void {
    this.cache?.set(tokenHash, { auth, tokenExpiresAt: tokenExpiresAt.getTime() });
  }

  evictToken(tokenId: number): void {
    if (!this.cache) return;
    for (const [key, entry] of this.cache.entries()) if (entry.auth.tokenId === tokenId) this.cache.delete(key);
  }

  /** The bus was deaf for a while (decision 038): a revocation may have been missed. */
  clear(): void {
    this.cache?.clear();
  }

  evictAccount(accountId: number): void {
    if (!this.cache) return;
    for (const [key, entry] of this.cache.entries()) if (entry.auth.accountId === accountId) this.cache.delete(key);
  }
}
