import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from 'antd';
import type { MyApplication } from '@summit/domain/api/programmes';
import { APPLICATION_STATE_LABELS, BUILTIN_PROGRAMMES } from '@summit/domain/programmes';
import { slApplicationPath } from '../../lib/paths.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { firstOpenStep, stateDetail, stateTone } from './apply-model.ts';
import { ApplicationBody } from './apply-page.tsx';
import { useMyApplication } from './programme-api.ts';
import './programmes.css';

type SlCode = typeof BUILTIN_PROGRAMMES.sl | typeof BUILTIN_PROGRAMMES.ccl;
const SL_CODES: readonly SlCode[] = [BUILTIN_PROGRAMMES.sl, BUILTIN_PROGRAMMES.ccl];

/** One line per application of the student leader: its state and the way to it. */
function OverviewCard({ code, app, current }: { code: SlCode; app: MyApplication | undefined; current: boolean }) {
  if (!app) return null;
  const label = app.state === 'not_started' ? '开始填写' : app.state === 'draft' ? '继续填写' : '查看申请';
  return (
    <section className={`programme-state programme-state--${stateTone(app.state)}`} data-testid={`sl-overview-${code}`}>
      <p className="programme-overview__name">{app.programme.name}</p>
      <p className="programme-state__value">{APPLICATION_STATE_LABELS[app.state]}</p>
      <p className="programme-state__detail">{stateDetail(app.state, app.decision?.offer_label ?? null)}</p>
      {current ? null : (
        <div className="programme-state__actions">
          <Link to={slApplicationPath(code)}>
            <Button>{label}</Button>
          </Link>
        </div>
      )}
    </section>
  );
}

/**
 * /sl/application (the student leader's landing), /sl/application/{step}, /ccl/application and
 * /ccl/application/{step}: both applications' states, and the chosen one's form at step N (1-based).
 */
export default function SlApplicationPage() {
  const { pathname } = useLocation();
  const { step } = useParams();
  const navigate = useNavigate();
  const code: SlCode = pathname.startsWith('/ccl') ? BUILTIN_PROGRAMMES.ccl : BUILTIN_PROGRAMMES.sl;
  const sl = useMyApplication(BUILTIN_PROGRAMMES.sl, 'sl');
  const ccl = useMyApplication(BUILTIN_PROGRAMMES.ccl, 'sl');
  const query = code === BUILTIN_PROGRAMMES.sl ? sl : ccl;
  const requested = step ? Number.parseInt(step, 10) : Number.NaN;

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState rows={6} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const app = query.data;
    const steps = app.programme.steps;
    const valid = Number.isInteger(requested) && requested >= 1 && requested <= steps.length;
    if (step !== undefined && !valid) body = <EmptyState description="申请步骤不存在" />;
    else {
      const index = valid ? requested - 1 : firstOpenStep(steps, app.submitted_steps);
      body = (
        <>
          <h2 className="programme-card__title" style={{ marginBottom: 16 }}>
            {app.programme.name}
          </h2>
          <ApplicationBody
            app={app}
            role="sl"
            stepIndex={index}
            onStepIndexChange={(next) => void navigate(slApplicationPath(code, next + 1))}
            onStepSubmitted={(_key, last) => {
              if (last) void navigate(slApplicationPath(code));
            }}
          />
        </>
      );
    }
  }

  return (
    <div className="page programme-page">
      <h1 className="page__title">学生领袖申请</h1>
      <div className="programme-overview">
        {SL_CODES.map((c) => (
          <OverviewCard key={c} code={c} app={(c === BUILTIN_PROGRAMMES.sl ? sl : ccl).data} current={c === code} />
        ))}
      </div>
      {body}
    </div>
  );
}
