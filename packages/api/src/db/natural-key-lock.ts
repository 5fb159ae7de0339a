import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Advisory lock space of creations keyed by their natural key (decision 092); 4111–4114 are taken. */
const NATURAL_KEY_LOCK_SPACE = 4115;

/**
 * Serialises creations of one natural key inside the caller's transaction (released with it): the second of two
 * identical creations sent at once waits, then finds the first one's row and answers as if it came later.
 * For tables whose natural key a unique index cannot express without a migration of existing rows.
 */
export async function lockNaturalKey(tx: Db, entity: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NATURAL_KEY_LOCK_SPACE}, hashtext(${`${entity}:${key}`}))`);
}
