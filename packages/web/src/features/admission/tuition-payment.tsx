import { useQuery } from '@tanstack/react-query';
import type { PaymentPurpose } from '@summit/domain/payments';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ADMISSION_KEYS, createStudentPayment, fetchPaymentPlan, isStudentOrderPaid } from './admission-api.ts';
import { InstallmentPlan, OverdueNotice } from './installment-plan.tsx';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';

/**
 * Tuition payment for /pay/admission and the 缴费 tab: one panel for the whole fee, or, with a split plan
 * (decision 072), the installments with their due dates and statuses and a panel for the next one.
 * `onAllPaid` runs once nothing is owed; `onInstallmentPaid` after a deposit.
 */
export function TuitionPayment({
  wholeFen,
  onAllPaid,
  onInstallmentPaid,
  offerStripe = false,
}: {
  wholeFen: number;
  onAllPaid: () => void;
  onInstallmentPaid?: () => void;
  /** Offer 海外银行卡支付 (Stripe) when the server takes it (decision 071). */
  offerStripe?: boolean;
}) {
  const plan = useQuery({ queryKey: ADMISSION_KEYS.plan, queryFn: fetchPaymentPlan, retry: false });
  if (plan.isPending) return <LoadingState />;
  if (plan.isError) return <ErrorState onRetry={() => void plan.refetch()} />;
  if (plan.data.mode === 'whole') {
    const whole = plan.data.installments[0];
    // Past the deadline under a rule that closes payment: the notice says what to do; no panel that would fail.
    if (whole?.status === 'overdue' && !whole.payable) return <OverdueNotice plan={plan.data} />;
    return (
      <>
        <OverdueNotice plan={plan.data} />
        <PaymentPanel
          purposeLabel="学费"
          amountFen={wholeFen}
          resumeKey="summit.pay.tuition"
          startPayment={(option) => createStudentPayment('tuition', option)}
          checkPaid={isStudentOrderPaid}
          offerStripe={offerStripe}
          onPaid={onAllPaid}
        />
      </>
    );
  }
  const next = plan.data.installments.find((i) => i.purpose === plan.data.next_purpose) ?? null;
  return (
    <>
      <InstallmentPlan plan={plan.data} />
      {/* One notice: 已逾期 with what happens now, or why the next installment cannot be paid (decision 084). */}
      <OverdueNotice plan={plan.data} />
      {next?.payable ? (
        <PaymentPanel
          key={next.purpose}
          purposeLabel={`学费${next.label}`}
          amountFen={next.amount_fen}
          resumeKey={`summit.pay.${next.purpose}`}
          startPayment={(option) => createStudentPayment(next.purpose as PaymentPurpose, option)}
          checkPaid={isStudentOrderPaid}
          offerStripe={offerStripe}
          onPaid={() => {
            void plan.refetch().then((r) => {
              if (r.data?.next_purpose === null) onAllPaid();
              else onInstallmentPaid?.();
            });
          }}
        />
      ) : null}
    </>
  );
}
