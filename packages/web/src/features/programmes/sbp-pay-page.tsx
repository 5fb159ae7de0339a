import { Link, Navigate } from 'react-router';
import { formatMoney } from '../../components/payment/money.ts';
import { PortalPage } from './portal-shell.tsx';
import { PayInstallment, PayPlan } from './pay-installment.tsx';

/** /sbp/pay: the SBP fee of the chosen duration; without a duration the student chooses one first. */
export default function SbpPayPage() {
  return (
    <PortalPage title="缴纳项目费用" gate="offer">
      {(portal, links) => {
        if (portal.fees.durations.length > 0 && !portal.fees.duration_key && links.duration) return <Navigate to={links.duration} replace />;
        const chosen = portal.fees.durations.find((d) => d.key === portal.fees.duration_key) ?? null;
        const next = portal.installments?.find((i) => i.kind !== 'final' && i.status !== 'paid') ?? portal.installments?.[0] ?? null;
        return (
          <>
            {chosen ? (
              <section className="pp-card pp-facts" aria-label="课程时长">
                <span>课程时长</span>
                <strong>
                  {chosen.label}（{chosen.weeks} 周）
                </strong>
                <span>费用</span>
                <strong>{formatMoney(chosen.fee_fen)}</strong>
                {portal.fees.paid_fen === 0 && links.duration ? (
                  <Link className="pp-link" to={links.duration}>
                    更改时长
                  </Link>
                ) : null}
              </section>
            ) : null}
            {next ? (
              <>
                <PayPlan portal={portal} />
                <PayInstallment portal={portal} kind={next.kind} />
              </>
            ) : (
              <p className="pp-card pp-muted">本项目无需缴费。</p>
            )}
          </>
        );
      }}
    </PortalPage>
  );
}
