import { useState } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isOfferIssued } from '@summit/domain/student-status';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ADMISSION_KEYS, downloadOfferPdf, fetchOfferLetter, fetchStatus } from './admission-api.ts';
import { OfferLetterView } from './admission-page.tsx';
import './admission.css';

/**
 * /student/admission-letter (docs/product/screens-and-routes.md): the offer letter on its own, to read, print or save as PDF, without
 * the tuition tabs around it. A drafted offer shows that the result is not out yet.
 */
export default function AdmissionLetterPage() {
  const [downloading, setDownloading] = useState(false);
  const status = useQuery({ queryKey: ADMISSION_KEYS.status, queryFn: ({ signal }) => fetchStatus(signal) });
  const released = Boolean(status.data && isOfferIssued(status.data));
  const letter = useQuery({ queryKey: ADMISSION_KEYS.offer, queryFn: fetchOfferLetter, enabled: released, retry: false });

  const download = async (letterNo: string) => {
    setDownloading(true);
    try {
      await downloadOfferPdf(letterNo);
    } catch {
      // The client's handler showed why.
    } finally {
      setDownloading(false);
    }
  };

  let body;
  if (status.isPending) body = <LoadingState rows={8} />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else if (!released) body = <EmptyState description="录取结果尚未发布，发布后你将在这里看到录取通知书。" />;
  else if (letter.isPending) body = <LoadingState rows={8} />;
  else if (letter.isError) body = <ErrorState onRetry={() => void letter.refetch()} />;
  else {
    const data = letter.data;
    body = (
      <>
        <OfferLetterView letter={data} />
        <div className="adm-actions adm-no-print">
          <Button type="primary" size="large" className="adm-button" loading={downloading} onClick={() => void download(data.letter_no)}>
            下载PDF
          </Button>
          <Button size="large" className="adm-button" onClick={() => window.print()}>
            打印
          </Button>
          <Link className="adm-link" to={data.tuition_paid ? PATHS.admissionSuccess : PATHS.admissionPay}>
            {data.tuition_paid ? '查看缴费结果' : '去缴纳学费'}
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title adm-no-print">录取通知书</h1>
      {body}
    </div>
  );
}
