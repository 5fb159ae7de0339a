import { Suspense, lazy, useCallback } from 'react';
import type { LoginResult } from '@summit/domain/api/auth';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { authStateOf, type AuthState } from './auth-state.ts';
import { AuthLink, useAuthHref } from './auth-links.tsx';
import { PlainPasswordLoginForm } from './plain-login-form.tsx';
import { isWechatBrowser } from '../../lib/platform.ts';
import { returnTargetFrom } from '../../lib/navigation.ts';
import { WECHAT_MSG_TEXT } from './wechat-texts.ts';
import './login-screen.css';

// The profile form carries the area cascader and school search: only students completing /info need them.
const CompleteInfoPanel = lazy(() => import('./complete-info-panel.tsx'));
// SMS login, register and reset are antd forms; the password login (what /login opens on) is plain markup.
const AntdAuthForms = lazy(() => import('./antd-auth-forms.tsx'));
// The WeChat states (decision 069): plain markup too; the QR library loads only for WX_SERVICE.
const WechatOneTap = lazy(() => import('./wechat-login-panel.tsx').then((m) => ({ default: m.WechatOneTap })));
const WechatServicePanel = lazy(() => import('./wechat-login-panel.tsx').then((m) => ({ default: m.WechatServicePanel })));
const DemoWechatSwitch = lazy(() => import('./wechat-login-panel.tsx').then((m) => ({ default: m.DemoWechatSwitch })));
// Scan to log in with the mini-program (decision 097): shown beside WX_SERVICE, outside WeChat.
const MiniScanLogin = lazy(() => import('../../components/miniprogram/scan-login-panel.tsx'));

const HEADINGS: Record<AuthState, { title: string; subtitle: string }> = {
  LOGIN: { title: '欢迎回来', subtitle: 'Summit 高中生夏季学术项目' },
  SMS: { title: '欢迎回来', subtitle: 'Summit 高中生夏季学术项目' },
  REGIST: { title: '创建账号', subtitle: '使用手机号注册，开启你的夏季学术之旅' },
  FIND_PASSWORD: { title: '找回密码', subtitle: '通过手机验证码设置新密码' },
  COMPLETE_INFO: { title: '完善个人信息', subtitle: '请填写真实信息，以便项目组与你联系' },
  WX: { title: '微信登录', subtitle: 'Summit 高中生夏季学术项目' },
  WX_SERVICE: { title: '微信登录', subtitle: '关注公众号，随时查看申请与录取进度' },
};

/** /sl is the student leaders' entry (docs/product/screens-and-routes.md): the same login, its own heading (decision 028). */
const SL_HEADING = { title: '学生领袖登录', subtitle: 'Summit 学生领袖（SL）专区 · 使用项目组开通的账号登录' };

function LoginTabs({ state, base, wechat }: { state: 'LOGIN' | 'SMS' | 'WX' | 'WX_SERVICE'; base: string; wechat: boolean }) {
  const href = useAuthHref();
  return (
    <nav className="auth-tabs" aria-label="登录方式">
      <AuthLink to={href(base)} current={state === 'LOGIN'} className="auth-tabs__tab">
        密码登录
      </AuthLink>
      <AuthLink to={href(base, { mode: 'sms' })} current={state === 'SMS'} className="auth-tabs__tab">
        验证码登录
      </AuthLink>
      {wechat ? (
        <AuthLink to={href(base, { mode: 'wx' })} current={state === 'WX' || state === 'WX_SERVICE'} className="auth-tabs__tab">
          微信登录
        </AuthLink>
      ) : null}
    </nav>
  );
}

/** While an antd form's chunk loads: input-shaped bars in plain markup (antd's Skeleton would need antd). */
function FormLoading({ rows }: { rows: number }) {
  return (
    <div className="auth-form-loading" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="auth-form-loading__bar" />
      ))}
    </div>
  );
}

/** Leaving without logging in goes home: the page that asked for a login would only ask again. */
function CloseButton() {
  const navigate = useNavigate();
  const close = () => void navigate(PATHS.home);
  return (
    <button type="button" className="auth-card__close" aria-label="关闭" onClick={close}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

export default function LoginScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const inWechat = isWechatBrowser();
  const state = authStateOf(location.pathname, params, inWechat);
  const loginStates = state === 'LOGIN' || state === 'SMS' || state === 'WX' || state === 'WX_SERVICE';
  // An unbound WeChat login came back here: the phone login that follows binds it (decision 069).
  const pendingWechat = params.get('wx') === 'bind';
  const slEntry = location.pathname.replace(/\/+$/, '').toLowerCase() === PATHS.slEntry;
  const heading = slEntry && (state === 'LOGIN' || state === 'SMS') ? SL_HEADING : HEADINGS[state];
  const navigate = useNavigate();
  const miniLogin = useCallback(
    async (login: LoginResult) => {
      const { LOGIN_SUCCESS_TEXT, completeLogin } = await import('./auth-api.ts');
      await navigate(await completeLogin(login, returnTargetFrom(params), LOGIN_SUCCESS_TEXT), { replace: true });
    },
    [navigate, params],
  );

  return (
    <div className="auth-screen">
      <section className={`auth-card auth-card--${state.toLowerCase()}`} aria-labelledby="auth-title">
        {/* COMPLETE_INFO cannot be dismissed (docs/product/states.md): the profile comes first. */}
        {state === 'COMPLETE_INFO' ? null : <CloseButton />}
        <header className="auth-card__header">
          <h1 id="auth-title" className="auth-card__title">
            {heading.title}
          </h1>
          <p className="auth-card__subtitle">{heading.subtitle}</p>
        </header>
        {loginStates && !slEntry ? <LoginTabs state={state} base={PATHS.login} wechat /> : null}
        {slEntry && (state === 'LOGIN' || state === 'SMS') ? <LoginTabs state={state} base={PATHS.slEntry} wechat={false} /> : null}
        {pendingWechat && (state === 'LOGIN' || state === 'SMS') ? (
          <p className="auth-notice" role="status">
            {WECHAT_MSG_TEXT.needBind}
          </p>
        ) : null}
        {/* Opened from WeCom (decision 098): the login or registration that follows binds the WeCom identity. */}
        {params.has('wecom') && (state === 'LOGIN' || state === 'SMS' || state === 'REGIST') ? (
          <p className="auth-notice" role="status">
            登录或注册后，将把你的企业微信绑定到此账号
          </p>
        ) : null}
        {(state === 'LOGIN' && inWechat && !pendingWechat && !slEntry) || state === 'WX' ? (
          <Suspense fallback={<FormLoading rows={1} />}>
            <WechatOneTap compact={state === 'LOGIN'} />
          </Suspense>
        ) : null}
        {state === 'WX_SERVICE' ? (
          <Suspense fallback={<FormLoading rows={3} />}>
            <MiniScanLogin onLogin={miniLogin} />
            <WechatServicePanel />
          </Suspense>
        ) : null}
        {state === 'LOGIN' ? <PlainPasswordLoginForm key="login" /> : null}
        {state === 'SMS' || state === 'REGIST' || state === 'FIND_PASSWORD' ? (
          <Suspense fallback={<FormLoading rows={4} />}>
            <AntdAuthForms state={state} />
          </Suspense>
        ) : null}
        {state === 'COMPLETE_INFO' ? (
          <Suspense fallback={<FormLoading rows={6} />}>
            <CompleteInfoPanel key="info" />
          </Suspense>
        ) : null}
        {loginStates ? (
          <Suspense fallback={null}>
            <DemoWechatSwitch />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
