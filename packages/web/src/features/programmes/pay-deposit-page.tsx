import { Link } from 'react-router';
import { PortalPage } from './portal-shell.tsx';
import { PortalChecklist } from './portal-checklist.tsx';
import { PortalOffer } from './portal-hub.tsx';
import { PayInstallment, PayPlan } from './pay-installment.tsx';

/**
 * /hx-week/pay: the H-week offer and its checklist (every H-week page links back here), then the deposit —
 * or the whole fee when the programme takes it in one payment. The NHP partner channel is offered beside.
 */
export default function PayDepositPage() {
  return (
    <PortalPage title="缴纳定金" gate="offer" back={false}>
      {(portal, links) => {
        const first = portal.installments?.find((i) => i.kind === 'deposit' || i.kind === 'whole') ?? null;
        return (
          <>
            <PortalOffer portal={portal} />
            <PortalChecklist portal={portal} links={links} />
            {portal.fees.mode === 'none' || !first ? (
              <p className="pp-card pp-muted">本项目无需缴费。</p>
            ) : (
              <>
                <PayPlan portal={portal} />
                <PayInstallment portal={portal} kind={first.kind} />
                {first.status !== 'paid' && first.payable && links.nhp ? (
                  <p className="pp-muted pp-center">
                    身在海外或由合作机构统一缴费？<Link to={links.nhp}>通过 NHP 合作渠道支付</Link>
                  </p>
                ) : null}
                {first.status === 'paid' && links.final && portal.installments?.some((i) => i.kind === 'final' && i.status !== 'paid') ? (
                  <Link className="pp-button pp-button--primary" to={links.final}>
                    前往支付尾款
                  </Link>
                ) : null}
              </>
            )}
          </>
        );
      }}
    </PortalPage>
  );
}
