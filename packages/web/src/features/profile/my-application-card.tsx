import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { offerLetterSchema, studentFeesSchema } from '@summit/domain/api/admission';
import { applyStateSchema } from '@summit/domain/api/application';
import { isOfferIssued, studentStatusSchema } from '@summit/domain/student-status';
import { api } from '../../lib/api-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { describeJourney } from './my-application.ts';

// The same query keys the apply and admission pages use, so a payment or a submission there refreshes this.
const KEYS = { apply: ['student', 'apply'] as const, fees: ['student', 'fees'] as const, offer: ['student', 'offer-letter'] as const };

/** 我的申请 on /account: state, decision, amounts, deadlines and the next step (docs/decisions/025). */
export function MyApplicationCard() {
  const navigate = useNavigate();
  const status = useQuery({ queryKey: SESSION_KEYS.studentStatus, queryFn: ({ signal }) => api.get('/student/status', { schema: studentStatusSchema, signal }) });
  const s = status.data;
  const infoDone = Boolean(s?.activate_status_v5.info_completed);
  // Supporting figures: each is optional, so a refused or slow one never hides the next step.
  const apply = useQuery({
    queryKey: KEYS.apply,
    queryFn: ({ signal }) => api.get('/student/v5/apply', { schema: applyStateSchema, signal, quiet: true }),
    enabled: infoDone,
    retry: false,
  });
  const fees = useQuery({
    queryKey: KEYS.fees,
    queryFn: ({ signal }) => api.get('/student/fees', { schema: studentFeesSchema, signal, quiet: true }),
    enabled: Boolean(s?.apply_v5.step1_submitted && !s.is_apply_paid),
    retry: false,
  });
  const letter = useQuery({
    queryKey: KEYS.offer,
    queryFn: () => api.post('/student/offer-letter', {}, { schema: offerLetterSchema, quiet: true }),
    enabled: Boolean(s && isOfferIssued(s)),
    retry: false,
  });

  let body;
  if (status.isPending) body = <LoadingState rows={3} />;
  else if (status.isError) body = <ErrorState onRetry={() => void status.refetch()} />;
  else {
    const view = describeJourney({ status: status.data, apply: apply.data ?? null, fees: fees.data ?? null, letter: letter.data ?? null, now: new Date() });
    body = (
      <>
        <p className={`journey__stage journey__stage--${view.tone}`} data-testid="journey-stage">
          {view.stage}
        </p>
        <p className="journey__headline">{view.headline}</p>
        {view.facts.length > 0 ? (
          <dl className="journey__facts">
            {view.facts.map((f) => (
              <div key={f.label} className="journey__fact">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="journey__actions">
          {view.next ? (
            <Button type="primary" size="large" className="journey__button" onClick={() => void navigate(view.next!.path)}>
              {view.next.label}
            </Button>
          ) : null}
          {view.links.map((l) => (
            <Link key={l.path} to={l.path} className="journey__link">
              {l.label}
            </Link>
          ))}
        </div>
      </>
    );
  }
  return (
    <section className="profile-card journey" id="my-application" aria-labelledby="my-application-title">
      <h2 className="journey__title" id="my-application-title">
        我的申请
      </h2>
      {body}
    </section>
  );
}
