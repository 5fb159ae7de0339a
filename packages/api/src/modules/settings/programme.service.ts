import {
  DEFAULT_PROGRAMME_FACTS,
  nextProgrammeFacts,
  storedProgrammeFactsSchema,
  type ProgrammeFacts,
  type ProgrammeFactsUpdateRequest,
  type StoredProgrammeFacts,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { insertSettingsIfMissing, readSettings, writeDerivedSettingsAudited, type SettingRow } from './settings.repo.ts';
import { getFees } from './settings.service.ts';
import { getDeadlines } from './deadlines.service.ts';

/** One settings row holds the facts (decision 029); fees and deadlines keep their own rows. */
export const PROGRAMME_FACTS_KEY = 'programme.facts';

function storedFrom(row: SettingRow | undefined): StoredProgrammeFacts {
  // A hand-edited row that is not a valid record is a bug: fail loudly rather than tell students wrong dates.
  return row ? storedProgrammeFactsSchema.parse(row.value) : DEFAULT_PROGRAMME_FACTS;
}

/** The stored facts, seeded with the demo defaults on first read (every process agrees on the first writer). */
export async function getStoredProgrammeFacts(ctx: Pick<AppContext, 'db' | 'now'>): Promise<StoredProgrammeFacts & { updatedAt: Date | null }> {
  let [row] = await readSettings(ctx.db, [PROGRAMME_FACTS_KEY]);
  if (!row) {
    await insertSettingsIfMissing(ctx.db, [{ key: PROGRAMME_FACTS_KEY, value: DEFAULT_PROGRAMME_FACTS }], ctx.now());
    [row] = await readSettings(ctx.db, [PROGRAMME_FACTS_KEY]);
  }
  return { ...storedFrom(row), updatedAt: row?.updatedBy ? row.updatedAt : null };
}

/** GET /api/programme and the admin read: the facts with the fees and deadlines, in one record. */
export async function getProgrammeFacts(ctx: AppContext): Promise<ProgrammeFacts> {
  const [stored, fees, deadlines] = await Promise.all([getStoredProgrammeFacts(ctx), getFees(ctx), getDeadlines(ctx)]);
  const { updatedAt, ...facts } = stored;
  return {
    ...facts,
    fees: { apply_fen: fees.apply_fen, tuition_fen: fees.tuition_fen },
    deadlines,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

/** Admin edit, audited like the fee and deadline edits; the server stamps the switch time (domain nextProgrammeFacts). */
export async function updateProgrammeFacts(ctx: AppContext, auth: AuthState, input: ProgrammeFactsUpdateRequest): Promise<ProgrammeFacts> {
  await getStoredProgrammeFacts(ctx);
  const now = ctx.now();
  await writeDerivedSettingsAudited(ctx.db, {
    keys: [PROGRAMME_FACTS_KEY],
    derive: (rows) => {
      const before = storedFrom(rows[0]);
      const after = nextProgrammeFacts(before, input, now);
      return { values: [{ key: PROGRAMME_FACTS_KEY, value: after }], before, after };
    },
    actorId: auth.accountId,
    now,
    audit: { action: 'settings.programme.update', entityId: 'programme' },
  });
  // Pages quote the facts through placeholders: their cached HTML is stale now.
  ctx.bus.publish({ channel: 'settings-changed' });
  return getProgrammeFacts(ctx);
}
