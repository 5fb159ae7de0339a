/**
 * What a log line may hold (docs/design.md §4, decision 034): never a credential, a capability token from a path or
 * query, or an unmasked phone or ID number. Three layers, each catching what the one before cannot:
 *
 * 1. redactUrl — the access log's request URL: token path segments and secret query values replaced.
 * 2. LOG_REDACT_PATHS + serializeError — pino's structured redaction of headers and body-like keys, and an
 *    error serializer that keeps what helps debugging (type, message, stack, code, the database's detail)
 *    but drops the SQL parameters a failed query carries.
 * 3. scrubLogLine — the last step before a line is written: every JSON string in it goes through
 *    scrubText, so a token path, a Bearer token, an SMS code or a phone or ID number that reached a message,
 *    an error text or a stack by any route is still masked.
 */
import { maskPersonalNumbers } from '@summit/domain';
import { CAPABILITY_PATH_PREFIXES, CAPABILITY_QUERY_KEYS } from '@summit/domain/capability-paths';

const REDACTED = '[redacted]';

/*
 * Paths whose segment is itself the capability: whoever holds the address can pay, see whose place it is,
 * verify a letter or decide a sandbox payment. Found in the *.routes.ts files and docs/product/routes.tsv.
 * Each pattern keeps the prefix ($1) and replaces the secret segment.
 */
const SECRET_PATH_PREFIXES: readonly string[] = [
  // The pages and APIs whose address is a capability: one list with the Referrer-Policy (decision 033).
  ...CAPABILITY_PATH_PREFIXES,
  // Relays the Referer header never concerns, but a log line would.
  // Sandbox checkout decision posts: the order number alone lets one confirm the payment.
  '/api/payment/sandbox/',
  // WeChat code relay: the segment is an encoded address that carries an OAuth code.
  '/wx-code/',
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** One pass for all of them (the scrubber runs it on every string of every line). */
const SECRET_PATH_SEGMENTS = new RegExp(`(${SECRET_PATH_PREFIXES.map(escapeRegExp).join('|')})[^/?#\\s"\\\\]+`, 'g');

/*
 * Query keys whose value is a credential or a capability: verification and reset tokens, signatures of
 * signed upload and download URLs (S3's X-Amz-*, OSS's OSSAccessKeyId/Signature/security-token, the local
 * store's policy), OAuth code and state, the mini-program login's scene id, passwords and SMS codes.
 */
const SECRET_QUERY_KEY_NAMES = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'ticket',
  // WeChat's cgi-bin/token and code exchange carry the app secret in the query (decision 069; the stand-in's
  // requests reach the access log through app.inject).
  'secret',
  'sign',
  'sig',
  'signature',
  'policy',
  'password',
  'code',
  'sms_code',
  'verify_code',
  'auth_code',
  'state',
  'scene_id',
  'openid',
  'open_id',
  'unionid',
  'ossaccesskeyid',
  'security-token',
  'expires',
  'x-amz-[a-z-]+',
  'x-oss-[a-z-]+',
];
// A superset of the Referrer-Policy's keys: every capability key is also kept out of the log.
const SECRET_QUERY_KEYS = [...new Set([...CAPABILITY_QUERY_KEYS, ...SECRET_QUERY_KEY_NAMES])];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_KEYS.join('|')})=)[^&#\\s"\\\\]*`, 'gi');

function redactOnce(text: string): string {
  // Cheap tests first: most strings of a log line ("incoming request", "req-1") hold neither.
  let out = text.includes('/') ? text.replace(SECRET_PATH_SEGMENTS, `$1${REDACTED}`) : text;
  if (out.includes('=')) out = out.replace(SECRET_QUERY, `$1${REDACTED}`);
  return out;
}

/** decodeURIComponent that never throws (a malformed escape leaves the text as it is). */
function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request URL as the access log may keep it. A token can also hide percent-encoded inside another
 * parameter (the sandbox checkout's ?return=%2Fpay%2Fadmission-parent%2F…, /loading?r=, /pdf/…), so the
 * URL is decoded (a few rounds, for double encoding) and the decoded form is redacted and logged: the log
 * reader sees a readable address and no secret.
 */
export function redactUrl(url: string): string {
  let out = redactOnce(url);
  for (let round = 0; round < 3 && out.includes('%'); round += 1) {
    const decoded = decodeSafely(out);
    if (decoded === out) break;
    out = redactOnce(decoded);
  }
  return out;
}

/** Bearer credentials and SMS codes written into free text ("您的验证码是123456", "Authorization: Bearer …"). */
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
const SMS_CODE_IN_TEXT = /(验证码[^0-9"\\]{0,12})\d{4,8}/g;

/** Any text that may reach a log line: token paths, secret query values, credentials, phones and ID numbers. */
export function scrubText(text: string): string {
  let out = redactOnce(text);
  if (/bearer/i.test(out)) out = out.replace(BEARER, `$1${REDACTED}`);
  if (out.includes('验证码')) out = out.replace(SMS_CODE_IN_TEXT, `$1${REDACTED}`);
  return maskPersonalNumbers(out);
}

/** A JSON string literal: the quotes and everything between them, escapes included. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * pino's hooks.streamWrite: the finished JSON line, scrubbed string by string. Only the insides of string
 * literals change (numbers such as time and responseTime are never touched), so the line stays valid JSON.
 */
export function scrubLogLine(line: string): string {
  return line.replace(JSON_STRING, scrubText);
}

/*
 * Keys pino replaces wherever a log call passes them: credentials in headers (the request serializer keeps
 * no headers, but a handler may log a headers object), and body fields should a body ever be logged.
 */
const SECRET_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"x-token"', '"x-auth-token"', '"x-access-token"', '"x-sandbox-signature"', '"wechatpay-signature"'];
const SECRET_BODY_KEYS = ['password', 'new_password', 'old_password', 'sms_code', 'verify_code', 'id_number', 'card_number', 'token', 'access_token', 'challenge', 'recovery_code'];
/*
 * Keys too generic to hide wherever they occur, so only a body's: `code` is also an error code (FST_ERR_…) but in
 * a body it is an SMS or TOTP code; `t` is the check-in QR code's signed token (POST /api/student/sign {t}).
 */
const SECRET_BODY_ONLY_KEYS = ['code', 't'];
export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers.${h}`, `res.headers.${h}`, `headers.${h}`, `*.headers.${h}`].map((p) => p.replace(/\.(".*")$/, '[$1]'))),
  ...SECRET_BODY_KEYS.flatMap((k) => [k, `*.${k}`, `body.${k}`, `req.body.${k}`]),
  ...SECRET_BODY_ONLY_KEYS.flatMap((k) => [`body.${k}`, `req.body.${k}`]),
];

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  detail?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: SerializedError;
}

/*
 * A failed query's error (drizzle's DrizzleQueryError) writes "params: …" into its message and stack and
 * keeps them in .params: phones, names, ID numbers, password hashes. The statement stays; its values go.
 */
const SQL_PARAMS = /(\bparams: )[^\n]*/g;

function withoutSqlParams(text: string): string {
  return text.replace(SQL_PARAMS, `$1${REDACTED}`);
}

/**
 * pino's `err` serializer: a fixed set of fields (not every enumerable property, as pino's default does, which
 * would copy a query's parameters or a provider's request), the cause chain three deep.
 */
export function serializeError(err: unknown, depth = 0): SerializedError | unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? withoutSqlParams(err) : err;
  const e = err as Error & Record<string, unknown>;
  const out: SerializedError = { type: e.constructor?.name ?? 'Error', message: withoutSqlParams(e.message) };
  if (e.stack) out.stack = withoutSqlParams(e.stack);
  for (const key of ['code', 'statusCode', 'detail', 'constraint', 'table', 'column'] as const) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1) as SerializedError;
  return out;
}

/**
 * serializeError as Fastify's logger options type it. pino hands the serializer whatever was logged under
 * `err` (several call sites log `err: error.message`, a string, which passes through unchanged); the
 * options' type only speaks of errors.
 */
export const errSerializer = serializeError as (err: Error) => { type: string; message: string; stack: string; [key: string]: unknown };
