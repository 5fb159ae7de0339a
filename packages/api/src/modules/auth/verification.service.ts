import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, MSG, formatMessage } from '@summit/domain';
import { ACCOUNT_LIMITS as L } from '@summit/domain/account-limits';
import type { AppContext } from '../../http/context.ts';
import {
  consumeCaptcha,
  countSmsSince,
  insertCaptcha,
  insertOutbox,
  insertSmsCode,
  lastSmsSentAt,
  latestCaptcha,
  latestLiveSmsCode,
  markSmsCodeUsed,
  recordSmsCodeFailure,
} from './auth.repo.ts';

export interface PhoneRef {
  phoneCode: string;
  phone: string;
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Daily limits reset at midnight in Asia/Shanghai (no DST there, so a fixed offset is exact). */
export function startOfShanghaiDay(now: Date): Date {
  const shifted = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(shifted - (shifted % DAY_MS) - SHANGHAI_OFFSET_MS);
}

function hashCode(ref: PhoneRef, code: string): string {
  return createHash('sha256').update(`${ref.phoneCode}:${ref.phone}:${code}`).digest('hex');
}

/** Asks a fresh arithmetic question bound to the phone; a lock from a wrong answer carries over. */
export async function askCaptcha(ctx: AppContext, ref: PhoneRef, ip: string): Promise<{ code: string }> {
  const now = ctx.now();
  const previous = await latestCaptcha(ctx.db, ref.phoneCode, ref.phone);
  const lockedUntil = previous?.lockedUntil && previous.lockedUntil > now ? previous.lockedUntil : null;
  const a = randomInt(L.captchaMin, L.captchaMax + 1);
  const b = randomInt(L.captchaMin, L.captchaMax + 1);
  await insertCaptcha(ctx.db, { ...ref, answer: a + b, ip, createdAt: now, expiresAt: new Date(now.getTime() + L.captchaTtlMs), lockedUntil });
  return { code: `${a} + ${b} = ?` };
}

/** Checks the answer to the latest question; a right one sends the SMS code. */
export async function answerCaptcha(ctx: AppContext, ref: PhoneRef, answer: number, ip: string): Promise<{ interval: number }> {
  const now = ctx.now();
  const challenge = await latestCaptcha(ctx.db, ref.phoneCode, ref.phone);
  if (!challenge || challenge.answeredAt || challenge.expiresAt <= now) throw AppError.message(MSG.CAPTCHA_EXPIRED);
  if (challenge.lockedUntil && challenge.lockedUntil > now) throw AppError.tooMany(MSG.CAPTCHA_LOCKED);
  const right = challenge.answer === answer;
  const lockedUntil = right ? null : new Date(now.getTime() + L.captchaWrongLockMs);
  if (!(await consumeCaptcha(ctx.db, challenge.id, now, lockedUntil))) throw AppError.message(MSG.CAPTCHA_EXPIRED);
  if (!right) throw AppError.message(MSG.CAPTCHA_WRONG);
  await sendSmsCode(ctx, ref, ip);
  return { interval: L.smsResendIntervalMs / 1000 };
}

export async function sendSmsCode(ctx: AppContext, ref: PhoneRef, ip: string): Promise<void> {
  const now = ctx.now();
  const last = await lastSmsSentAt(ctx.db, ref.phoneCode, ref.phone);
  if (last && now.getTime() - last.getTime() < L.smsResendIntervalMs) {
    const wait = Math.ceil((L.smsResendIntervalMs - (now.getTime() - last.getTime())) / 1000);
    throw AppError.tooMany(formatMessage(MSG.SMS_TOO_FREQUENT, wait));
  }
  const dayStart = startOfShanghaiDay(now);
  if ((await countSmsSince(ctx.db, ref, dayStart)) >= L.smsDailyPerPhone || (await countSmsSince(ctx.db, { ip }, dayStart)) >= ctx.env.SMS_DAILY_PER_IP) {
    throw AppError.tooMany(MSG.SMS_DAILY_LIMIT);
  }
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  await insertSmsCode(ctx.db, { ...ref, codeHash: hashCode(ref, code), ip, createdAt: now, expiresAt: new Date(now.getTime() + L.smsCodeTtlMs) });
  try {
    const sent = await ctx.sms.sendVerificationCode({ ...ref, code });
    await insertOutbox(ctx.db, {
      ...ref,
      content: sent.content,
      code: sent.keepsCode ? code : null,
      provider: sent.provider,
      status: 'sent',
      providerMessageId: sent.providerMessageId,
      createdAt: now,
    });
  } catch (err) {
    await insertOutbox(ctx.db, { ...ref, content: '', provider: ctx.sms.name, status: 'failed', error: (err as Error).message.slice(0, 500), createdAt: now });
    throw AppError.message(MSG.SMS_SEND_FAILED);
  }
}

/** Consumes the phone's live code if it matches; wrong guesses count towards burning it. */
export async function checkSmsCode(ctx: AppContext, ref: PhoneRef, code: string): Promise<void> {
  const now = ctx.now();
  const live = await latestLiveSmsCode(ctx.db, ref.phoneCode, ref.phone, now);
  if (!live) throw AppError.message(MSG.CODE_WRONG);
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(hashCode(ref, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await recordSmsCodeFailure(ctx.db, live.id, now, L.smsCodeMaxFailures);
    throw AppError.message(MSG.CODE_WRONG);
  }
  if (!(await markSmsCodeUsed(ctx.db, live.id, now))) throw AppError.message(MSG.CODE_WRONG);
}
