import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { authStorage } from '../../lib/auth-storage.ts';
import { isMiniProgram } from '../../lib/platform.ts';
import './wechat.css';

/** What a mini-program hands its web-view in the URL fragment (never sent to a server or written to a log). */
function tokenFromFragment(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]{20,512})(?:&|$)/.exec(window.location.hash);
  return match?.[1] ?? null;
}

/**
 * /mini/{id}: the mini-program's web-view landing (docs/product/users-and-roles.md mini-program mode; decision 069). Inside the
 * web-view the mini-program, having logged in through /api/login-mp, opens this page with its student token in
 * the fragment (#token=…); the page checks it with /api/auth/info, keeps it as the student login and removes it
 * from the address. Outside a mini-program the page explains how to open it. `id` names the entry the
 * mini-program shows: 1 the programme entry (the student's next step).
 */
export default function MiniLandingPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const inMini = isMiniProgram();
  const [state, setState] = useState<'checking' | 'ready' | 'bad-token'>(() => (tokenFromFragment() ? 'checking' : 'ready'));

  useEffect(() => {
    const token = tokenFromFragment();
    if (!token) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    let live = true;
    void (async () => {
      const res = await fetch('/api/auth/info', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'x-plat': 'wechatweb' } }).catch(() => null);
      const body = (await res?.json().catch(() => null)) as { status?: unknown; data?: { type?: string } } | null;
      if (!live) return;
      if (body?.status === 200 && body.data?.type === 'STUDENT') {
        authStorage.saveLogin('student', token);
        await navigate(PATHS.studentApply, { replace: true });
      } else {
        setState('bad-token');
      }
    })();
    return () => {
      live = false;
    };
  }, [navigate]);

  if (state === 'checking') return <ResultPanel kind="waiting" title="正在登录…" detail="正在确认小程序的登录状态。" />;
  if (state === 'bad-token') {
    return <ResultPanel kind="error" title="登录已失效" detail="请返回小程序重新进入，或使用手机号登录。" actions={[{ label: '手机号登录', to: PATHS.login, primary: true }]} />;
  }
  return (
    <div className="page page--narrow mini-landing">
      <h1 className="page__title">Summit 高中生夏季学术项目</h1>
      <p className="mini-landing__lead">
        {inMini ? '欢迎从小程序进入。' : '这是 Summit 小程序的入口页面。'}
        {id === '1' || !id ? '从这里开始你的申请、缴费与选课。' : `入口编号 ${id}。`}
      </p>
      <div className="mini-landing__actions">
        <Link className="mini-landing__primary" to={authStorage.currentToken() ? PATHS.studentApply : PATHS.login}>
          {authStorage.currentToken() ? '进入学生中心' : '登录 / 注册'}
        </Link>
        <Link className="mini-landing__secondary" to={PATHS.home}>
          了解项目
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
