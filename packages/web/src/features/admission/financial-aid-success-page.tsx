import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isOfferIssued } from '@summit/domain/student-status';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ADMISSION_KEYS, fetchBursary, fetchStatus } from './admission-api.ts';
import { isAmcSite } from './amc.ts';
import { StatusCard } from './financial-aid-page.tsx';
import './admission.css';

/**
 * /apply/financial-aid/success (docs/product/screens-and-routes.md): the receipt after an aid request is sent. It reads the stored
 * request, so a reload or a later visit shows the same receipt with the current review state.
 */
export default function FinancialAidSuccessPage() {
  const navigate = useNavigate();
  const amc = isAmcSite();
  const bursary = useQuery({ queryKey: ADMISSION_KEYS.bursary, queryFn: ({ signal }) => fetchBursary(signal), enabled: !amc });
  const status = useQuery({ queryKey: ADMISSION_KEYS.status, queryFn: ({ signal }) => fetchStatus(signal), enabled: !amc });

  let body;
  if (amc) body = <EmptyState description="本站点不提供助学金申请。" />;
  else if (bursary.isPending || status.isPending) body = <LoadingState rows={5} />;
  else if (bursary.isError || status.isError) {
    body = (
      <ErrorState
        onRetry={() => {
          void bursary.refetch();
          void status.refetch();
        }}
      />
    );
  } else if (!bursary.data) {
    body = (
      <EmptyState
        description="你还没有提交助学金申请。"
        action={
          <Button type="primary" className="adm-button" onClick={() => void navigate(PATHS.financialAid)}>
            申请助学金
          </Button>
        }
      />
    );
  } else {
    const aid = bursary.data;
    const offerToPay = isOfferIssued(status.data) && !status.data.is_tuition_paid;
    body = (
      <>
        <section className="adm-card adm-result adm-result--ok">
          <h2 className="adm-result__title">助学金申请已提交</h2>
          <p>我们已收到你的申请材料。</p>
        </section>
        <StatusCard bursary={aid} />
        <section className="adm-card">
          <h3>接下来</h3>
          <ol className="adm-steps">
            <li>项目办公室审核后，结果会显示在本页和「我的账户 · 我的申请」中。</li>
            <li>获批的助学金会直接从学费中扣除，缴费页显示的就是扣除后的金额。</li>
            {aid.status === 'pending' ? <li>审核前你仍可修改申请内容。</li> : null}
          </ol>
          <div className="adm-actions">
            {offerToPay ? (
              <Button type="primary" size="large" className="adm-button" onClick={() => void navigate(PATHS.admissionPay)}>
                去缴纳学费
              </Button>
            ) : null}
            {aid.status === 'pending' ? (
              <Button size="large" className="adm-button" onClick={() => void navigate(PATHS.financialAid)}>
                修改申请
              </Button>
            ) : null}
            <Button size="large" className="adm-button" onClick={() => void navigate(PATHS.account)}>
              返回我的申请
            </Button>
          </div>
        </section>
      </>
    );
  }

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">申请助学金</h1>
      {body}
    </div>
  );
}
