import { useParams } from 'react-router';
import { INSTALLMENT_KIND_LABELS } from '@summit/domain/fee-plan';
import { PAYMENT_PURPOSE_LABELS } from '@summit/domain/payments';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ParentLinkPaymentPanel, useParentPayLink } from '../../components/payment/parent-pay-link.tsx';
import { ParentReceiptButton } from '../../components/payment/parent-receipt-button.tsx';
import { formatMoney } from '../../components/payment/money.ts';
import { ApiError } from '../../lib/api-client.ts';
import { beijingTime } from './portal-shell.tsx';
import './portal.css';

/**
 * /pay/sbp-parent/:token (and the same for other programmes with parent pay): a parent pays the student's
 * programme fee through the link, without an account, over the guest pay-for endpoints tuition uses.
 */
export default function PayParentPage() {
  const { token = '' } = useParams();
  const { paid, details, failure, paidNow, setPaidNow } = useParentPayLink(token);

  let body;
  if (paidNow || (paid.data?.purpose_paid && details.data)) {
    body = (
      <section className="pp-card pp-paid" role="status" aria-label="缴费结果">
        <span className="pp-paid__mark" aria-hidden="true">
          ✓
        </span>
        <h2 className="pp-card__title">{paidNow ? '支付成功' : '费用已缴纳'}</h2>
        <p className="pp-muted">{paidNow ? '感谢您的支持！学生登录网站即可看到缴费结果。' : '该链接已无需再支付，请勿重复缴费。'}</p>
        <ParentReceiptButton token={token} className="pp-btn" />
      </section>
    );
  } else if (failure) {
    body =
      failure instanceof ApiError && failure.status !== 'NETWORK' ? (
        <EmptyState description={failure.msg} />
      ) : (
        <ErrorState
          onRetry={() => {
            void paid.refetch();
            void details.refetch();
          }}
        />
      );
  } else if (!details.data) {
    body = <LoadingState />;
  } else {
    const d = details.data;
    const what = `${PAYMENT_PURPOSE_LABELS[d.purpose]}${d.installment ? `（${INSTALLMENT_KIND_LABELS[d.installment]}）` : ''}`;
    body = (
      <>
        <section className="pp-card pp-facts" aria-label="缴费信息">
          <span>学生</span>
          <strong>{d.student_name}</strong>
          <span>项目</span>
          <strong>{d.programme}</strong>
          <span>费用</span>
          <span>{what}</span>
          <span>金额</span>
          <strong>{formatMoney(d.amount_fen, d.currency)}</strong>
          <span>链接有效期至</span>
          <span>{beijingTime(d.expires_at)}</span>
        </section>
        <ParentLinkPaymentPanel token={token} installment={d.installment} purposeLabel={what} amountFen={d.amount_fen} onPaid={() => setPaidNow(true)} />
      </>
    );
  }
  return (
    <div className="page page--narrow pp-page">
      <h1 className="page__title">家长代付项目费用</h1>
      {body}
    </div>
  );
}
