import { z } from 'zod';
import { DEFAULT_REFUND_POLICY, type RefundPolicy, type RefundPolicyUpdateRequest, type RefundPolicyView } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { insertSettingsIfMissing, readSettings, writeSettingsAudited, type SettingRow } from '../settings/settings.queries.ts';

/** One settings row holds the whole policy, so an edit is one audited write (decision 068). */
export const REFUND_POLICY_KEY = 'refund.policy';

const storedPolicySchema = z.object({
  deadline: z.string().nullable(),
  deductions: z.array(z.object({ label: z.string(), fen: z.number().int().positive() })),
  approval_threshold_fen: z.number().int().min(0),
});

function policyFrom(row: SettingRow | undefined): RefundPolicyView {
  // A stored value of the wrong shape is a bug or a manual edit: fail loudly rather than refund under a guess.
  const policy: RefundPolicy = row ? storedPolicySchema.parse(row.value) : DEFAULT_REFUND_POLICY;
  return {
    deadline: policy.deadline,
    deductions: policy.deductions,
    approval_threshold_fen: policy.approval_threshold_fen,
    updated_at: row?.updatedBy ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedBy ?? null,
  };
}

export async function getRefundPolicy(ctx: Pick<AppContext, 'db' | 'now'>): Promise<RefundPolicyView> {
  let rows = await readSettings(ctx.db, [REFUND_POLICY_KEY]);
  if (rows.length === 0) {
    await insertSettingsIfMissing(ctx.db, [{ key: REFUND_POLICY_KEY, value: DEFAULT_REFUND_POLICY }], ctx.now());
    rows = await readSettings(ctx.db, [REFUND_POLICY_KEY]);
  }
  return policyFrom(rows[0]);
}

export function policyOf(view: RefundPolicyView): RefundPolicy {
  return { deadline: view.deadline, deductions: view.deductions, approval_threshold_fen: view.approval_threshold_fen };
}

export async function updateRefundPolicy(ctx: AppContext, auth: AuthState, input: RefundPolicyUpdateRequest): Promise<RefundPolicyView> {
  await getRefundPolicy(ctx);
  const next: RefundPolicy = {
    deadline: input.deadline ? new Date(input.deadline).toISOString() : null,
    deductions: input.deductions.map((d) => ({ label: d.label, fen: d.fen })),
    approval_threshold_fen: input.approval_threshold_fen,
  };
  await writeSettingsAudited(ctx.db, {
    values: [{ key: REFUND_POLICY_KEY, value: next }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: {
      action: 'settings.refund_policy.update',
      entityId: 'refund_policy',
      before: (rows) => policyOf(policyFrom(rows.find((r) => r.key === REFUND_POLICY_KEY))),
      after: next,
    },
  });
  return getRefundPolicy(ctx);
}
