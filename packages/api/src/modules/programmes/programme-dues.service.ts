/**
 * Another programme's installments get what the summer tuition has (decisions 072, 090): a staff extension of a
 * student's due date, audited, and the morning reminder SMS a scheduled number of days before each due date.
 * Programmes only remind (decision 075): an overdue installment stays payable, so there is no overdue rule here.
 */
import { AppError, MSG, beijingDaysUntil, beijingDueText, fenToYuanString, type FeePlan, type ProgrammeDueDateExtendRequest, type StaffDues } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { upsertExtensionAudited } from '../payments/payments.queries.ts';
import { registerDuesPass } from '../payments/dues-passes.ts';
import { enqueueNotification } from '../notifications/notifications.queries.ts';
import { installmentFields, programmeDues } from './programme-payments.plan.ts';
import { listAdmittedApplications } from './programme-dues.repo.ts';
import { findApplicationForAdmin, findProgrammeByCode } from './programmes.repo.ts';

/** PUT /api/admin/programmes/:code/applications/:id/due-date (money.settings; audited payment.due_date.extend). */
export async function extendProgrammeDueDate(ctx: AppContext, auth: AuthState, code: string, id: number, input: ProgrammeDueDateExtendRequest) {
  const programme = await findProgrammeByCode(ctx.db, code);
  if (!programme) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  const found = await findApplicationForAdmin(ctx.db, programme.id, id);
  if (!found) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
  const dues = await programmeDues(ctx.db, programme, found.app, ctx.now());
  const inst = dues.installments.find((i) => i.purpose === input.purpose);
  if (!inst) throw AppError.param('purpose', MSG.DUE_PURPOSE_NOT_IN_PLAN);
  const row = await upsertExtensionAudited(ctx.db, {
    accountId: found.app.accountId,
    purpose: input.purpose,
    programmeId: programme.id,
    dueAt: new Date(input.due_at),
    reason: input.reason,
    actorId: auth.accountId,
    now: ctx.now(),
    originalDueAt: inst.dueAt,
  });
  return { user_id: found.app.accountId, purpose: row.purpose, due_at: row.extendedDueAt!.toISOString(), reason: row.extensionReason ?? '' };
}

/** GET /api/admin/programmes/:code/applications/:id/dues (money.settings): the installments beside 延长缴费期限. */
export async function programmeStaffDues(ctx: AppContext, code: string, id: number): Promise<StaffDues> {
  const programme = await findProgrammeByCode(ctx.db, code);
  if (!programme) throw AppError.notFound(MSG.PROGRAMME_NOT_FOUND);
  const found = await findApplicationForAdmin(ctx.db, programme.id, id);
  if (!found) throw AppError.notFound(MSG.PROGRAMME_APPLICATION_NOT_FOUND);
  const dues = await programmeDues(ctx.db, programme, found.app, ctx.now());
  return {
    installments: dues.installments.map((i) => ({ purpose: i.purpose, ...installmentFields(i) })),
  };
}

/**
 * The daily pass: for each admitted applicant of a programme with a fee, each unpaid installment whose due date
 * (extension first) is one of the summer plan's reminder days away gets one SMS `payment_due`; the event key
 * (programme, student, purpose, due date, day) makes it once, and an extension re-arms it.
 */
export async function runProgrammeReminders(ctx: AppContext, plan: Pick<FeePlan, 'reminder_days'>): Promise<{ reminders: number }> {
  let reminders = 0;
  for (let after = 0; ; ) {
    const page = await listAdmittedApplications(ctx.db, after, 200);
    if (page.length === 0) break;
    after = page[page.length - 1]!.app.id;
    for (const { app, programme } of page) {
      const now = ctx.now();
      const dues = await programmeDues(ctx.db, programme, app, now);
      for (const inst of dues.installments) {
        if (inst.paidAt || inst.owedFen === 0 || inst.overdue) continue;
        const days = beijingDaysUntil(now, inst.dueAt);
        if (!plan.reminder_days.includes(days)) continue;
        const id = await enqueueNotification(ctx.db, {
          eventKey: `payment_due:p${programme.id}:${app.accountId}:${inst.purpose}:${inst.dueAt.toISOString()}:${days}`,
          kind: 'payment_due',
          accountId: app.accountId,
          params: { item: `${programme.definition.name}${inst.label}`, amount: fenToYuanString(inst.owedFen), due: beijingDueText(inst.dueAt) },
          now,
        });
        if (id !== null) reminders += 1;
      }
    }
  }
  return { reminders };
}

registerDuesPass((ctx, plan) => runProgrammeReminders(ctx, plan));
