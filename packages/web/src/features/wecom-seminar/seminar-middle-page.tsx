import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { WECOM_SEMINAR_ERRORS, WECOM_SEMINAR_MSG, wecomSeminarErrorText } from '@summit/domain/api/wecom-seminar';
import { LoadingState } from '../../components/page-state.tsx';
import { ResultPanel } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { SEMINAR_KEYS, fetchSignup } from './seminar-api.ts';
import { failureType } from './seminar-failure.ts';
import { beijing } from './seminar-format.ts';
import { seminarPaths } from './seminar-paths.ts';
import { seminarStorage } from './seminar-storage.ts';
import './seminar.css';

/**
 * /wecom/seminar/middle/{type}/{userId} (decision 099): the sign-up's seminar and the counsellor assigned to it,
 * with the way on to the counsellor's contact-me code. Only the browser holding the sign-up's key sees it.
 */
export default function SeminarMiddlePage() {
  const { userId } = useParams();
  const key = seminarStorage.keyOf(userId);
  const view = useQuery({
    queryKey: SEMINAR_KEYS.view(userId ?? ''),
    queryFn: ({ signal }) => fetchSignup(userId!, key!, signal),
    enabled: Boolean(userId && key),
    retry: false,
    // The add page may have just seen the counsellor added: always read the sign-up afresh.
    staleTime: 0,
    refetchOnMount: 'always',
  });

  if (!userId || !key || view.isError) {
    const type = view.isError ? failureType(view.error) : WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND;
    return <ResultPanel kind="error" title={wecomSeminarErrorText(type)} detail="请在报名时使用的手机或浏览器中打开，或重新报名。" actions={[{ label: '重新报名', to: PATHS.wecomSeminar, primary: true }]} />;
  }
  if (view.isPending) return <div className="page page--narrow ws-page"><LoadingState rows={4} /></div>;
  const v = view.data;
  return (
    <div className="page page--narrow ws-page">
      <h1 className="page__title">你的招生顾问</h1>
      <section className="ws-card" aria-label="报名信息">
        <p className="ws-card__label">已报名</p>
        <p className="ws-card__title">{v.seminar.title}</p>
        <p className="ws-card__meta">
          {beijing(v.seminar.starts_at)}
          {v.seminar.location ? ` · ${v.seminar.location}` : ''}
        </p>
      </section>
      {v.counsellor ? (
        <section className="ws-card ws-counsellor" aria-label="招生顾问">
          <span className="ws-avatar" aria-hidden="true">
            {v.counsellor.name.slice(0, 1)}
          </span>
          <div>
            <p className="ws-card__title" data-testid="counsellor-name">
              {v.counsellor.name}
            </p>
            {v.counsellor.intro ? <p className="ws-card__meta">{v.counsellor.intro}</p> : null}
            <p className={v.status === 'connected' ? 'ws-status ws-status--done' : 'ws-status'} data-testid="signup-status">
              {v.status === 'connected' ? '已添加顾问企业微信' : '尚未添加顾问企业微信'}
            </p>
          </div>
        </section>
      ) : (
        <section className="ws-card" aria-label="招生顾问">
          <p className="ws-card__title">{WECOM_SEMINAR_MSG.NO_COUNSELLOR}</p>
          <Link className="ws-button" to={seminarPaths.divide(v.code)}>
            重新分配
          </Link>
        </section>
      )}
      {v.counsellor ? (
        <Link className="ws-button ws-button--primary" to={seminarPaths.add(v.code, v.seminar.id)}>
          {v.status === 'connected' ? '查看顾问二维码' : '添加顾问企业微信'}
        </Link>
      ) : null}
      <p className="ws-note">说明会链接与资料将由顾问通过企业微信发送给你。</p>
    </div>
  );
}
