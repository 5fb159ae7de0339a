import { Tag } from 'antd';
import { INSTALLMENT_STATUS_LABELS, OVERDUE_CONSEQUENCES, type PaymentPlan } from '@summit/domain';
import { formatMoney } from '../../components/payment/money.ts';

const beijingDate = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const TAG_COLOR = { unpaid: 'gold', paid: 'green', overdue: 'red' } as const;

/** A split plan's installments: 定金 ¥X 截止…, 尾款 ¥Y 截止…, each with its status (decision 072). */
export function InstallmentPlan({ plan }: { plan: PaymentPlan }) {
  return (
    <ul className="adm-installments" aria-label="缴费计划">
      {plan.installments.map((i) => (
        <li key={i.purpose} className="adm-installments__row" data-testid={`installment-${i.kind}`}>
          <span className="adm-installments__label">{i.label}</span>
          <span className="adm-installments__amount">{formatMoney(i.amount_fen)}</span>
          <span className="adm-installments__due">
            截止 {beijingDate(i.due_at)}
            {i.extended ? '（已延期）' : ''}
          </span>
          <Tag color={TAG_COLOR[i.status]}>{INSTALLMENT_STATUS_LABELS[i.status]}</Tag>
        </li>
      ))}
    </ul>
  );
}

/**
 * A tuition deadline already passed: 已逾期 and what happens now under the fee plan's overdue rule (decisions 072,
 * 084). Nothing when no installment is overdue. The whole-payment page shows it too, where no plan list is drawn.
 */
export function OverdueNotice({ plan }: { plan: PaymentPlan }) {
  const overdue = plan.installments.find((i) => i.status === 'overdue');
  if (!overdue) return null;
  return (
    <div className="adm-installments__overdue" role="alert" data-testid="tuition-overdue">
      <Tag color="red">{INSTALLMENT_STATUS_LABELS.overdue}</Tag>
      <span>
        {overdue.label}缴费截止 {beijingDate(overdue.due_at)}。{OVERDUE_CONSEQUENCES[plan.overdue_rule]}
      </span>
    </div>
  );
}
