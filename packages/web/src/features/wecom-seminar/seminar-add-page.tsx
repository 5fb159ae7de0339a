import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { WECOM_SEMINAR_ERRORS, wecomSeminarErrorText } from '@summit/domain/api/wecom-seminar';
import { LoadingState } from '../../components/page-state.tsx';
import { ResultPanel } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { fetchContact, fetchSignup } from './seminar-api.ts';
import { failureType } from './seminar-failure.ts';
import { seminarPaths } from './seminar-paths.ts';
import { seminarStorage } from './seminar-storage.ts';
import './seminar.css';

/** How often the page asks whether the counsellor has been added (WeCom's callback marks it). */
const POLL_MS = 3000;

/**
 * /wecom/seminar/add/{userId}/{type?} (decision 099): the assigned counsellor's contact-me code, made with WeCom's
 * add_contact_way and a state naming this sign-up; once WeCom reports the add, the page says so.
 */
export default function SeminarAddPage() {
  const { userId } = useParams();
  const key = seminarStorage.keyOf(userId);
  const enabled = Boolean(userId && key);
  const contact = useQuery({ queryKey: ['wecom-seminar', 'contact', userId], queryFn: () => fetchContact(userId!, key!), enabled, retry: false, staleTime: Infinity });
  const view = useQuery({
    queryKey: ['wecom-seminar', 'add-view', userId],
    queryFn: ({ signal }) => fetchSignup(userId!, key!, signal),
    enabled: enabled && contact.isSuccess,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'connected' ? false : POLL_MS),
  });

  if (!enabled || contact.isError) {
    const type = contact.isError ? failureType(contact.error) : WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND;
    return (
      <ResultPanel
        kind="error"
        title={wecomSeminarErrorText(type)}
        detail={type === WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND ? '请在报名时使用的手机或浏览器中打开，或重新报名。' : '请稍后再试。'}
        actions={[type === WECOM_SEMINAR_ERRORS.SIGNUP_NOT_FOUND ? { label: '重新报名', to: PATHS.wecomSeminar, primary: true } : { label: '返回', to: seminarPaths.divide(userId ?? ''), primary: true }]}
      />
    );
  }
  if (contact.isPending) return <div className="page page--narrow ws-page"><LoadingState rows={5} /></div>;
  const connected = view.data?.status === 'connected' || contact.data.connected;
  const name = view.data?.counsellor?.name ?? '顾问';
  return (
    <div className="page page--narrow ws-page">
      <h1 className="page__title">添加招生顾问</h1>
      {connected ? (
        <p className="ws-status ws-status--done ws-status--big" role="status" data-testid="connected">
          已添加{name}为企业微信联系人，顾问会尽快与你联系。
        </p>
      ) : (
        <p className="ws-lead">长按识别或使用微信、企业微信扫描下方二维码，添加{name}为联系人。</p>
      )}
      <figure className="ws-qr">
        <img src={contact.data.qr_code} width={240} height={240} alt={`${name}的企业微信联系我二维码`} />
      </figure>
      {!connected ? (
        <p className="ws-note" role="status">
          添加成功后本页会自动更新。
        </p>
      ) : null}
      {contact.data.demo_scan_url ? (
        <a className="ws-button" href={contact.data.demo_scan_url} target="_blank" rel="noopener noreferrer">
          本地演示：模拟扫码添加
        </a>
      ) : null}
      {view.data ? (
        <Link className="ws-button" to={seminarPaths.middle(view.data.seminar.id, view.data.code)}>
          返回顾问信息
        </Link>
      ) : null}
    </div>
  );
}
