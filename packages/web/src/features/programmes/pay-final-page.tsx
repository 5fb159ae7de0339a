import { MSG } from '@summit/domain/messages';
import { PortalPage, beijingTime } from './portal-shell.tsx';
import { PayInstallment, PayPlan } from './pay-installment.tsx';

/** /hxweek/final-payment and /deans-list/final-payment: the rest of the fee by its due date (behind the deposit). */
export default function PayFinalPage() {
  return (
    <PortalPage title="支付尾款" gate="deposit">
      {(portal) => {
        const final = portal.installments?.find((i) => i.kind === 'final') ?? null;
        if (!final) return <p className="pp-card pp-muted">本项目无需支付尾款。</p>;
        return (
          <>
            <PayPlan portal={portal} />
            {final.status === 'overdue' ? (
              <p className="pp-card pp-warn" role="alert" data-testid="final-overdue">
                尾款已于 {beijingTime(final.due_at)} 逾期。{final.payable ? '请尽快完成支付。' : MSG.PAY_OVERDUE}
              </p>
            ) : final.status === 'unpaid' ? (
              <p className="pp-muted">请在 {beijingTime(final.due_at)}（北京时间）前完成尾款支付，逾期可能影响你的参与资格。</p>
            ) : null}
            <PayInstallment portal={portal} kind="final" />
          </>
        );
      }}
    </PortalPage>
  );
}
