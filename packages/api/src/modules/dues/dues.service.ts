/**
 * Fee plans, due dates, reminders and overdue rules (docs/decisions/072). The plan is data in
 * the settings table; installments are payable purposes (tuition_deposit, tuition_final) that reuse the order
 * machinery; the daily durable job sends reminders and applies the overdue rule exactly once per installment.
 */
import {
  AppError,
  DEFAULT_FEE_PLAN,
  INSTALLMENT_KIND_LABELS,
  MSG,
  OVERDUE_RULE_LABELS,
  PAYMENT_CURRENCY,
  PAYMENT_PURPOSE_LABELS,
  STATUS,
  amountAfterAidFen,
  beijingDaysUntil,
  beijingDueText,
  fenToYuanString,
  feePlanUpdateRequestSchema,
  planInstallments,
  type DueDateExtendRequest,
  type FeePlan,
  type FeePlanUpdateRequest,
  type FeeSettings,
  type InstallmentStatus,
  type PaymentPlan,
  type PaymentPurpose,
  type StaffDues,
} from '@summit/domain';
import type { Db } from '../../db/client.ts';
import type { AppContext, AuthState } from '../../http/context.ts';
import { recordAudit } from '../audit/audit-write.ts';
import { withdrawForNonPayment } from '../admissions/admissions.service.ts';
import { registerJobHandler, scheduleJob } from '../jobs/job-runner.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { runDuesPasses } from '../payments/dues-passes.ts';
import { applyPaymentEvent, closeEvent } from '../payments/payment-events.service.ts';
import { findGrantedAidFen, findPaidAtByPurpose } from '../payments/payments.queries.ts';
import { getFees } from '../settings/settings.service.ts';
import { readSettings, writeSettingsAudited } from '../settings/settings.queries.ts';
import { claimOverdue, findOfferReleasedAt, listDues, listOpenOrders, listUnpaidOfferHolders, upsertExtensionAudited } from './dues.repo.ts';

export const FEE_PLAN_KEY = 'fee.plan';

// The plan (admin settings) -----------------------------------------------------------------------------------

export async function getFeePlan(ctx: Pick<AppContext, 'db'>): Promise<FeePlan> {
  const [row] = await readSettings(ctx.db, [FEE_PLAN_KEY]);
  if (!row) return { ...DEFAULT_FEE_PLAN, updated_at: null };
  // A stored plan that no longer parses is a bug or a manual edit: fail loudly rather than charge a guess.
  const plan = feePlanUpdateRequestSchema.parse(row.value);
  return { ...plan, updated_at: row.updatedAt.toISOString() };
}

export async function updateFeePlan(ctx: AppContext, auth: AuthState, input: FeePlanUpdateRequest): Promise<FeePlan> {
  const fees = await getFees(ctx);
  if (input.mode === 'split' && input.deposit_fen >= fees.tuition_fen) throw AppError.param('deposit_fen', MSG.FEE_PLAN_DEPOSIT_TOO_LARGE);
  const value = { ...input, reminder_days: [...new Set(input.reminder_days)].sort((a, b) => b - a) };
  await writeSettingsAudited(ctx.db, {
    values: [{ key: FEE_PLAN_KEY, value }],
    actorId: auth.accountId,
    now: ctx.now(),
    audit: {
      action: 'settings.fee_plan.update',
      entityId: 'fee_plan',
      before: (rows) => rows.find((r) => r.key === FEE_PLAN_KEY)?.value ?? DEFAULT_FEE_PLAN,
      after: value,
    },
  });
  ctx.bus.publish({ channel: 'settings-changed' });
  return getFeePlan(ctx);
}

// What a student owes -------------------------------------------------------------------------------------------

/**
 * What a student owes (decisions 011, 012): the fees, the financial aid an admin granted (at most the tuition
 * fee) and the tuition due after it. The tuition order, the offer letter and the payment pages all read it.
 */
export async function tuitionOwed(ctx: AppContext, accountId: number): Promise<{ fees: FeeSettings; aidFen: number; dueFen: number }> {
  const fees = await getFees(ctx);
  const aidFen = Math.min(await findGrantedAidFen(ctx.db, accountId), fees.tuition_fen);
  return { fees, aidFen, dueFen: amountAfterAidFen(fees.tuition_fen, aidFen) };
}

// One student's installments ----------------------------------------------------------------------------------

export interface StudentInstallment {
  purpose: PaymentPurpose;
  kind: 'whole' | 'deposit' | 'final';
  owedFen: number;
  dueAt: Date;
  extended: boolean;
  paidAt: Date | null;
  overdue: boolean;
  /** Whether paying this one completes tuition (nothing else owed after it). */
  completes: boolean;
}

export interface StudentDues {
  plan: FeePlan;
  releasedAt: Date;
  installments: StudentInstallment[];
}

/** Null when the student holds no released offer (tuition cannot be owed). */
export async function studentDues(ctx: Pick<AppContext, 'db' | 'now'>, accountId: number): Promise<StudentDues | null> {
  const offer = await findOfferReleasedAt(ctx.db, accountId, ctx.now());
  if (!offer?.releasedAt) return null;
  const [plan, fees, aid, dues] = await Promise.all([getFeePlan(ctx), getFees(ctx as AppContext), findGrantedAidFen(ctx.db, accountId), listDues(ctx.db, accountId)]);
  const planned = planInstallments(plan, { product: 'tuition', feeFen: fees.tuition_fen, aidFen: aid, releasedAt: offer.releasedAt });
  const paid = await findPaidAtByPurpose(ctx.db, accountId, planned.map((p) => p.purpose));
  const now = ctx.now();
  const installments = planned.map((p) => {
    const ext = dues.find((d) => d.purpose === p.purpose)?.extendedDueAt ?? null;
    const dueAt = ext ?? p.dueAt;
    // Tuition stamped paid (a whole payment, or staff recorded it) covers every installment.
    const paidAt = paid.get(p.purpose) ?? offer.tuitionPaidAt ?? (p.owedFen === 0 ? offer.releasedAt : null);
    return { purpose: p.purpose, kind: p.kind, owedFen: p.owedFen, dueAt, extended: ext !== null, paidAt, overdue: paidAt === null && now.getTime() > dueAt.getTime(), completes: true };
  });
  // A deposit completes tuition only when the final payment owes nothing.
  for (const [i, inst] of installments.entries()) inst.completes = installments.slice(i + 1).every((later) => later.paidAt !== null);
  return { plan, releasedAt: offer.releasedAt, installments };
}

const statusOf = (i: StudentInstallment): InstallmentStatus => (i.paidAt ? 'paid' : i.overdue ? 'overdue' : 'unpaid');

/** Overdue blocks payment unless the rule is remind-only; an extension moves the due date and lifts it. */
const blockedByOverdue = (plan: FeePlan, i: StudentInstallment) => i.overdue && plan.overdue_rule !== 'remind_only';

/** GET /api/student/payment/plan. */
export async function getStudentPaymentPlan(ctx: AppContext, auth: AuthState): Promise<PaymentPlan> {
  const dues = await studentDues(ctx, auth.accountId);
  if (!dues) throw AppError.gate(STATUS.GATE_OFFER);
  const next = dues.installments.find((i) => !i.paidAt) ?? null;
  return {
    mode: dues.installments.length > 1 ? 'split' : 'whole',
    currency: PAYMENT_CURRENCY,
    installments: dues.installments.map((i) => ({
      purpose: i.purpose,
      kind: i.kind,
      label: i.kind === 'whole' ? PAYMENT_PURPOSE_LABELS.tuition : `${INSTALLMENT_KIND_LABELS[i.kind]}`,
      amount_fen: i.owedFen,
      due_at: i.dueAt.toISOString(),
      extended: i.extended,
      status: statusOf(i),
      paid_at: i.paidAt?.toISOString() ?? null,
      payable: i === next && !blockedByOverdue(dues.plan, i),
    })),
    next_purpose: next?.purpose ?? null,
    overdue_rule: dues.plan.overdue_rule,
  };
}

export interface PayableInstallment {
  purpose: PaymentPurpose;
  amountFen: number;
  completes: boolean;
}

/**
 * Which order a tuition payment makes. `tuition` asks for the next unpaid installment (the parent link, and a
 * page that does not know the plan); tuition_deposit / tuition_final name one. Refuses an installment not in the
 * plan, one already paid, the final before the deposit, and an overdue one unless the rule only reminds.
 */
export async function resolvePayableInstallment(ctx: Pick<AppContext, 'db' | 'now'>, accountId: number, requested: PaymentPurpose): Promise<PayableInstallment> {
  const dues = await studentDues(ctx, accountId);
  if (!dues) throw AppError.gate(STATUS.GATE_OFFER);
  const next = dues.installments.find((i) => !i.paidAt);
  const target = requested === 'tuition' ? next : dues.installments.find((i) => i.purpose === requested);
  if (!target) {
    if (requested === 'tuition') throw AppError.gate(STATUS.TUITION_PAID);
    throw AppError.param('purpose', MSG.DUE_PURPOSE_NOT_IN_PLAN);
  }
  if (target.paidAt) throw AppError.message(MSG.PAY_INSTALLMENT_PAID);
  if (target !== next) throw AppError.message(MSG.PAY_DEPOSIT_FIRST);
  if (blockedByOverdue(dues.plan, target)) throw AppError.message(MSG.PAY_OVERDUE);
  return { purpose: target.purpose, amountFen: Math.max(1, target.owedFen), completes: target.completes };
}

/** The due date the offer letter prints (pay_by): the last installment's. */
export function payByOf(dues: StudentDues): Date {
  return dues.installments[dues.installments.length - 1]!.dueAt;
}

// Extensions ---------------------------------------------------------------------------------------------------

/** GET /api/admin/students/:userId/dues (money.settings): the installments beside the staff 延长缴费期限; none before a released offer. */
export async function staffStudentDues(ctx: AppContext, userId: number): Promise<StaffDues> {
  const dues = await studentDues(ctx, userId);
  if (!dues) return { installments: [] };
  return {
    installments: dues.installments.map((i) => ({
      purpose: i.purpose,
      label: i.kind === 'whole' ? PAYMENT_PURPOSE_LABELS.tuition : `学费${INSTALLMENT_KIND_LABELS[i.kind]}`,
      amount_fen: i.owedFen,
      due_at: i.dueAt.toISOString(),
      extended: i.extended,
      status: statusOf(i),
      paid_at: i.paidAt?.toISOString() ?? null,
    })),
  };
}

/** PUT /api/admin/students/:userId/due-date (money.settings; audited). */
export async function extendDueDate(ctx: AppContext, auth: AuthState, userId: number, input: DueDateExtendRequest) {
  const dues = await studentDues(ctx, userId);
  if (!dues) throw AppError.notFound(MSG.ADMISSION_NOT_FOUND);
  const inst = dues.installments.find((i) => i.purpose === input.purpose);
  if (!inst) throw AppError.param('purpose', MSG.DUE_PURPOSE_NOT_IN_PLAN);
  const row = await upsertExtensionAudited(ctx.db, {
    accountId: userId,
    purpose: input.purpose,
    dueAt: new Date(input.due_at),
    reason: input.reason,
    actorId: auth.accountId,
    now: ctx.now(),
    originalDueAt: inst.dueAt,
  });
  return { user_id: userId, purpose: row.purpose, due_at: row.extendedDueAt!.toISOString(), reason: row.extensionReason ?? '' };
}

// The daily job --------------------------------------------------------------------------------------------------

export const PAYMENT_DUES_KIND = 'payment-dues';

/** Next run at 09:00 Beijing (01:00 UTC), so reminders arrive in the morning; the key makes it one job. */
export function schedulePaymentDues(db: Db, now: Date): Promise<boolean> {
  const DAY = 86_400_000;
  const base = Math.floor(now.getTime() / DAY) * DAY + 3_600_000;
  const next = new Date(base > now.getTime() ? base : base + DAY);
  return scheduleJob(db, { kind: PAYMENT_DUES_KIND, key: `${PAYMENT_DUES_KIND}@${next.toISOString()}`, runAt: next });
}

export interface DuesRunResult {
  reminders: number;
  overdue: number;
  released: number;
}

const installmentName = (i: StudentInstallment) => (i.kind === 'whole' ? '学费' : `学费${INSTALLMENT_KIND_LABELS[i.kind]}`);

/**
 * One pass over students holding an offer with tuition unpaid: a reminder for each unpaid installment whose due
 * date is a scheduled number of Beijing days away (the SMS event key — student, purpose, due date, day — makes it
 * once), and the overdue rule for each installment past its due date (claimed once in payment_dues).
 */
export async function runPaymentDues(ctx: AppContext): Promise<DuesRunResult> {
  const result: DuesRunResult = { reminders: 0, overdue: 0, released: 0 };
  for (let after = 0; ; ) {
    const page = await listUnpaidOfferHolders(ctx.db, after, 200);
    if (page.length === 0) break;
    after = page[page.length - 1]!.accountId;
    for (const s of page) {
      const dues = await studentDues(ctx, s.accountId);
      if (!dues) continue;
      const now = ctx.now();
      for (const inst of dues.installments) {
        if (inst.paidAt || inst.owedFen === 0) continue;
        const days = beijingDaysUntil(now, inst.dueAt);
        if (!inst.overdue && dues.plan.reminder_days.includes(days)) {
          const id = await enqueueNotification(ctx.db, {
            eventKey: `payment_due:${s.accountId}:${inst.purpose}:${inst.dueAt.toISOString()}:${days}`,
            kind: 'payment_due',
            accountId: s.accountId,
            params: { item: installmentName(inst), amount: fenToYuanString(inst.owedFen), due: beijingDueText(inst.dueAt) },
            now,
          });
          if (id !== null) result.reminders += 1;
        }
        if (inst.overdue && (await claimOverdue(ctx.db, { accountId: s.accountId, purpose: inst.purpose, action: dues.plan.overdue_rule, now }))) {
          result.overdue += 1;
          if (dues.plan.overdue_rule === 'remind_only') continue;
          await closeOpenOrders(ctx, s.accountId, inst.purpose);
          if (dues.plan.overdue_rule === 'release_place' && (await releasePlace(ctx, s.accountId, inst, now))) result.released += 1;
        }
      }
    }
  }
  return result;
}

/**
 * Closes the installment's pending orders here through the one money transaction. The provider's copy expires
 * on its own within the order lifetime (2 h); a payment that still lands is recorded as paid_after_close.
 */
async function closeOpenOrders(ctx: AppContext, accountId: number, purpose: PaymentPurpose): Promise<void> {
  for (const order of await listOpenOrders(ctx.db, accountId, purpose)) {
    const event = { ...closeEvent(order.orderNo, 'expire'), notificationId: `overdue:${order.orderNo}:closed` };
    await applyPaymentEvent(ctx.db, { gateway: order.gateway, ...event, rawBody: '{"source":"overdue"}', now: ctx.now() });
  }
}

async function releasePlace(ctx: AppContext, accountId: number, inst: StudentInstallment, now: Date): Promise<boolean> {
  if (!(await withdrawForNonPayment(ctx, accountId))) return false;
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'payment.overdue.release_place',
    entity: 'student',
    entityId: accountId,
    after: { purpose: inst.purpose, due_at: inst.dueAt.toISOString(), rule: OVERDUE_RULE_LABELS.release_place },
    now,
  });
  await enqueueNotification(ctx.db, { eventKey: `place_released:${accountId}:${inst.purpose}:${inst.dueAt.toISOString()}`, kind: 'place_released', accountId, params: { item: installmentName(inst) }, now });
  return true;
}

/** The registered passes (another programme's installments, decision 090) with the summer plan's reminder days. */
export async function runRegisteredDuesPasses(ctx: AppContext): Promise<number> {
  return runDuesPasses(ctx, await getFeePlan(ctx));
}

registerJobHandler(PAYMENT_DUES_KIND, async (_payload, _job, ctx) => {
  // The next run first: a pass that keeps failing must not end the chain.
  await schedulePaymentDues(ctx.db, ctx.now());
  await runPaymentDues(ctx);
  await runRegisteredDuesPasses(ctx);
});
