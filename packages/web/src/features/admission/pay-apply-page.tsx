import { useState } from 'react';
import { Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PAGES } from '@summit/domain/pages';
import { isOfferIssued } from '@summit/domain/student-status';
import { api } from '../../lib/api-client.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ADMISSION_KEYS, createStudentPayment, fetchFees, fetchStatus, isStudentOrderPaid } from './admission-api.ts';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';
import { ReceiptLinks } from './receipt-links.tsx';
import { StudentRefunds } from './student-refunds.tsx';
import './admission.css';
import { PATHS } from '../../lib/paths.ts';

type DecisionBrief = { decision?: unknown; released?: unknown } | null;

/** The application's decision as GET /api/student/v5/apply shows it (read loosely: another module owns it). */
function useApplyDecision(enabled: boolean) {
  return useQuery({
    queryKey: ['student', 'apply', 'decision'],
    enabled,
    queryFn: async ({ signal }) => {
      const data = await api.get<{ decision?: DecisionBrief }>('/student/v5/apply', { quiet: true, signal });
      return data?.decision ?? null;
    },
    retry: false,
  });
}

function SubmittedState({ offerIssued }: { offerIssued: boolean }) {
  const navigate = useNavigate();
  const decision = useApplyDecision(!offerIssued);
  const kind = typeof decision.data?.decision === 'string' && decision.data.released !== false ? decision.data.decision : null;
  let text = '你的申请材料已提交，招生委员会正在审核，结果公布后将在此页面和短信中通知你。';
  if (offerIssued || kind === 'offer') text = '恭喜！你已被录取，请查看录取通知书并缴纳学费。';
  else if (kind === 'waitlist') text = '你已进入候补名单。如有名额释放，我们将第一时间通知你。';
  else if (kind === 'reject') text = '感谢你的申请。很遗憾，本次未能向你发出录取通知，欢迎明年再次申请。';
  return (
    <section className="adm-card adm-result">
      <h2 className="adm-result__title">申请已提交</h2>
      <p className="adm-result__status">{offerIssued || kind === 'offer' ? '已录取' : kind === 'waitlist' ? '候补' : kind === 'reject' ? '未录取' : '审核中'}</p>
      <p>{text}</p>
      {offerIssued || kind === 'offer' ? (
        <Button type="primary" size="large" block className="adm-button" onClick={() => void navigate(PATHS.admissionOffer)}>
          查看录取通知书
        </Button>
      ) : null}
    </section>
  );
}

/** /pay/apply: the application fee (channel choice, QR or provider page, polling, success). */
export default function PayApplyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [justPaid, setJustPaid] = useState(false);
  const status = useQuery({ queryKey: ADMISSION_KEYS.status, queryFn: ({ signal }) => fetchStatus(signal) });
  const paid = justPaid || Boolean(status.data && (status.data.is_apply_paid || status.data.is_tuition_paid));
  const fees = useQuery({ queryKey: ADMISSION_KEYS.fees, queryFn: ({ signal }) => fetchFees(signal), enabled: Boolean(status.data) && !paid });

  let body;
  if (status.isPending) body = <LoadingState />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else if (status.data.apply_v5.step2_submitted) body = <SubmittedState offerIssued={isOfferIssued(status.data)} />;
  else if (paid)
    body = (
      <section className="adm-card adm-result adm-result--ok">
        <h2 className="adm-result__title">申请费支付成功</h2>
        <p>请继续填写第二步申请材料，提交后即进入审核。</p>
        <ReceiptLinks purpose="apply_fee" />
        <Button type="primary" size="large" block className="adm-button" onClick={() => void navigate(PAGES.applyStep2)}>
          继续填写申请材料
        </Button>
      </section>
    );
  else
    body = (
      <PaymentPanel
        purposeLabel="申请费"
        amountFen={fees.data?.apply_fen ?? null}
        resumeKey="summit.pay.apply_fee"
        startPayment={(option) => createStudentPayment('apply_fee', option)}
        checkPaid={isStudentOrderPaid}
        onPaid={() => {
          setJustPaid(true);
          void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.status });
        }}
      />
    );

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">支付申请费</h1>
      {body}
      {/* An application fee refunded before any result is recorded here too, not only after the offer. */}
      {paid ? <StudentRefunds /> : null}
    </div>
  );
}
