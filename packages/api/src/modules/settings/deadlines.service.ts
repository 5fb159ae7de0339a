import { z } from 'zod';
import {
  DEADLINE_KEYS,
  DEFAULT_DEADLINES,
  deadlineListOf,
  type DeadlineKey,
  type Deadlines,
  type DeadlinesData,
  type DeadlinesUpdateRequest,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { insertSettingsIfMissing, readSettings, writeSettingsAudited, type SettingRow } from './settings.repo.ts';

/** Settings keys: deadline.MRD, deadline.EB1, deadline.EB2, deadline.RD; values are ISO instants. */
export const DEADLINE_SETTING_KEYS: Record<DeadlineKey, string> = {
  MRD: 'deadline.MRD',
  EB1: 'deadline.EB1',
  EB2: 'deadline.EB2',
  RD: 'deadline.RD',
};

const storedInstantSchema = z.iso.datetime({ offset: true });

function deadlinesFrom(rows: SettingRow[]): Deadlines {
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const out = {} as Deadlines;
  for (const key of DEADLINE_KEYS) {
    const stored = byKey.get(DEADLINE_SETTING_KEYS[key]);
    // A hand-edited value that is not an instant is a bug: fail loudly rather than open or close applications.
    out[key] = new Date(stored === undefined ? DEFAULT_DEADLINES[key] : storedInstantSchema.parse(stored)).toISOString();
  }
  return out;
}

/** The four deadlines, seeded with the defaults on first read (every process agrees on the first writer). */
export async function getDeadlines(ctx: Pick<AppContext, 'db' | 'now'>): Promise<Deadlines> {
  const keys = Object.values(DEADLINE_SETTING_KEYS);
  let rows = await readSettings(ctx.db, keys);
  if (rows.length < keys.length) {
    const have = new Set(rows.map((r) => r.key));
    const missing = DEADLINE_KEYS.filter((k) => !have.has(DEADLINE_SETTING_KEYS[k]));
    await insertSettingsIfMissing(
      ctx.db,
      missing.map((k) => ({ key: DEADLINE_SETTING_KEYS[k], value: new Date(DEFAULT_DEADLINES[k]).toISOString() })),
      ctx.now(),
    );
    rows = await readSettings(ctx.db, keys);
  }
  return deadlinesFrom(rows);
}

export async function getDeadlineList(ctx: Pick<AppContext, 'db' | 'now'>): Promise<DeadlinesData> {
  return { items: deadlineListOf(await getDeadlines(ctx)) };
}

/** Admin edit: the body schema has checked all four keys and their order; written with an audit row. */
export async function updateDeadlines(ctx: AppContext, auth: AuthState, input: DeadlinesUpdateRequest): Promise<DeadlinesData> {
  await getDeadlines(ctx);
  const after = {} as Deadlines;
  for (const item of input.items) after[item.key] = new Date(item.deadline).toISOString();
  await writeSettingsAudited(ctx.db, {
    values: DEADLINE_KEYS.map((k) => ({ key: DEADLINE_SETTING_KEYS[k], value: after[k] })),
    actorId: auth.accountId,
    now: ctx.now(),
    audit: { action: 'settings.deadlines.update', entityId: 'deadlines', before: (rows) => deadlinesFrom(rows), after },
  });
  // Pages quote the deadlines through placeholders (decision 019): their cached HTML is stale now.
  ctx.bus.publish({ channel: 'settings-changed' });
  return getDeadlineList(ctx);
}
