import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import dayjs from 'dayjs';
import { MSG } from '@summit/domain/messages';
import { ApiError } from '../../lib/api-client.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { verifyOffer } from './admission-api.ts';
import './admission.css';

/** /offer/verify/:code: anyone holding a letter can check it is genuine and still valid. */
export default function OfferVerifyPage() {
  const { code = '' } = useParams();
  const result = useQuery({ queryKey: ['guest', 'offer-verify', code], queryFn: () => verifyOffer(code), retry: false });

  let body;
  if (result.isPending) body = <LoadingState />;
  else if (result.isError) {
    body =
      result.error instanceof ApiError && result.error.status !== 'NETWORK' ? (
        <section className="adm-card adm-verdict adm-verdict--bad" role="alert">
          <p className="adm-verdict__mark">✕</p>
          <h2>无效的录取通知书</h2>
          <p>{result.error.msg || MSG.OFFER_LETTER_INVALID}</p>
        </section>
      ) : (
        <ErrorState onRetry={() => void result.refetch()} />
      );
  } else {
    const v = result.data;
    body = (
      <section className="adm-card adm-verdict adm-verdict--ok">
        <p className="adm-verdict__mark">✓</p>
        <h2>此录取通知书真实有效</h2>
        <dl className="adm-facts">
          <dt>通知书编号</dt>
          <dd>{v.letter_no}</dd>
          <dt>学生</dt>
          <dd>{v.student_name}</dd>
          <dt>项目</dt>
          <dd>{v.programme}</dd>
          <dt>录取期次</dt>
          <dd>{v.place_name ?? '待定'}</dd>
          <dt>专业方向</dt>
          <dd>{v.professional_track ?? '待定'}</dd>
          <dt>录取日期</dt>
          <dd>{dayjs(v.issued_at).tz().format('YYYY年M月D日')}</dd>
        </dl>
      </section>
    );
  }
  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">录取通知书验证</h1>
      {body}
    </div>
  );
}
