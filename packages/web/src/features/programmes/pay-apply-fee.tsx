import { useQueryClient } from '@tanstack/react-query';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';
import { isStudentOrderPaid } from '../../components/payment/payment-api.ts';
import { LoadingState } from '../../components/page-state.tsx';
import { PORTAL_KEYS, createProgrammePayment } from './portal-api.ts';
import { applicationKey, useMyApplication } from './programme-api.ts';

/**
 * 待支付申请费: the application fee of a submitted application, paid with the summer tuition's panel. Shown on
 * the programme's hub and on its locked pages; the apply page's state card may show it as its `feeAction`.
 */
export function PayApplyFee({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const app = useMyApplication(code);
  if (app.isPending) return <LoadingState rows={2} />;
  if (!app.data || app.data.state !== 'awaiting_fee') return null;
  return (
    <PaymentPanel
      purposeLabel={`${app.data.programme.name}申请费`}
      amountFen={app.data.apply_fee.fen}
      resumeKey={`summit.pay.programme.${code}.apply_fee`}
      startPayment={(option) => createProgrammePayment(code, 'apply_fee', option)}
      checkPaid={isStudentOrderPaid}
      onPaid={() => {
        void queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(code) });
        void queryClient.invalidateQueries({ queryKey: applicationKey('student', code) });
      }}
    />
  );
}
