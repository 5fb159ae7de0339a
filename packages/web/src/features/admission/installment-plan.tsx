import { Tag } from 'antd';
import { INSTALLMENT_STATUS_LABELS, type PaymentPlan } from '@summit/domain/fee-plan';
import { formatMoney } from '../../components/payment/money.ts';
import { beijingDate, tuitionNotice } from './tuition-notice.ts';
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
 * The tuition page's one notice (decisions 072, 084; `tuitionNotice`): a deadline already passed shows 已逾期 and
 * what happens now under the fee plan's overdue rule; a next installment that cannot be paid otherwise shows why.
 * Nothing when payment can go ahead. The whole-payment page shows it too, where no plan list is drawn.
 */
export function OverdueNotice({ plan }: { plan: PaymentPlan }) {
  const notice = tuitionNotice(plan);
  if (!notice) return null;
  if (notice.kind === 'blocked') {
    return (
      <p className="adm-installments__blocked" role="alert">
        {notice.text}
      </p>
    );
  }
  return (
    <div className="adm-installments__overdue" role="alert" data-testid="tuition-overdue">
      <Tag color="red">{INSTALLMENT_STATUS_LABELS.overdue}</Tag>
      <span>{notice.text}</span>
    </div>
  );
}
