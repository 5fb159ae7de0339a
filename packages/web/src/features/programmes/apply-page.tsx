import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button } from 'antd';
import type { MyApplication } from '@summit/domain/api/programmes';
import { MSG } from '@summit/domain/messages';
import type { ApplicantRole } from '@summit/domain/programmes';
import { PATHS } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { SSI_ADDITIONAL_STEP, applyCodeOf, blockedMessage, firstOpenStep, visibleSteps } from './apply-model.ts';
import { ApplyForm } from './apply-form.tsx';
import { ApplyStateCard } from './apply-state-card.tsx';
import { useMyApplication } from './programme-api.ts';
import { PayApplyFee } from './pay-apply-fee.tsx';
import { portalHubPathOf } from './portal-links.ts';
import './programmes.css';

type StepView = 'all' | 'main' | 'additional';

function viewOf(pathname: string): StepView {
  if (pathname.startsWith(PATHS.studentAdditionalCsi)) return 'additional';
  if (pathname.startsWith(PATHS.csiApply)) return 'main';
  return 'all';
}

/** The body of an application page once loaded: why not, the form, or the state with the answers. */
export function ApplicationBody({
  app,
  role,
  view = 'all',
  stepIndex,
  onStepIndexChange,
  onStepSubmitted,
  stateActions,
}: {
  app: MyApplication;
  role: ApplicantRole;
  view?: StepView;
  /** Controlled by the page (the SL pages keep the step in the address); else the first open step. */
  stepIndex?: number;
  onStepIndexChange?: (index: number) => void;
  onStepSubmitted?: (stepKey: string, last: boolean) => void;
  stateActions?: React.ReactNode;
}) {
  const steps = visibleSteps(app.programme.steps, view);
  const [ownIndex, setOwnIndex] = useState(() => firstOpenStep(steps, app.submitted_steps));
  const index = stepIndex ?? ownIndex;
  const setIndex = onStepIndexChange ?? setOwnIndex;

  const blocked = blockedMessage(app);
  if (blocked) return <ForbiddenState title={blocked} detail="如有疑问，请联系项目老师。" />;

  const form = (
    <ApplyForm
      app={app}
      role={role}
      code={app.programme.code}
      steps={steps}
      stepIndex={index}
      onStepIndexChange={(next) => {
        setIndex(next);
        window.scrollTo({ top: 0 });
      }}
      {...(onStepSubmitted ? { onStepSubmitted } : {})}
    />
  );
  const started = app.state !== 'not_started' && app.state !== 'draft';
  // Admitted: the way on is the programme's portal (offer, payments, documents), where it has one.
  const hub = app.state === 'admitted' && role === 'student' ? portalHubPathOf(app.programme.code) : null;
  const actions =
    stateActions ?? (hub ? (
      <Link to={hub}>
        查看录取与下一步 ›
      </Link>
    ) : undefined);
  return (
    <>
      {started ? <ApplyStateCard app={app} actions={actions} /> : null}
      {app.state === 'awaiting_fee' && role === 'student' ? <PayApplyFee code={app.programme.code} /> : null}
      {form}
    </>
  );
}

/**
 * /{code}/apply and the spec's own addresses (/sbp/apply, /csi/apply, /volunteer/apply, /h-week/apply,
 * /student/additional-csi): any programme's form, rendered from its definition.
 */
export default function ProgrammeApplyPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const code = applyCodeOf(params.code, pathname);
  const view = viewOf(pathname);
  const query = useMyApplication(code ?? '', 'student', code !== null);

  let body: React.ReactNode;
  let title = '项目申请';
  if (!code) body = <EmptyState description={MSG.PROGRAMME_NOT_FOUND} />;
  else if (query.isPending) body = <LoadingState rows={6} />;
  else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.msg === MSG.PROGRAMME_NOT_FOUND;
    body = notFound ? <EmptyState description={MSG.PROGRAMME_NOT_FOUND} /> : <ErrorState onRetry={() => void query.refetch()} />;
  } else {
    const app = query.data;
    title = view === 'additional' ? `${app.programme.name} · 补充信息` : `${app.programme.name} · 申请`;
    const hasAdditional = app.programme.steps.some((s) => s.key === SSI_ADDITIONAL_STEP);
    const mainDone = app.programme.steps.filter((s) => s.key !== SSI_ADDITIONAL_STEP).every((s) => app.submitted_steps.includes(s.key));
    body = (
      <>
        {app.programme.summary ? <p className="programme-summary">{app.programme.summary}</p> : null}
        {view === 'additional' && hasAdditional && !mainDone ? (
          <Alert
            type="info"
            showIcon
            className="programme-form__notice"
            title={MSG.PROGRAMME_STEP_ORDER}
            action={
              <Link to={PATHS.csiApply}>
                <Button size="small">去填写</Button>
              </Link>
            }
          />
        ) : (
          <ApplicationBody
            app={app}
            role="student"
            view={view}
            onStepSubmitted={(_key, last) => {
              if (view === 'main' && last && hasAdditional && !app.submitted_steps.includes(SSI_ADDITIONAL_STEP)) void navigate(PATHS.studentAdditionalCsi);
            }}
          />
        )}
      </>
    );
  }

  return (
    <div className="page page--narrow programme-page">
      <h1 className="page__title">{title}</h1>
      {body}
    </div>
  );
}
