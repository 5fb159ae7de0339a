import { Link } from 'react-router';
import { Button } from 'antd';
import { BUILTIN_PROGRAMMES } from '@summit/domain/programmes';
import { PATHS } from '../../lib/paths.ts';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { blockedMessage } from './apply-model.ts';
import { ApplyStateCard } from './apply-state-card.tsx';
import { useMyApplication } from './programme-api.ts';
import './programmes.css';

/**
 * /volunteer/application: where a volunteer or trainee lands once their info is complete (docs/product/states.md): the
 * application's state, the decision once released, and the way into /volunteer/apply.
 */
export default function VolunteerApplicationPage() {
  const query = useMyApplication(BUILTIN_PROGRAMMES.volunteer);

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState rows={4} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const app = query.data;
    const blocked = blockedMessage(app);
    const label = app.state === 'not_started' ? '开始申请' : app.state === 'draft' ? '继续填写' : '查看申请表';
    body = (
      <>
        {app.programme.summary ? <p className="programme-summary">{app.programme.summary}</p> : null}
        {blocked ? (
          <ForbiddenState title={blocked} detail="如有疑问，请联系项目老师。" />
        ) : (
          <ApplyStateCard
            app={app}
            actions={
              <Link to={PATHS.volunteerApply}>
                <Button type={app.state === 'not_started' || app.state === 'draft' ? 'primary' : 'default'}>{label}</Button>
              </Link>
            }
          />
        )}
        {app.state === 'not_started' || app.state === 'draft' ? (
          <section className="programme-card">
            <h2 className="programme-card__title">申请流程</h2>
            <ol>
              {app.programme.steps.map((s) => (
                <li key={s.key}>{s.title}</li>
              ))}
              <li>等待审核与录取结果</li>
            </ol>
          </section>
        ) : null}
      </>
    );
  }
  return (
    <div className="page page--narrow programme-page">
      <h1 className="page__title">{query.data?.programme.name ?? '志愿者申请'}</h1>
      {body}
    </div>
  );
}
