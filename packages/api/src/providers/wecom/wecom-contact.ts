/**
 * WeCom's customer contact (客户联系) as the information seminar uses it (decision 099): a counsellor's contact-me
 * code (cgi-bin/externalcontact/add_contact_way, with a `state` naming the sign-up), reading an external contact
 * (cgi-bin/externalcontact/get), and WeCom's callback: the URL verification (GET with echostr) and the events
 * (POST, an XML envelope whose Encrypt is AES-256-CBC under the EncodingAESKey, signed SHA-1 over token, timestamp,
 * nonce and the ciphertext). The cryptography is @wecom/crypto's (WeCom's own package); XML is fast-xml-parser's.
 */
import { decrypt, getSignature } from '@wecom/crypto';
import { timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { WecomClient } from './wecom-client.ts';

export interface ContactWay {
  configId: string;
  qrCode: string;
}

export interface ExternalContact {
  externalUserId: string;
  name: string;
  /** Members who have this contact, with the `state` of the code each one was added through. */
  followers: Array<{ userId: string; state: string }>;
}

export interface WecomContactApi {
  /** A single-member contact-me QR code (type 1, scene 2) whose add events carry `state` (≤ 30 characters). */
  addContactWay(opts: { userId: string; state: string; remark?: string }): Promise<ContactWay>;
  getExternalContact(externalUserId: string): Promise<ExternalContact>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function createWecomContactApi(client: WecomClient): WecomContactApi {
  return {
    async addContactWay({ userId, state, remark }) {
      const r = await client.post('cgi-bin/externalcontact/add_contact_way', { type: 1, scene: 2, user: [userId], state, skip_verify: true, ...(remark ? { remark } : {}) });
      const configId = str(r.config_id);
      const qrCode = str(r.qr_code);
      if (!configId || !qrCode) throw new Error('add_contact_way answered without config_id or qr_code');
      return { configId, qrCode };
    },
    async getExternalContact(externalUserId) {
      const r = await client.get('cgi-bin/externalcontact/get', { external_userid: externalUserId });
      const contact = (r.external_contact ?? {}) as Record<string, unknown>;
      const follow = Array.isArray(r.follow_user) ? (r.follow_user as Array<Record<string, unknown>>) : [];
      return { externalUserId: str(contact.external_userid) || externalUserId, name: str(contact.name), followers: follow.map((f) => ({ userId: str(f.userid), state: str(f.state) })) };
    },
  };
}

// ---- The callback ---------------------------------------------------------------------------------------------

export interface CallbackKeys {
  /** The callback Token set in WeCom's admin console. */
  token: string;
  /** The 43-character EncodingAESKey. */
  aesKey: string;
  /** The corp id the plaintext must end with (WeCom's ReceiveId). */
  corpId: string;
}

export type CallbackFailure = 'missing' | 'signature' | 'stale' | 'decrypt' | 'corp' | 'format';

export class WecomCallbackError extends Error {
  constructor(readonly reason: CallbackFailure) {
    super(`WeCom callback refused: ${reason}`);
    this.name = 'WecomCallbackError';
  }
}

export interface CallbackQuery {
  msg_signature?: string | undefined;
  timestamp?: string | undefined;
  nonce?: string | undefined;
  echostr?: string | undefined;
}

/** One change_external_contact event (other events come back with `event` set and the rest empty). */
export interface ContactEvent {
  event: string;
  changeType: string;
  userId: string;
  externalUserId: string;
  state: string;
  createTime: number;
}

/** How far a callback's timestamp may stray from our clock: older ones are replays (WeCom retries within seconds). */
export const CALLBACK_WINDOW_SECONDS = 300;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: false });

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function verified(keys: CallbackKeys, q: CallbackQuery, cipher: string, nowSeconds: number): string {
  if (!q.msg_signature || !q.timestamp || !q.nonce || !cipher) throw new WecomCallbackError('missing');
  if (!sameText(getSignature(keys.token, q.timestamp, q.nonce, cipher), q.msg_signature.toLowerCase())) throw new WecomCallbackError('signature');
  const ts = Number(q.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > CALLBACK_WINDOW_SECONDS) throw new WecomCallbackError('stale');
  let plain: { message: string; id: string };
  try {
    plain = decrypt(keys.aesKey, cipher);
  } catch {
    throw new WecomCallbackError('decrypt');
  }
  if (plain.id !== keys.corpId) throw new WecomCallbackError('corp');
  return plain.message;
}

/** GET: WeCom checks the URL by sending an encrypted echostr; the answer is its plaintext. */
export function verifyCallbackUrl(keys: CallbackKeys, q: CallbackQuery, nowSeconds: number): string {
  return verified(keys, q, q.echostr ?? '', nowSeconds);
}

function xmlRoot(text: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = parser.parse(text);
  } catch {
    throw new WecomCallbackError('format');
  }
  const root = (doc as { xml?: unknown } | null)?.xml;
  if (!root || typeof root !== 'object') throw new WecomCallbackError('format');
  return root as Record<string, unknown>;
}

/** POST: verifies and decrypts the envelope and reads the event inside. */
export function openCallbackEvent(keys: CallbackKeys, q: CallbackQuery, body: string, nowSeconds: number): ContactEvent {
  const cipher = str(xmlRoot(body).Encrypt);
  const inner = xmlRoot(verified(keys, q, cipher, nowSeconds));
  return {
    event: str(inner.Event),
    changeType: str(inner.ChangeType),
    userId: str(inner.UserID),
    externalUserId: str(inner.ExternalUserID),
    state: str(inner.State),
    createTime: Number(str(inner.CreateTime)) || 0,
  };
}
