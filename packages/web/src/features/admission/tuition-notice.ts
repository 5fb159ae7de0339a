import { OVERDUE_CONSEQUENCES, type Installment, type PaymentPlan } from '@summit/domain/fee-plan';
import { MSG } from '@summit/domain/messages';

const beijingDate = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/**
 * The one notice a tuition page shows about a payment that cannot go ahead (decision 084): with an installment
 * 已逾期, its deadline and what happens now under the fee plan's overdue rule; otherwise, when the next
 * installment still cannot be paid, MSG.PAY_OVERDUE. Never both: the overdue notice already says payment is closed.
 */
export function tuitionNotice(plan: PaymentPlan): { kind: 'overdue'; installment: Installment; text: string } | { kind: 'blocked'; text: string } | null {
  const overdue = plan.installments.find((i) => i.status === 'overdue');
  if (overdue) return { kind: 'overdue', installment: overdue, text: `${overdue.label}缴费截止 ${beijingDate(overdue.due_at)}。${OVERDUE_CONSEQUENCES[plan.overdue_rule]}` };
  const next = plan.installments.find((i) => i.purpose === plan.next_purpose);
  if (next && !next.payable) return { kind: 'blocked', text: MSG.PAY_OVERDUE };
  return null;
}

export { beijingDate };
