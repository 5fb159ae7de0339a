/** The daily dues job's registry (decision 090): the payments core knows no feature, features register here. */
import type { FeePlan } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';

/**
 * Other payables with due dates (another programme's installments) register a pass that the daily dues job runs
 * after the summer tuition's, with the summer plan's reminder days: one reminder policy for every installment.
 */
export type DuesPass = (ctx: AppContext, plan: Pick<FeePlan, 'reminder_days'>) => Promise<{ reminders: number }>;
const duesPasses: DuesPass[] = [];
export function registerDuesPass(pass: DuesPass): void {
  if (!duesPasses.includes(pass)) duesPasses.push(pass);
}
export async function runDuesPasses(ctx: AppContext, plan: Pick<FeePlan, 'reminder_days'>): Promise<number> {
  let reminders = 0;
  for (const pass of duesPasses) reminders += (await pass(ctx, plan)).reminders;
  return reminders;
}
