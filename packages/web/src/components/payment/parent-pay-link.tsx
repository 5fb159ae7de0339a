import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchPayFor, isPayForPaid, payForAsParent } from './payment-api.ts';
import { PaymentPanel } from './payment-panel.tsx';

/**
 * A parent's pay link (tuition and programme parent pages): whether its purpose is paid, the link's details once
 * that is known, and the first failure of either. is-paid keeps answering after payment; the details then say
 * who paid and when.
 */
export function useParentPayLink(token: string) {
  const [paidNow, setPaidNow] = useState(false);
  const paid = useQuery({ queryKey: ['guest', 'pay-for', token, 'paid'], queryFn: () => isPayForPaid(token), retry: false });
  const details = useQuery({ queryKey: ['guest', 'pay-for', token], queryFn: () => fetchPayFor(token), enabled: paid.isSuccess && !paidNow, retry: false });
  return { paid, details, failure: paid.error ?? details.error, paidNow, setPaidNow };
}

/** The payment panel over the link's guest endpoints (Stripe offered: a parent may pay from abroad). */
export function ParentLinkPaymentPanel({ token, installment, purposeLabel, amountFen, onPaid }: { token: string; installment: string | null; purposeLabel: string; amountFen: number; onPaid: () => void }) {
  return (
    <PaymentPanel
      key={installment ?? 'whole'}
      purposeLabel={purposeLabel}
      amountFen={amountFen}
      resumeKey={`summit.pay.parent.${token.slice(0, 8)}`}
      startPayment={(option) => payForAsParent(token, option)}
      checkPaid={() => isPayForPaid(token)}
      offerStripe
      onPaid={onPaid}
    />
  );
}
