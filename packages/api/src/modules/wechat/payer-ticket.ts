import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../http/context.ts';
import { getSharedSecret } from '../settings/settings.service.ts';

/**
 * The payer's WeChat open id between the base OAuth (snsapi_base, docs/api-contract.md `wechat_pay_oauth_url`) and a JSAPI
 * payment: an opaque, signed ticket the page keeps (local storage "open id") and sends back with the pay request.
 * Signed with a secret shared by every process, bound to the app id it was issued under, valid for a day, so
 * a page can neither invent an open id nor reuse another app's.
 */
const SECRET_KEY = 'wechat_payer_ticket_secret';
const TICKET_TTL_MS = 24 * 60 * 60_000;

export interface PayerIdentity {
  appId: string;
  openId: string;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

/** `env` is optional so callers holding only db and clock keep working; WECHAT_PAYER_TICKET_SECRET overrides the stored secret. */
type TicketCtx = Pick<AppContext, 'db' | 'now'> & { env?: { WECHAT_PAYER_TICKET_SECRET?: string | undefined } };

async function mac(ctx: TicketCtx, body: string): Promise<string> {
  return createHmac('sha256', await getSharedSecret(ctx, SECRET_KEY, ctx.env?.WECHAT_PAYER_TICKET_SECRET)).update(body).digest('base64url');
}

export async function issuePayerTicket(ctx: TicketCtx, who: PayerIdentity): Promise<string> {
  const body = `v1.${b64(who.appId)}.${b64(who.openId)}.${ctx.now().getTime() + TICKET_TTL_MS}`;
  return `${body}.${await mac(ctx, body)}`;
}

/** The identity in a ticket, or null for anything forged, expired or malformed. */
export async function readPayerTicket(ctx: TicketCtx, ticket: string | undefined | null): Promise<PayerIdentity | null> {
  if (!ticket || ticket.length > 512) return null;
  const parts = ticket.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [v, app, open, exp, sig] = parts as [string, string, string, string, string];
  const expected = Buffer.from(await mac(ctx, `${v}.${app}.${open}.${exp}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (!/^\d{1,16}$/.test(exp) || Number(exp) < ctx.now().getTime()) return null;
  const appId = unb64(app);
  const openId = unb64(open);
  if (!appId || !openId) return null;
  return { appId, openId };
}
