/**
 * The official account's access_token and jsapi_ticket, shared by every API process and refreshed before they
 * expire (decision 069). WeChat allows a few thousand token fetches a day and a new token invalidates the old
 * one after five minutes, so exactly one process may fetch at a time: a row lock in the database, or with
 * REDIS_URL a SET NX lock in Redis.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import type { ExpiringCredential } from '../../providers/wechat/official-account.ts';
import { readCredential, refreshCredentialLocked, type CredentialKind } from './wechat.repo.ts';

/** Refresh this long before WeChat's expiry: a signature made with a ticket must still verify on the page. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface CredentialStore {
  get(appId: string, kind: CredentialKind, fetch: () => Promise<ExpiringCredential>): Promise<string>;
  /** Forgets a value WeChat refused (errcode 40001), so the next get fetches. */
  invalidate(appId: string, kind: CredentialKind, value: string): Promise<void>;
}

const fresh = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();

export function dbCredentialStore(db: Db, now: () => Date): CredentialStore {
  return {
    async get(appId, kind, fetch) {
      const seen = await readCredential(db, appId, kind);
      if (seen?.value && fresh(seen.expiresAt, now())) return seen.value;
      return refreshCredentialLocked(db, appId, kind, async (current) => {
        // Another process may have refreshed it while this one waited for the lock.
        if (current.value && fresh(current.expiresAt, now())) return null;
        const got = await fetch();
        const at = now();
        return { value: got.value, expiresAt: new Date(at.getTime() + got.expiresInS * 1000), refreshedAt: at };
      });
    },
    async invalidate(appId, kind, value) {
      await refreshCredentialLocked(db, appId, kind, async (current) =>
        current.value === value ? { value: '', expiresAt: new Date(0), refreshedAt: now() } : null,
      );
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RELEASE_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export function redisCredentialStore(redis: Redis, now: () => Date, opts: { prefix?: string; lockMs?: number; waitMs?: number } = {}): CredentialStore {
  const prefix = opts.prefix ?? 'summit:wx:';
  const lockMs = opts.lockMs ?? 15_000;
  const waitMs = opts.waitMs ?? 20_000;
  const keyOf = (appId: string, kind: CredentialKind) => `${prefix}${appId}:${kind}`;
  const read = async (key: string): Promise<{ value: string; expiresAt: number } | null> => {
    const raw = await redis.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as { value: string; expiresAt: number };
    } catch {
      return null;
    }
  };
  return {
    async get(appId, kind, fetch) {
      const key = keyOf(appId, kind);
      const deadline = Date.now() + waitMs;
      for (;;) {
        const seen = await read(key);
        if (seen?.value && fresh(new Date(seen.expiresAt), now())) return seen.value;
        const owner = randomBytes(12).toString('hex');
        if ((await redis.set(`${key}:lock`, owner, 'PX', lockMs, 'NX')) === 'OK') {
          try {
            const again = await read(key);
            if (again?.value && fresh(new Date(again.expiresAt), now())) return again.value;
            const got = await fetch();
            const expiresAt = now().getTime() + got.expiresInS * 1000;
            await redis.set(key, JSON.stringify({ value: got.value, expiresAt }), 'PX', got.expiresInS * 1000);
            return got.value;
          } finally {
            await redis.eval(RELEASE_LOCK, 1, `${key}:lock`, owner);
          }
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for the ${kind} lock`);
        await sleep(50);
      }
    },
    async invalidate(appId, kind, value) {
      const key = keyOf(appId, kind);
      const seen = await read(key);
      if (seen?.value === value) await redis.del(key);
    },
  };
}
