import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MP_ENTRY_LANDING_ID, MP_MSG, mpLandingSchema, type MpLanding } from '@summit/domain/api/miniprogram';
import { isSameOriginPath } from '@summit/domain/api/wechat';
import { MSG } from '@summit/domain/messages';
import { PATHS } from '../../lib/paths.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { api } from '../../lib/api-client.ts';
import { STORAGE_KEYS, authStorage } from '../../lib/auth-storage.ts';
import { homePathOf } from '../../lib/home-path.ts';
import { afterMiniLogin, exchangeWebviewCode, hashWithoutCode, webviewCodeOf } from '../../lib/miniprogram-session.ts';
import { toast } from '../../lib/notifier.ts';
import { isMiniProgram } from '../../lib/platform.ts';
import { queryClient } from '../../lib/query-client.ts';
import './wechat.css';

type State =
  | { kind: 'loading' }
  | { kind: 'signing-in' }
  | { kind: 'ready'; landing: MpLanding }
  | { kind: 'need-bind'; target: string }
  | { kind: 'bad-code' }
  | { kind: 'not-found' }
  | { kind: 'error' };

/** A page of the site the mini-program's share asks the entry to go on to (?to=), or null. */
function sharedPath(): string | null {
  const to = new URLSearchParams(window.location.search).get('to');
  return to && isSameOriginPath(to) && !to.startsWith('/mini/') ? to : null;
}

/** Where the landing leads: its page, the shared page (?to=), or for the programme entry the student's own home. */
function targetOf(landing: MpLanding | null, loggedIn: boolean): string {
  if (landing && landing.target_path !== '/') return landing.target_path;
  return sharedPath() ?? (loggedIn ? homePathOf('student') : PATHS.home);
}

const loginWith = (target: string) => `${PATHS.login}?r=${encodeURIComponent(target)}`;

/**
 * /mini/{id}: what a mini-program card, a mini-program code or the mini-program's own home opens in its web-view
 * (decision 097). `id` names a landing: 1 is the programme entry, others a page of the site shared by a student
 * (their referral code is kept as `mini_referrer_id`, bound after login). Opened by the mini-program after its
 * login, the URL carries a one-time code in its fragment (#mp_code=…): the page trades it for the session (or, for a
 * WeChat not bound yet, asks for a phone login that binds it) and removes it from the address at once.
 */
export default function MiniLandingPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const inMini = isMiniProgram();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const code = webviewCodeOf(window.location.hash);
    if (code) window.history.replaceState(null, '', window.location.pathname + window.location.search + hashWithoutCode(window.location.hash));
    const landingId = Number(id);
    void (async () => {
      let landing: MpLanding | null = null;
      if (Number.isInteger(landingId) && landingId > 0 && landingId <= 2_147_483_647) {
        landing = await api.get(`/mini/landing/${landingId}`, { schema: mpLandingSchema, quiet: true, navigate: false }).catch(() => null);
      }
      if (!live) return;
      // The sharer's referral code, kept until a login binds it (docs/product/states.md).
      if (landing?.referrer_id) authStorage.set(STORAGE_KEYS.referrerId, landing.referrer_id);
      if (code) {
        setState({ kind: 'signing-in' });
        const result = await exchangeWebviewCode(code).catch(() => null);
        if (!live) return;
        if (!result) return setState({ kind: 'bad-code' });
        if (!result.login) return setState({ kind: 'need-bind', target: targetOf(landing, true) });
        queryClient.clear();
        authStorage.saveLogin('student', result.login.token);
        const extra = await afterMiniLogin();
        toast('success', `${MSG.LOGIN_OK}${extra}`);
        await navigate(targetOf(landing, true), { replace: true });
        return;
      }
      if (!landing) return setState({ kind: Number.isInteger(landingId) && landingId > 0 ? 'not-found' : 'error' });
      setState({ kind: 'ready', landing });
    })();
    return () => {
      live = false;
    };
  }, [id, navigate]);

  switch (state.kind) {
    case 'loading':
      return <ResultPanel kind="waiting" title="正在打开…" detail="正在读取入口。" />;
    case 'signing-in':
      return <ResultPanel kind="waiting" title="正在登录…" detail="正在确认小程序的登录状态。" />;
    case 'bad-code':
      return <ResultPanel kind="error" title="登录已失效" detail={MP_MSG.TICKET_INVALID} actions={[{ label: '手机号登录', to: PATHS.login, primary: true }]} />;
    case 'need-bind':
      return (
        <ResultPanel
          kind="error"
          title="该微信尚未绑定账号"
          detail="请用手机号登录或注册，登录后将自动绑定此微信，下次从小程序进入即可直接登录。"
          actions={[
            { label: '手机号登录', to: loginWith(state.target), primary: true },
            { label: '注册', to: `${PATHS.register}?r=${encodeURIComponent(state.target)}` },
          ]}
        />
      );
    case 'not-found':
      return <ResultPanel kind="error" title={MP_MSG.LANDING_NOT_FOUND} detail="该入口已失效，请从小程序首页进入。" actions={[{ label: '进入首页', to: `/mini/${MP_ENTRY_LANDING_ID}`, primary: true }]} />;
    case 'error':
      return <ResultPanel kind="error" title="无法打开入口" detail="请检查网络后重试，或从小程序首页进入。" actions={[{ label: '进入首页', to: PATHS.home, primary: true }]} />;
    case 'ready':
      break;
  }

  const { landing } = state;
  const loggedIn = authStorage.isLoggedInAs('student');
  const target = targetOf(landing, loggedIn);
  const entry = landing.id === MP_ENTRY_LANDING_ID;
  return (
    <div className="page page--narrow mini-landing">
      <h1 className="page__title">{landing.title}</h1>
      <p className="mini-landing__lead">
        {inMini ? '欢迎从小程序进入。' : '这是 Summit 小程序的入口页面。'}
        {entry ? '从这里开始你的申请、缴费与选课。' : '好友邀请你查看这个页面。'}
      </p>
      {landing.referrer_id && !loggedIn ? <p className="mini-landing__note">登录或注册后，将记录邀请你的好友。</p> : null}
      <div className="mini-landing__actions">
        {loggedIn ? (
          <Link className="mini-landing__primary" to={target}>
            {entry ? '进入学生中心' : '打开页面'}
          </Link>
        ) : (
          <Link className="mini-landing__primary" to={loginWith(target)}>
            登录 / 注册
          </Link>
        )}
        <Link className="mini-landing__secondary" to={entry ? PATHS.home : target}>
          {entry ? '了解项目' : '先看看'}
        </Link>
      </div>
      {inMini ? null : (
        <section className="mini-landing__guide" aria-label="如何打开小程序">
          <h2>在微信中打开小程序</h2>
          <ol>
            <li>打开微信，点击顶部搜索</li>
            <li>搜索「Summit 高中生夏季学术项目」小程序</li>
            <li>在小程序中登录后，将自动进入此页面并保持登录</li>
          </ol>
        </section>
      )}
    </div>
  );
}
