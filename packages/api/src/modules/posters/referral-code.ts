import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../http/context.ts';
import { getSharedSecret } from '../settings/settings.service.ts';

/**
 * The short, signed referral code a poster's QR carries (decision 107; the talent-hunt module takes it over).
 * Format `<campaign>.<account id in base 36>.<12-char HMAC-SHA256, base64url>`, e.g. `th.2s.Qm9kZXlfX2Fi`.
 * Signed with REFERRAL_SIGNING_SECRET (validated at start-up in env.ts) or, when unset, a random secret made once and
 * kept in the settings table, so every process signs alike. A code cannot be forged for another account or campaign.
 */
const SECRET_KEY = 'referral_signing_secret';
const MAC_CHARS = 12;
const CAMPAIGN_RE = /^[a-z0-9-]{1,24}$/;

type CodeCtx = Pick<AppContext, 'db' | 'now'> & { env: { REFERRAL_SIGNING_SECRET?: string | undefined } };

export interface ReferralClaim {
  accountId: number;
  campaign: string;
}

async function mac(ctx: CodeCtx, body: string): Promise<string> {
  const key = await getSharedSecret(ctx, SECRET_KEY, ctx.env.REFERRAL_SIGNING_SECRET);
  return createHmac('sha256', key).update(body).digest('base64url').slice(0, MAC_CHARS);
}

export async function referralCodeFor(ctx: CodeCtx, accountId: number, campaign: string): Promise<string> {
  if (!Number.isSafeInteger(accountId) || accountId <= 0) throw new Error('referral code: bad account id');
  if (!CAMPAIGN_RE.test(campaign)) throw new Error('referral code: bad campaign');
  const body = `${campaign}.${accountId.toString(36)}`;
  return `${body}.${await mac(ctx, body)}`;
}

/** The account and campaign a code names, or null for anything tampered, forged or malformed. */
export async function verifyReferralCode(ctx: CodeCtx, code: string | null | undefined): Promise<ReferralClaim | null> {
  if (!code || code.length > 64) return null;
  const parts = code.split('.');
  if (parts.length !== 3) return null;
  const [campaign, id36, sig] = parts as [string, string, string];
  if (!CAMPAIGN_RE.test(campaign) || !/^[0-9a-z]{1,11}$/.test(id36) || sig.length !== MAC_CHARS) return null;
  const expected = Buffer.from(await mac(ctx, `${campaign}.${id36}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const accountId = Number.parseInt(id36, 36);
  if (!Number.isSafeInteger(accountId) || accountId <= 0) return null;
  return { accountId, campaign };
}

/** The landing URL a poster's QR carries: the site root with `?ref=<code>` (the referrer kept in the browser, spec §3). */
export function referralUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}
