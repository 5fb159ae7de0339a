/**
 * Fee plans (docs/decisions/072): a product (tuition today; the other programmes work (decisions 075, 076) adds the week camps) is
 * paid in one go or as a deposit (定金) and a final payment (尾款), each installment with its own due date, a
 * reminder schedule and an overdue rule. Installments are payable purposes of their own (`tuition_deposit`,
 * `tuition_final`), so the single `tuition` order path stays exactly as it was. No I/O.
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { MSG } from './messages.ts';
import { MAX_FEE_FEN, PAYMENT_CURRENCY, type PaymentPurpose } from './payments.ts';
import { TUITION_PAY_DAYS } from './api/admission.ts';
import { requestObjectSchema, timestampSchema } from './api/common.ts';

/** Products that may be split. The other programmes work (decisions 075, 076) appends its programmes here and their purposes to PAYMENT_PURPOSES. */
export const INSTALLMENT_PRODUCTS = ['tuition'] as const;
export type InstallmentProduct = (typeof INSTALLMENT_PRODUCTS)[number];

export const INSTALLMENT_KINDS = ['whole', 'deposit', 'final'] as const;
export type InstallmentKind = (typeof INSTALLMENT_KINDS)[number];

export const INSTALLMENT_KIND_LABELS: Record<InstallmentKind, string> = { whole: '全款', deposit: '定金', final: '尾款' };

/** The purpose an installment of a product is paid under: tuition + deposit → tuition_deposit. */
export function installmentPurpose(product: InstallmentProduct, kind: InstallmentKind): PaymentPurpose {
  return (kind === 'whole' ? product : `${product}_${kind}`) as PaymentPurpose;
}

/** tuition_final → {tuition, final}; apply_fee → null (not a planned product). */
export function installmentOf(purpose: PaymentPurpose): { product: InstallmentProduct; kind: InstallmentKind } | null {
  for (const product of INSTALLMENT_PRODUCTS) {
    if (purpose === product) return { product, kind: 'whole' };
    if (purpose === `${product}_deposit`) return { product, kind: 'deposit' };
    if (purpose === `${product}_final`) return { product, kind: 'final' };
  }
  return null;
}

/** What happens to an installment still unpaid after its due date (applied once by the daily job). */
export const OVERDUE_RULES = ['remind_only', 'close_and_mark', 'release_place'] as const;
export type OverdueRule = (typeof OVERDUE_RULES)[number];
export const OVERDUE_RULE_LABELS: Record<OverdueRule, string> = {
  remind_only: '仅提醒',
  close_and_mark: '关闭未付订单并标记逾期',
  release_place: '撤销录取名额',
};

/**
 * What a student whose installment is 已逾期 reads about what happens now, by the fee plan's overdue rule (decision
 * 072; the wording, decision 084). Shown beside the 已逾期 mark on the tuition pages.
 */
export const OVERDUE_CONSEQUENCES: Record<OverdueRule, string> = {
  remind_only: '缴费截止时间已过。目前仍可继续支付，请尽快完成缴费；如需延期，请联系项目组。',
  close_and_mark: '缴费截止时间已过，在线支付已关闭。请联系项目组办理延期后再支付。',
  release_place: '缴费截止时间已过，项目组将撤销你的录取名额并短信通知你。如已付款或需要延期，请立即联系项目组。',
};

const DAY_MS = 24 * 60 * 60_000;
const BEIJING_MS = 8 * 3_600_000;

// Schemas ------------------------------------------------------------------------------------------------------

export const dueRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('after_offer'), days: z.number({ error: MSG.FEE_PLAN_DUE_INVALID }).int({ error: MSG.FEE_PLAN_DUE_INVALID }).min(1, { error: MSG.FEE_PLAN_DUE_INVALID }).max(365, { error: MSG.FEE_PLAN_DUE_INVALID }) }),
    z.object({ kind: z.literal('date'), at: z.iso.datetime({ offset: true, error: MSG.DUE_AT_INVALID }) }),
  ],
  { error: MSG.FEE_PLAN_DUE_INVALID },
);
export type DueRule = z.infer<typeof dueRuleSchema>;

const planFenSchema = z
  .number({ error: MSG.FEE_INVALID })
  .int({ error: MSG.FEE_INVALID })
  .min(1, { error: MSG.FEE_INVALID })
  .max(MAX_FEE_FEN, { error: MSG.FEE_INVALID });

const reminderDaysSchema = z
  .array(z.number({ error: MSG.FEE_PLAN_REMINDER_INVALID }).int({ error: MSG.FEE_PLAN_REMINDER_INVALID }).min(0, { error: MSG.FEE_PLAN_REMINDER_INVALID }).max(60, { error: MSG.FEE_PLAN_REMINDER_INVALID }), {
    error: MSG.FEE_PLAN_REMINDER_INVALID,
  })
  .max(10, { error: MSG.FEE_PLAN_REMINDER_INVALID });

const feePlanShape = {
  mode: z.enum(['whole', 'split'], { error: MSG.FEE_PLAN_MODE_REQUIRED }),
  /** Due date of the whole payment (the offer's pay_by). */
  whole_due: dueRuleSchema,
  /** Split mode: the deposit; the final payment is the fee minus the deposit minus any aid. */
  deposit_fen: planFenSchema,
  deposit_due: dueRuleSchema,
  final_due: dueRuleSchema,
  /** Days before a due date a reminder goes out (Beijing calendar days), e.g. [7, 3, 1]. */
  reminder_days: reminderDaysSchema,
  overdue_rule: z.enum(OVERDUE_RULES, { error: MSG.FEE_PLAN_RULE_REQUIRED }),
};

// GET and PUT /api/admin/settings/fee-plan ----------------------------------------------------------------------
export const feePlanUpdateRequestSchema = requestObjectSchema(feePlanShape);
export type FeePlanUpdateRequest = z.infer<typeof feePlanUpdateRequestSchema>;
export const feePlanSchema = z.object({ ...feePlanShape, updated_at: timestampSchema.nullable() });
export type FeePlan = z.infer<typeof feePlanSchema>;
export const feePlanResponseSchema = envelopeSchema(feePlanSchema);

export const DEFAULT_FEE_PLAN: Omit<FeePlan, 'updated_at'> = {
  mode: 'whole',
  whole_due: { kind: 'after_offer', days: TUITION_PAY_DAYS },
  deposit_fen: 500_000,
  deposit_due: { kind: 'after_offer', days: 7 },
  final_due: { kind: 'after_offer', days: TUITION_PAY_DAYS },
  reminder_days: [7, 3, 1],
  overdue_rule: 'remind_only',
};

// PUT /api/admin/students/:userId/due-date -----------------------------------------------------------------------
export const dueDateExtendRequestSchema = requestObjectSchema({
  purpose: z.enum(['tuition', 'tuition_deposit', 'tuition_final'], { error: MSG.PAY_PURPOSE_REQUIRED }),
  due_at: z.iso.datetime({ offset: true, error: MSG.DUE_AT_INVALID }),
  reason: z.string({ error: MSG.DUE_REASON_REQUIRED }).trim().min(1, { error: MSG.DUE_REASON_REQUIRED }).max(200, { error: MSG.DUE_REASON_REQUIRED }),
});
export type DueDateExtendRequest = z.infer<typeof dueDateExtendRequestSchema>;
/** PUT /api/admin/programmes/:code/applications/:id/due-date: another programme's installment (decision 090). */
export const programmeDueDateExtendRequestSchema = requestObjectSchema({
  purpose: z.enum(['programme_whole', 'programme_deposit', 'programme_final'], { error: MSG.PAY_PURPOSE_REQUIRED }),
  due_at: z.iso.datetime({ offset: true, error: MSG.DUE_AT_INVALID }),
  reason: z.string({ error: MSG.DUE_REASON_REQUIRED }).trim().min(1, { error: MSG.DUE_REASON_REQUIRED }).max(200, { error: MSG.DUE_REASON_REQUIRED }),
});
export type ProgrammeDueDateExtendRequest = z.infer<typeof programmeDueDateExtendRequestSchema>;
export const dueDateParamsSchema = z.object({ userId: z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).positive({ error: MSG.PARAM_INVALID }) });
export const dueDateExtensionSchema = z.object({ user_id: z.number().int(), purpose: z.string(), due_at: timestampSchema, reason: z.string() });

// GET /api/student/payment/plan ---------------------------------------------------------------------------------
export const INSTALLMENT_STATUSES = ['unpaid', 'paid', 'overdue'] as const;
export type InstallmentStatus = (typeof INSTALLMENT_STATUSES)[number];
export const INSTALLMENT_STATUS_LABELS: Record<InstallmentStatus, string> = { unpaid: '待支付', paid: '已支付', overdue: '已逾期' };

export const installmentSchema = z.object({
  purpose: z.string(),
  kind: z.enum(INSTALLMENT_KINDS),
  label: z.string(),
  /** What this installment charges after aid (0: covered by aid, counts as paid). */
  amount_fen: z.number().int().nonnegative(),
  due_at: timestampSchema,
  /** An admin moved this student's due date. */
  extended: z.boolean(),
  status: z.enum(INSTALLMENT_STATUSES),
  paid_at: timestampSchema.nullable(),
  /** Whether a 支付 button works now (earlier installments paid, not blocked as overdue). */
  payable: z.boolean(),
});
export type Installment = z.infer<typeof installmentSchema>;
export const paymentPlanSchema = z.object({
  mode: z.enum(['whole', 'split']),
  currency: z.literal(PAYMENT_CURRENCY),
  installments: z.array(installmentSchema),
  /** The next installment to pay (what the parent link pays), or null when all are paid. */
  next_purpose: z.string().nullable(),
  overdue_rule: z.enum(OVERDUE_RULES),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

// GET /api/admin/students/:userId/dues and GET /api/admin/programmes/:code/applications/:id/dues ----------------
/** One installment as staff see it beside 延长缴费期限 (money.settings): the due date in force and whether it was moved. */
export const staffDueSchema = installmentSchema.omit({ kind: true, payable: true });
export type StaffDue = z.infer<typeof staffDueSchema>;
/** Empty when nothing is owed yet (no released offer or admission, or a free programme). */
export const staffDuesSchema = z.object({ installments: z.array(staffDueSchema) });
export type StaffDues = z.infer<typeof staffDuesSchema>;

// Rules ---------------------------------------------------------------------------------------------------------

/** The due instant of a rule: a fixed date, or release + n days (the end of that Beijing day is not used: same clock time). */
export function dueAtOf(rule: DueRule, releasedAt: Date): Date {
  return rule.kind === 'date' ? new Date(rule.at) : new Date(releasedAt.getTime() + rule.days * DAY_MS);
}

export interface PlannedInstallment {
  purpose: PaymentPurpose;
  kind: InstallmentKind;
  feeFen: number;
  owedFen: number;
  dueAt: Date;
}

/**
 * The installments a student owes. Aid comes off the final payment first, then the deposit (a student granted
 * aid still secures the place with the deposit). Like amountAfterAidFen, a fully covered fee still leaves one
 * fen on the last installment, so "paid" always has an order behind it.
 */
export function planInstallments(
  plan: Pick<FeePlan, 'mode' | 'whole_due' | 'deposit_fen' | 'deposit_due' | 'final_due'>,
  input: { product: InstallmentProduct; feeFen: number; aidFen: number; releasedAt: Date },
): PlannedInstallment[] {
  const aid = Math.max(0, Math.min(input.aidFen, input.feeFen));
  if (plan.mode === 'whole' || plan.deposit_fen >= input.feeFen) {
    return [{ purpose: installmentPurpose(input.product, 'whole'), kind: 'whole', feeFen: input.feeFen, owedFen: Math.max(1, input.feeFen - aid), dueAt: dueAtOf(plan.whole_due, input.releasedAt) }];
  }
  const depositFee = plan.deposit_fen;
  const finalFee = input.feeFen - depositFee;
  let finalOwed = Math.max(0, finalFee - aid);
  const depositOwed = Math.max(0, depositFee - Math.max(0, aid - finalFee));
  if (finalOwed + depositOwed === 0) finalOwed = 1;
  return [
    { purpose: installmentPurpose(input.product, 'deposit'), kind: 'deposit', feeFen: depositFee, owedFen: depositOwed, dueAt: dueAtOf(plan.deposit_due, input.releasedAt) },
    { purpose: installmentPurpose(input.product, 'final'), kind: 'final', feeFen: finalFee, owedFen: finalOwed, dueAt: dueAtOf(plan.final_due, input.releasedAt) },
  ];
}

/** Whole Beijing calendar days from `now` to `due` (0 on the due day itself, negative after it). */
export function beijingDaysUntil(now: Date, due: Date): number {
  const day = (d: Date) => Math.floor((d.getTime() + BEIJING_MS) / DAY_MS);
  return day(due) - day(now);
}

/** "2026年7月1日 23:59": due dates in messages and on the letter. */
export function beijingDueText(d: Date): string {
  const b = new Date(d.getTime() + BEIJING_MS);
  return `${b.getUTCFullYear()}年${b.getUTCMonth() + 1}月${b.getUTCDate()}日 ${String(b.getUTCHours()).padStart(2, '0')}:${String(b.getUTCMinutes()).padStart(2, '0')}`;
}
