import { Button } from 'antd';
import { useParams } from 'react-router';
import dayjs from 'dayjs';
import type { PayFor } from '@summit/domain/api/payments';
import { INSTALLMENT_KIND_LABELS } from '@summit/domain/fee-plan';
import { PAYMENT_PURPOSE_LABELS } from '@summit/domain/payments';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { formatMoney } from '../../components/payment/money.ts';
import { ParentLinkPaymentPanel, useParentPayLink } from '../../components/payment/parent-pay-link.tsx';
import { ParentReceiptButton } from '../../components/payment/parent-receipt-button.tsx';
import './admission.css';

/** Who paid, for a link opened after the payment: the student themself (phone masked) or a parent's link. */
export function paidByText(paidBy: NonNullable<PayFor['paid_by']>): string {
  const when = dayjs(paidBy.paid_at).tz().format('YYYY年M月D日 HH:mm');
  return paidBy.payer === 'parent'
    ? `已由家长通过代付链接于 ${when}（北京时间）支付。`
    : `已由学生本人${paidBy.phone ? `（手机 ${paidBy.phone}）` : ''}于 ${when}（北京时间）支付。`;
}

/** /pay/admission-parent/:token: a parent pays the student's tuition through the link, without an account. */
export default function ParentPayPage() {
  const { token = '' } = useParams();
  const { paid, details, failure, paidNow, setPaidNow } = useParentPayLink(token);

  let body;
  const paidBy = details.data?.paid_by ?? null;
  if (paidNow && details.data?.installment === 'deposit') {
    // A split plan (decision 072): the deposit is in; the same link pays the final payment next.
    body = (
      <section className="adm-card adm-result adm-result--ok">
        <h2 className="adm-result__title">定金支付成功</h2>
        <p>学费定金已支付成功。尾款可稍后通过本链接继续支付，请留意截止时间。</p>
        <Button
          type="primary"
          size="large"
          block
          className="adm-button"
          onClick={() => {
            setPaidNow(false);
            void details.refetch();
          }}
        >
          继续支付尾款
        </Button>
      </section>
    );
  } else if (paidNow) {
    body = (
      <section className="adm-card adm-result adm-result--ok">
        <h2 className="adm-result__title">支付成功</h2>
        <p>学费已支付成功，感谢您对孩子学业的支持！学生登录网站即可看到缴费结果，我们也会短信通知学生。</p>
        <ParentReceiptButton token={token} className="adm-button" />
      </section>
    );
  } else if (paid.data?.purpose_paid && paidBy && details.data) {
    body = (
      <section className="adm-card adm-result adm-result--ok" aria-label="缴费结果">
        <h2 className="adm-result__title">学费已缴纳</h2>
        <p className="adm-result__status" data-testid="paid-by">
          {paidByText(paidBy)}
        </p>
        <dl className="adm-facts">
          <dt>学生</dt>
          <dd>{details.data.student_name}</dd>
          <dt>金额</dt>
          <dd>{formatMoney(details.data.amount_fen, details.data.currency)}</dd>
        </dl>
        <ParentReceiptButton token={token} className="adm-button" />
        <p className="adm-muted">该链接已无需再支付，请勿重复缴费。</p>
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
  } else if (!details.data || paid.data?.purpose_paid) {
    body = <LoadingState />;
  } else {
    const d = details.data;
    body = (
      <>
        <section className="adm-card">
          <dl className="adm-facts">
            <dt>学生</dt>
            <dd>{d.student_name}</dd>
            <dt>项目</dt>
            <dd>{d.programme}</dd>
            <dt>费用</dt>
            <dd>{PAYMENT_PURPOSE_LABELS[d.purpose]}{d.installment ? `（${INSTALLMENT_KIND_LABELS[d.installment]}）` : ''}</dd>
            <dt>金额</dt>
            <dd>
              <strong>{formatMoney(d.amount_fen, d.currency)}</strong>
            </dd>
            <dt>链接有效期至</dt>
            <dd>{dayjs(d.expires_at).tz().format('YYYY年M月D日 HH:mm')}</dd>
          </dl>
        </section>
        <ParentLinkPaymentPanel token={token} installment={d.installment} purposeLabel={`${PAYMENT_PURPOSE_LABELS[d.purpose]}${d.installment ? INSTALLMENT_KIND_LABELS[d.installment] : ''}`} amountFen={d.amount_fen} onPaid={() => setPaidNow(true)} />
      </>
    );
  }

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">家长代付学费</h1>
      {body}
    </div>
  );
}
