import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@summit/domain/errors';
import { EMAIL_MSG, EMAIL_VERIFY_LIMITS, verificationEmailText, type EmailFailReason } from '@summit/domain/email-verification';
import type { EmailVerificationStatus } from '@summit/domain/api/email';
import type { AppContext } from '../../http/context.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import {
  findAccountEmail,
  findVerificationByHash,
  insertMailOutbox,
  issueVerificationLink,
  latestSentVerification,
  latestUsedVerification,
  markLinkUsed,
  withdrawLink,
} from './email.repo.ts';

// E-mail verification (decision 027): a 256-bit random token in the link, only its hash in the database.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const LINK_TTL_MS = EMAIL_VERIFY_LIMITS.linkTtlHours * 3600_000;
const INTERVAL_MS = EMAIL_VERIFY_LIMITS.resendIntervalSeconds * 1000;

export interface EmailDeps {
  ctx: AppContext;
  mail: MailProvider;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Addresses compare case-insensitively (the domain part is, and no mailbox we serve tells cases apart). */
const normalise = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

export async function emailStatus({ ctx }: EmailDeps, accountId: number): Promise<EmailVerificationStatus> {
  const account = await findAccountEmail(ctx.db, accountId);
  const email = normalise(account?.email);
  if (!email) return { email: null, verified: false, verified_at: null, last_sent_at: null, resend_in: 0 };
  const [used, sent] = await Promise.all([latestUsedVerification(ctx.db, accountId), latestSentVerification(ctx.db, accountId, email)]);
  const verified = used !== undefined && used.email === email;
  const now = ctx.now().getTime();
  const resendIn = sent ? Math.max(0, Math.ceil((sent.createdAt.getTime() + INTERVAL_MS - now) / 1000)) : 0;
  return {
    email: account?.email?.trim() ?? null,
    verified,
    verified_at: verified ? used.usedAt!.toISOString() : null,
    last_sent_at: sent ? sent.createdAt.toISOString() : null,
    resend_in: resendIn,
  };
}

/**
 * Sends a verification e-mail to the account's current address. `origin` is where the link points: the
 * configured PUBLIC_URL, or in outbox (demo) mode the address the request came to.
 */
export async function sendVerificationEmail(deps: EmailDeps, accountId: number, origin: string): Promise<EmailVerificationStatus> {
  const { ctx, mail } = deps;
  const account = await findAccountEmail(ctx.db, accountId);
  const email = normalise(account?.email);
  if (!email) throw AppError.message(EMAIL_MSG.NO_EMAIL);
  const current = await emailStatus(deps, accountId);
  if (current.verified) throw AppError.message(EMAIL_MSG.ALREADY_VERIFIED);

  const now = ctx.now();
  const token = randomBytes(32).toString('base64url');
  const issued = await issueVerificationLink(
    ctx.db,
    { accountId, email, tokenHash: hashToken(token), now, expiresAt: new Date(now.getTime() + LINK_TTL_MS) },
    { intervalMs: INTERVAL_MS, dailyMax: EMAIL_VERIFY_LIMITS.dailyPerAccount },
  );
  if (issued.kind === 'too-soon') throw AppError.tooMany(EMAIL_MSG.SEND_TOO_SOON);
  if (issued.kind === 'daily-limit') throw AppError.tooMany(EMAIL_MSG.DAILY_LIMIT);

  const link = `${origin.replace(/\/+$/, '')}/api/email/validate?token=${token}`;
  const text = verificationEmailText(account?.name ?? '', link);
  try {
    const sent = await mail.send({ to: email, subject: EMAIL_MSG.SUBJECT, text });
    await insertMailOutbox(ctx.db, {
      toAddress: email,
      subject: EMAIL_MSG.SUBJECT,
      text: sent.keepsBody ? text : text.replace(token, '****'),
      provider: sent.provider,
      status: 'sent',
      providerMessageId: sent.providerMessageId,
      createdAt: now,
    });
  } catch (err) {
    await withdrawLink(ctx.db, issued.id, now);
    await insertMailOutbox(ctx.db, { toAddress: email, subject: EMAIL_MSG.SUBJECT, text: '', provider: mail.name, status: 'failed', error: (err as Error).message.slice(0, 500), createdAt: now });
    throw AppError.message(EMAIL_MSG.SEND_FAILED);
  }
  return emailStatus(deps, accountId);
}

export type ValidateOutcome = { ok: true } | { ok: false; reason: EmailFailReason };

/** Uses the link's token: verified, or why not. Never throws for a bad token (the fail page explains). */
export async function validateEmailToken({ ctx }: EmailDeps, token: string | undefined): Promise<ValidateOutcome> {
  if (!token || !TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
  const row = await findVerificationByHash(ctx.db, hashToken(token));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.supersededAt) return { ok: false, reason: 'superseded' };
  const now = ctx.now();
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  const account = await findAccountEmail(ctx.db, row.accountId);
  if (normalise(account?.email) !== row.email) return { ok: false, reason: 'changed' };
  if (!(await markLinkUsed(ctx.db, row.id, now))) return { ok: false, reason: 'used' };
  return { ok: true };
}
