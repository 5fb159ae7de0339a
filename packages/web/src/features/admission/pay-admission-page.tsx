import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PAGES } from '@summit/domain/pages';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ADMISSION_KEYS, fetchOfferLetter } from './admission-api.ts';
import { TuitionPayment } from './tuition-payment.tsx';
import './admission.css';

/** /pay/admission: tuition on its own page (the gate lets only students with a released offer in). */
export default function PayAdmissionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const letter = useQuery({ queryKey: ADMISSION_KEYS.offer, queryFn: fetchOfferLetter, retry: false });

  let body;
  if (letter.isPending) body = <LoadingState />;
  else if (letter.isError) body = <ErrorState onRetry={() => void letter.refetch()} />;
  else
    body = (
      <TuitionPayment
        wholeFen={letter.data.tuition_fen}
        offerStripe
        onAllPaid={() => {
          void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.status });
          void queryClient.invalidateQueries({ queryKey: ADMISSION_KEYS.offer });
          void navigate(PAGES.admissionSuccess, { replace: true });
        }}
      />
    );
  return (
    <div className="page page--narrow adm-page">
      <h1 className="page__title">缴纳学费</h1>
      {body}
    </div>
  );
}
