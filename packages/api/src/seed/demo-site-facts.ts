/**
 * The demo programme's facts and contact channel (decisions 029 and 030): the programme
 * record (online from the start, so nobody is shown the offline-to-online notice), the contact details, and
 * two real, scannable QR codes for 在线客服 and 关注公众号, stored through the storage provider exactly as an
 * admin's upload is (an `uploads` row owned by the demo admin, then the QR setting pointing at it).
 *
 * Idempotent and safe to repeat after an interrupted start: each value is written only when its setting is
 * missing (first writer wins), and a QR setting is written only after its file and upload row are committed.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { DEFAULT_PROGRAMME_FACTS, DEFAULT_SITE_CONTACT, FILE_URL_PREFIX, SITE_QR_KINDS, type SiteQrKind } from '@summit/domain';
import type { AppContext } from '../http/context.ts';
import { accounts } from '../db/schema.ts';
import { createStorageProvider } from '../providers/storage/create-storage-provider.ts';
import type { StorageProvider } from '../providers/storage/storage-provider.ts';
import { insertSettingsIfMissing, readSettings } from '../modules/settings/settings.repo.ts';
import { PROGRAMME_FACTS_KEY } from '../modules/settings/programme.service.ts';
import { SITE_CONTACT_SETTING_KEY, SITE_QR_SETTING_KEYS } from '../modules/site/site.repo.ts';
import { insertUpload, markUploadStored } from '../modules/storage/storage.repo.ts';
import { getUploadSecret } from '../modules/storage/storage.service.ts';

/**
 * What the demo codes encode: a WeChat contact link for the service account's WeChat ID and the official
 * account's follow link. Stand-ins an admin replaces by uploading the programme's real codes.
 */
export function demoQrText(which: SiteQrKind): string {
  return which === 'service' ? `https://u.wechat.com/${DEFAULT_SITE_CONTACT.wechat_id}` : 'https://weixin.qq.com/r/SummitAcademyOfficial';
}

const QR_FILE_NAMES: Record<SiteQrKind, string> = { service: 'summit-service-qr.png', official: 'summit-official-qr.png' };

export function demoQrPng(which: SiteQrKind): Promise<Buffer> {
  return QRCode.toBuffer(demoQrText(which), { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });
}

async function firstAdminId(ctx: Pick<AppContext, 'db'>): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.role, 'teacher'), eq(accounts.isAdmin, true)))
    .orderBy(asc(accounts.id))
    .limit(1);
  return row?.id ?? null;
}

/** Stores one PNG under the admin's prefix like an admin upload; returns its platform address. */
async function storeQr(ctx: Pick<AppContext, 'db' | 'now'>, storage: StorageProvider, adminId: number, which: SiteQrKind): Promise<string | null> {
  // A remote bucket is written by the browser through a signed POST; there is no server-side put to reuse.
  if (storage.kind !== 'local') return null;
  const png = await demoQrPng(which);
  const name = QR_FILE_NAMES[which];
  const key = `teacher/${adminId}/${randomBytes(16).toString('hex')}/${name}`;
  const now = ctx.now();
  const received = await storage.receive(Readable.from(png), { key, contentType: 'image/png', minBytes: 1, maxBytes: png.length });
  await insertUpload(ctx.db, { ownerId: adminId, key, fileName: name, contentType: 'image/png', maxBytes: png.length, provider: storage.id, expiresAt: now, createdAt: now });
  await markUploadStored(ctx.db, key, received.sizeBytes, now);
  await storage.commit(received.tempPath, key);
  return `${FILE_URL_PREFIX}${key}`;
}

/** Seeds what is missing; returns the QR kinds it stored this time. */
export async function seedDemoSiteFacts(ctx: Pick<AppContext, 'db' | 'env' | 'now'>, options: { storage?: StorageProvider } = {}): Promise<SiteQrKind[]> {
  const now = ctx.now();
  await insertSettingsIfMissing(
    ctx.db,
    [
      { key: PROGRAMME_FACTS_KEY, value: DEFAULT_PROGRAMME_FACTS },
      { key: SITE_CONTACT_SETTING_KEY, value: DEFAULT_SITE_CONTACT },
    ],
    now,
  );
  const adminId = await firstAdminId(ctx);
  if (adminId === null) return [];
  const storage = options.storage ?? createStorageProvider(ctx.env, { localSecret: () => getUploadSecret(ctx) });
  const present = new Set((await readSettings(ctx.db, SITE_QR_KINDS.map((k) => SITE_QR_SETTING_KEYS[k]))).map((r) => r.key));
  const stored: SiteQrKind[] = [];
  for (const which of SITE_QR_KINDS) {
    if (present.has(SITE_QR_SETTING_KEYS[which])) continue;
    const url = await storeQr(ctx, storage, adminId, which);
    if (!url) continue;
    await insertSettingsIfMissing(ctx.db, [{ key: SITE_QR_SETTING_KEYS[which], value: { file: { name: QR_FILE_NAMES[which], url } } }], now);
    stored.push(which);
  }
  return stored;
}
