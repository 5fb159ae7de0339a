import { SITE_QR_KINDS, type SiteQrKind } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { insertSettingsIfMissing, readSettings, writeSettingsAudited, type SettingRow } from '../settings/settings.queries.ts';

/** Settings keys of the side helper's QR images (decision 015): `{file: {name, url} | null}`. */
export const SITE_QR_SETTING_KEYS: Record<SiteQrKind, string> = {
  service: 'site.qr.service',
  official: 'site.qr.official',
};

export async function readQrSettings(db: Db): Promise<SettingRow[]> {
  return readSettings(
    db,
    SITE_QR_KINDS.map((k) => SITE_QR_SETTING_KEYS[k]),
  );
}

export async function writeQrSettingAudited(
  db: Db,
  w: { which: SiteQrKind; value: { name: string; url: string } | null; actorId: number; now: Date; before: (rows: SettingRow[]) => unknown },
): Promise<void> {
  await writeSettingsAudited(db, {
    // Wrapped: the column is NOT NULL, and a cleared QR is `{file: null}`.
    values: [{ key: SITE_QR_SETTING_KEYS[w.which], value: { file: w.value } }],
    actorId: w.actorId,
    now: w.now,
    audit: { action: 'site.qr.update', entityId: `qr.${w.which}`, before: w.before, after: { [w.which]: w.value } },
  });
}

/** Contact details shown with the QR codes and quoted by the FAQ (decision 030). */
export const SITE_CONTACT_SETTING_KEY = 'site.contact';

export async function readContactSetting(db: Db): Promise<SettingRow | undefined> {
  const [row] = await readSettings(db, [SITE_CONTACT_SETTING_KEY]);
  return row;
}

export async function insertContactIfMissing(db: Db, value: unknown, now: Date): Promise<void> {
  await insertSettingsIfMissing(db, [{ key: SITE_CONTACT_SETTING_KEY, value }], now);
}

export async function writeContactAudited(db: Db, w: { value: unknown; actorId: number; now: Date; before: (rows: SettingRow[]) => unknown }): Promise<void> {
  await writeSettingsAudited(db, {
    values: [{ key: SITE_CONTACT_SETTING_KEY, value: w.value }],
    actorId: w.actorId,
    now: w.now,
    audit: { action: 'site.contact.update', entityId: 'contact', before: w.before, after: w.value },
  });
}
