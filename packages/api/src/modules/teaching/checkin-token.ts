/**
 * The rotating check-in token and the calendar-feed key (decision 051). Both are HMAC-SHA256 under one secret:
 * CHECKIN_SIGNING_SECRET (checked by env.ts at start), else a random secret made once and shared through the
 * settings table so every process signs and verifies alike.
 *
 * Check-in token: `<sign id>.<period>.<mac>`, period = floor(now / 15 s); accepted in its own period and the next
 * (two periods), so a screenshot sent to a dorm room is stale within 15–30 s.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHECKIN_PERIODS_VALID, checkinPeriodOf } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { getSharedSecret } from '../settings/settings.service.ts';

const SECRET_KEY = 'teaching.checkin_secret';
const secrets = new WeakMap<AppContext['env'], Promise<string>>();

export function checkinSecret(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<string> {
  let secret = secrets.get(ctx.env);
  if (!secret) {
    secret = getSharedSecret(ctx, SECRET_KEY, ctx.env.CHECKIN_SIGNING_SECRET);
    secrets.set(ctx.env, secret);
    secret.catch(() => secrets.delete(ctx.env));
  }
  return secret;
}

function mac(secret: string, text: string, length: number): string {
  return createHmac('sha256', secret).update(text).digest('base64url').slice(0, length);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function signCheckinToken(secret: string, signId: number, period: number): string {
  return `${signId}.${period}.${mac(secret, `checkin:${signId}:${period}`, 22)}`;
}

export type TokenCheck = { ok: true; signId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Forged or malformed → invalid; genuine but older than two periods (or from the future) → expired. */
export function verifyCheckinToken(secret: string, token: string, nowMs: number): TokenCheck {
  const m = /^([0-9]{1,10})\.([0-9]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const signId = Number(m[1]);
  const period = Number(m[2]);
  if (!Number.isSafeInteger(signId) || signId < 1 || signId > 2_147_483_647) return { ok: false, reason: 'invalid' };
  if (!sameText(m[3]!, mac(secret, `checkin:${signId}:${period}`, 22))) return { ok: false, reason: 'invalid' };
  const current = checkinPeriodOf(nowMs);
  if (period > current || period <= current - CHECKIN_PERIODS_VALID) return { ok: false, reason: 'expired' };
  return { ok: true, signId };
}

/** The calendar feed key: `<student id>.<version>.<mac>`; a reset bumps the version and every old key fails. */
export function signFeedKey(secret: string, studentId: number, version: number): string {
  return `${studentId}.${version}.${mac(secret, `calendar:${studentId}:${version}`, 43)}`;
}

export function parseFeedKey(secret: string, key: string): { studentId: number; version: number } | null {
  const m = /^([0-9]{1,10})\.([0-9]{1,6})\.([A-Za-z0-9_-]{43})$/.exec(key);
  if (!m) return null;
  const studentId = Number(m[1]);
  const version = Number(m[2]);
  if (studentId < 1 || studentId > 2_147_483_647) return null;
  return sameText(m[3]!, mac(secret, `calendar:${studentId}:${version}`, 43)) ? { studentId, version } : null;
}
