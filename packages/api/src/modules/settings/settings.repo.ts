import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { settings } from '../../db/schema-payments.ts';

export type SettingRow = typeof settings.$inferSelect;

export async function readSettings(db: Db, keys: readonly string[]): Promise<SettingRow[]> {
  return db.select().from(settings).where(inArray(settings.key, [...keys]));
}

/** First writer wins: several processes seeding the same default (or secret) agree on one value. */
export async function insertSettingsIfMissing(db: Db, values: ReadonlyArray<{ key: string; value: unknown }>, now: Date): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(settings)
    .values(values.map((v) => ({ key: v.key, value: v.value, updatedAt: now })))
    .onConflictDoNothing({ target: settings.key });
}

export interface AuditedSettingsWrite {
  values: ReadonlyArray<{ key: string; value: unknown }>;
  actorId: number;
  now: Date;
  audit: { action: string; entityId: string; before: (rows: SettingRow[]) => unknown; after: unknown };
}

/**
 * A write whose new values depend on the current ones (e.g. a time stamped only on a change of mode): `derive`
 * runs on the locked rows of `keys`, so two admins saving at once cannot both see the old value.
 */
export interface DerivedSettingsWrite {
  keys: readonly string[];
  derive: (current: SettingRow[]) => { values: ReadonlyArray<{ key: string; value: unknown }>; before: unknown; after: unknown };
  actorId: number;
  now: Date;
  audit: { action: string; entityId: string };
}

export async function writeDerivedSettingsAudited(db: Db, w: DerivedSettingsWrite): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx.select().from(settings).where(inArray(settings.key, [...w.keys])).for('update');
    const next = w.derive(current);
    for (const v of next.values) {
      await tx
        .insert(settings)
        .values({ key: v.key, value: v.value, updatedAt: w.now, updatedBy: w.actorId })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: w.now, updatedBy: w.actorId } });
    }
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: w.audit.action,
      entity: 'settings',
      entityId: w.audit.entityId,
      before: next.before,
      after: next.after,
      createdAt: w.now,
    });
  });
}

/** Writes settings and their audit_log row in one transaction; the rows are locked while "before" is read. */
export function writeSettingsAudited(db: Db, w: AuditedSettingsWrite): Promise<void> {
  return writeDerivedSettingsAudited(db, {
    keys: w.values.map((v) => v.key),
    actorId: w.actorId,
    now: w.now,
    audit: { action: w.audit.action, entityId: w.audit.entityId },
    derive: (current) => ({ values: w.values, before: w.audit.before(current), after: w.audit.after }),
  });
}
