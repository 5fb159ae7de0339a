import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AppError,
  DEFAULT_SITE_CONTACT,
  MSG,
  siteContactSchema,
  UPLOAD_READ_TTL_SECONDS,
  fileKeyOf,
  uploadedFileSchema,
  type SiteConfig,
  type SiteContact,
  type SiteQrKind,
  type SiteQrSettings,
  type SiteQrUpdateRequest,
} from '@summit/domain';
import type { Env } from '../../env.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import type { StorageProvider } from '../../providers/storage/storage-provider.ts';
import type { SettingRow } from '../settings/settings.queries.ts';
import { getDeadlines } from '../settings/deadlines.service.ts';
import { findUploadByKey } from '../storage/storage.queries.ts';
import { isAttachableUpload } from '../storage/storage.service.ts';
import {
  SITE_QR_SETTING_KEYS,
  insertContactIfMissing,
  readContactSetting,
  readQrSettings,
  writeContactAudited,
  writeQrSettingAudited,
} from './site.repo.ts';

/** "Amc.Summit.cn:8443" → "amc.summit.cn"; "[::1]:3000" → "[::1]". */
export function normaliseHost(host: string | undefined): string {
  const lower = (host ?? '').trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.replace(/:\d*$/, '');
}

/** The AMC variant: a host of AMC_HOSTS, or any host whose name starts with "amc." (decision 015). */
export function isAmcHost(env: Pick<Env, 'AMC_HOSTS'>, host: string | undefined): boolean {
  const name = normaliseHost(host);
  return name.startsWith('amc.') || env.AMC_HOSTS.includes(name);
}

export function isNonProductionHost(env: Pick<Env, 'NON_PRODUCTION_HOSTS'>, host: string | undefined): boolean {
  return env.NON_PRODUCTION_HOSTS.includes(normaliseHost(host));
}

export async function getSiteConfig(ctx: AppContext, host: string | undefined): Promise<SiteConfig> {
  const now = ctx.now();
  const deadlines = await getDeadlines(ctx);
  return {
    amc: isAmcHost(ctx.env, host),
    non_production: isNonProductionHost(ctx.env, host),
    enrolment_over: now.getTime() > new Date(deadlines.RD).getTime(),
    server_time: now.getTime(),
  };
}

/** Compares digests so neither the length nor the first differing byte shows in the time taken. */
function samePassword(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** The tester gate's password check; the web keeps the resulting tester flag (docs/product/data.md), the server keeps nothing. */
export function checkTesterPassword(env: Pick<Env, 'TESTER_PASSWORD'>, password: string): { tester: true } {
  if (!env.TESTER_PASSWORD) throw AppError.message(MSG.TESTER_GATE_OFF);
  if (!samePassword(password, env.TESTER_PASSWORD)) throw AppError.param('password', MSG.TESTER_PASSWORD_WRONG);
  return { tester: true };
}

function qrFrom(rows: SettingRow[], which: SiteQrKind) {
  const row = rows.find((r) => r.key === SITE_QR_SETTING_KEYS[which]);
  const parsed = uploadedFileSchema.safeParse((row?.value as { file?: unknown } | undefined)?.file);
  return parsed.success ? parsed.data : null;
}

function qrSettingsFrom(rows: SettingRow[]): SiteQrSettings {
  return { service: qrFrom(rows, 'service'), official: qrFrom(rows, 'official') };
}

export async function getQrSettings(ctx: AppContext): Promise<SiteQrSettings> {
  return qrSettingsFrom(await readQrSettings(ctx.db));
}

const QR_CONTENT_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * Sets (or clears) a QR image. The file must be an image this admin uploaded: a QR is served to everyone,
 * so it may never point at a student's private upload.
 */
export async function updateQr(ctx: AppContext, auth: AuthState, input: SiteQrUpdateRequest): Promise<SiteQrSettings> {
  if (input.file) {
    const key = fileKeyOf(input.file.url);
    const row = key ? await findUploadByKey(ctx.db, key) : undefined;
    const attachable = await isAttachableUpload(ctx, auth.role, auth.accountId, input.file.url);
    if (!row || !attachable || !QR_CONTENT_TYPES.has(row.contentType)) throw AppError.param('file', MSG.SITE_QR_FILE_INVALID);
  }
  const value = input.file ? { name: input.file.name, url: input.file.url } : null;
  await writeQrSettingAudited(ctx.db, {
    which: input.which,
    value,
    actorId: auth.accountId,
    now: ctx.now(),
    before: (rows) => ({ [input.which]: qrFrom(rows, input.which) }),
  });
  return getQrSettings(ctx);
}

export type QrAnswer =
  | { kind: 'placeholder'; svg: string }
  | { kind: 'stream'; stream: Readable; sizeBytes: number; contentType: string }
  | { kind: 'redirect'; url: string };

const QR_LABELS: Record<SiteQrKind, string> = { service: '在线客服', official: '关注公众号' };

/** Shown until an admin uploads the real code: a neutral frame that says what will be here. */
export function placeholderQrSvg(which: SiteQrKind): string {
  const label = QR_LABELS[which];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${label}二维码（待上传）"><rect width="240" height="240" rx="16" fill="#f6f1ea"/><rect x="28" y="28" width="184" height="184" rx="8" fill="none" stroke="#8c1d2c" stroke-width="4" stroke-dasharray="10 8"/><text x="120" y="114" text-anchor="middle" font-family="PingFang SC, Microsoft YaHei, Noto Sans SC, sans-serif" font-size="22" fill="#8c1d2c">${label}</text><text x="120" y="146" text-anchor="middle" font-family="PingFang SC, Microsoft YaHei, Noto Sans SC, sans-serif" font-size="15" fill="#6b5e55">二维码即将上线</text></svg>`;
}

export async function readQr(ctx: AppContext, storage: StorageProvider, which: SiteQrKind): Promise<QrAnswer> {
  const file = qrFrom(await readQrSettings(ctx.db), which);
  const key = file ? fileKeyOf(file.url) : null;
  const row = key ? await findUploadByKey(ctx.db, key) : undefined;
  if (!key || !row) return { kind: 'placeholder', svg: placeholderQrSvg(which) };
  if (storage.kind === 'remote') {
    return { kind: 'redirect', url: await storage.signedReadUrl(key, { downloadName: row.fileName, contentType: row.contentType, expiresInSeconds: UPLOAD_READ_TTL_SECONDS }) };
  }
  const opened = await storage.openRead(key);
  // A file removed from the disk behind our back: the placeholder, not a 500.
  if (!opened) return { kind: 'placeholder', svg: placeholderQrSvg(which) };
  return { kind: 'stream', stream: opened.stream, sizeBytes: opened.sizeBytes, contentType: row.contentType };
}


function contactFrom(row: SettingRow | undefined): SiteContact {
  // A hand-edited row that is not valid falls back to nothing quotable: fail loudly, as fees and deadlines do.
  return row ? siteContactSchema.parse(row.value) : DEFAULT_SITE_CONTACT;
}

/** The contact details, seeded with the demo's on first read (every process agrees on the first writer). */
export async function getContact(ctx: Pick<AppContext, 'db' | 'now'>): Promise<SiteContact> {
  let row = await readContactSetting(ctx.db);
  if (!row) {
    await insertContactIfMissing(ctx.db, DEFAULT_SITE_CONTACT, ctx.now());
    row = await readContactSetting(ctx.db);
  }
  return contactFrom(row);
}

/** Admin edit, audited; the FAQ quotes the details through placeholders, so its cached HTML is dropped. */
export async function updateContact(ctx: AppContext, auth: AuthState, input: SiteContact): Promise<SiteContact> {
  await getContact(ctx);
  await writeContactAudited(ctx.db, { value: input, actorId: auth.accountId, now: ctx.now(), before: (rows) => contactFrom(rows[0]) });
  ctx.bus.publish({ channel: 'settings-changed' });
  return getContact(ctx);
}
