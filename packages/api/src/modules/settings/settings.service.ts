import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_FEES_FEN, PAYMENT_CURRENCY, type FeeSettings, type FeeSettingsUpdateRequest } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { insertSettingsIfMissing, readSettings, writeSettingsAudited, type SettingRow } from './settings.repo.ts';

export const FEE_KEYS = { apply_fen: 'fee.apply_fen', tuition_fen: 'fee.tuition_fen' } as const;
const SANDBOX_SECRET_KEY = 'sandbox.pay_secret';

const feeValueSchema = z.number().int().positive();

function feesFrom(rows: SettingRow[]): FeeSettings {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const value = (field: keyof typeof FEE_KEYS) => {
    const row = byKey.get(FEE_KEYS[field]);
    // A stored value that is not a positive integer is a bug or a manual edit: fail loudly, never charge it.
    return row ? feeValueSchema.parse(row.value) : DEFAULT_FEES_FEN[field];
  };
  const latest = rows.reduce<SettingRow | null>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), null);
  return {
    apply_fen: value('apply_fen'),
    tuition_fen: value('tuition_fen'),
    currency: PAYMENT_CURRENCY,
    updated_at: latest?.updatedBy ? latest.updatedAt.toISOString() : null,
    updated_by: latest?.updatedBy ?? null,
  };
}

/** Fees from the settings table, seeded with the defaults on first read (so admins see what students pay). */
export async function getFees(ctx: AppContext): Promise<FeeSettings> {
  const keys = Object.values(FEE_KEYS);
  let rows = await readSettings(ctx.db, keys);
  if (rows.length < keys.length) {
    const have = new Set(rows.map((r) => r.key));
    const missing = (Object.keys(FEE_KEYS) as Array<keyof typeof FEE_KEYS>).filter((f) => !have.has(FEE_KEYS[f]));
    await insertSettingsIfMissing(ctx.db, missing.map((f) => ({ key: FEE_KEYS[f], value: DEFAULT_FEES_FEN[f] })), ctx.now());
    rows = await readSettings(ctx.db, keys);
  }
  return feesFrom(rows);
}

export async function updateFees(ctx: AppContext, auth: AuthState, input: FeeSettingsUpdateRequest): Promise<FeeSettings> {
  await getFees(ctx);
  await writeSettingsAudited(ctx.db, {
    values: [
      { key: FEE_KEYS.apply_fen, value: input.apply_fen },
      { key: FEE_KEYS.tuition_fen, value: input.tuition_fen },
    ],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: {
      action: 'settings.fees.update',
      entityId: 'fees',
      before: (rows) => {
        const before = feesFrom(rows);
        return { apply_fen: before.apply_fen, tuition_fen: before.tuition_fen };
      },
      after: { apply_fen: input.apply_fen, tuition_fen: input.tuition_fen },
    },
  });
  // Pages quote the fees through placeholders (decision 019): their cached HTML is stale now, in every process.
  ctx.bus.publish({ channel: 'settings-changed' });
  return getFees(ctx);
}

/**
 * A secret shared by every process: the configured value, else one random value made by whichever process asks
 * first and kept in the settings table, so a signature made by one process behind a load balancer verifies in
 * another.
 */
export async function getSharedSecret(ctx: Pick<AppContext, 'db' | 'now'>, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const read = async () => {
    const [row] = await readSettings(ctx.db, [key]);
    return typeof row?.value === 'string' ? row.value : null;
  };
  const existing = await read();
  if (existing) return existing;
  await insertSettingsIfMissing(ctx.db, [{ key, value: randomBytes(32).toString('hex') }], ctx.now());
  const stored = await read();
  if (!stored) throw new Error(`shared secret ${key} could not be stored`);
  return stored;
}

/** The sandbox checkout's HMAC secret (SANDBOX_PAY_SECRET or a shared random one). */
export function getSandboxSecret(ctx: Pick<AppContext, 'db' | 'env' | 'now'>): Promise<string> {
  return getSharedSecret(ctx, SANDBOX_SECRET_KEY, ctx.env.SANDBOX_PAY_SECRET);
}
