import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginResult } from '@summit/domain/api/auth';
import { MP_MSG, MP_TIMING, mpPollResultSchema, mpSceneCreatedSchema, type MpSceneCreated, type MpSceneStatus } from '@summit/domain/api/miniprogram';
import { ApiError, api } from '../../lib/api-client.ts';
import { fetchWechatStatus } from '../../lib/wechat.ts';
import './scan-login.css';

type View =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'error'; text: string }
  | { kind: 'scene'; scene: MpSceneCreated; status: MpSceneStatus | 'expired'; secondsLeft: number };

/** The poll, with the scene's secret in a header: never in the code, never in a URL (decision 097). */
async function pollOnce(scene: MpSceneCreated) {
  const res = await fetch(`/api/login-mp/poll?scene_id=${encodeURIComponent(scene.scene_id)}`, {
    headers: { Accept: 'application/json', 'x-mp-poll-secret': scene.poll_secret, 'x-plat': 'web' },
  });
  const body = (await res.json()) as { status?: unknown; msg?: unknown; data?: unknown };
  if (body.status !== 200) throw new Error(typeof body.msg === 'string' ? body.msg : '网络错误');
  return mpPollResultSchema.parse(body.data);
}

const STATUS_TEXT: Record<MpSceneStatus | 'expired', string> = {
  pending: '请使用微信扫描小程序码',
  scanned: '已扫码，请在手机上确认登录',
  confirmed: '已确认，正在登录…',
  consumed: '此小程序码已使用，请刷新',
  cancelled: '已在手机上取消登录',
  expired: MP_MSG.SCENE_EXPIRED,
};

/**
 * Scan to log in with the mini-program (decision 097): a mini-program code for a fresh scene, valid 2 minutes;
 * the page asks every 3 s whether the student confirmed in the mini-program, and only this browser (it alone
 * holds the scene's secret) receives the session. Renders nothing when the mini-program login is off.
 */
export default function ScanLoginPanel({ onLogin }: { onLogin: (login: LoginResult) => Promise<void> }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  // Demo mode: the stand-in's page that plays the phone (decision 097), so the flow runs on one machine.
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchWechatStatus().then((status) => live && setDemo(status.demo));
    return () => {
      live = false;
    };
  }, []);
  const finished = useRef(false);

  const fresh = useCallback(async () => {
    setView({ kind: 'loading' });
    try {
      const scene = await api.post('/login-mp/scene', undefined, { schema: mpSceneCreatedSchema, quiet: true, navigate: false });
      setView({ kind: 'scene', scene, status: 'pending', secondsLeft: Math.round(MP_TIMING.sceneTtlMs / 1000) });
    } catch (err) {
      if (err instanceof ApiError && err.msg === MP_MSG.OFF) setView({ kind: 'off' });
      else setView({ kind: 'error', text: err instanceof ApiError ? err.msg : '网络错误，请重试' });
    }
  }, []);

  useEffect(() => {
    void fresh();
  }, [fresh]);

  const scene = view.kind === 'scene' ? view.scene : null;
  const waiting = view.kind === 'scene' && (view.status === 'pending' || view.status === 'scanned');

  // The countdown: the code dies at expires_at whatever the poll says.
  useEffect(() => {
    if (!scene || !waiting) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((new Date(scene.expires_at).getTime() - Date.now()) / 1000));
      setView((v) => (v.kind === 'scene' && v.scene === scene ? { ...v, secondsLeft: left, status: left === 0 ? 'expired' : v.status } : v));
    };
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [scene, waiting]);

  // The poll, every 3 s (spec: mini-program poll 3 s) while the code is live.
  useEffect(() => {
    if (!scene || !waiting) return;
    let live = true;
    const timer = window.setInterval(() => {
      void pollOnce(scene)
        .then(async (answer) => {
          if (!live || finished.current) return;
          if (answer.status === 'confirmed' && answer.login) {
            finished.current = true;
            setView((v) => (v.kind === 'scene' ? { ...v, status: 'confirmed' } : v));
            await onLogin(answer.login);
            return;
          }
          setView((v) => (v.kind === 'scene' && v.scene === scene && v.status !== answer.status ? { ...v, status: answer.status } : v));
        })
        .catch(() => undefined);
    }, scene.poll_interval_ms);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [scene, waiting, onLogin]);

  if (view.kind === 'off') return null;
  const dead = view.kind === 'scene' && !waiting && view.status !== 'confirmed';
  return (
    <section className="mp-scan" aria-labelledby="mp-scan-title">
      <h2 id="mp-scan-title" className="mp-scan__title">
        微信扫码，在小程序中确认登录
      </h2>
      <div className={`mp-scan__code${dead ? ' mp-scan__code--dead' : ''}`}>
        {view.kind === 'scene' ? (
          <img src={view.scene.qr_image} width={180} height={180} alt="Summit 小程序码：用微信扫码后在小程序中确认登录本浏览器" data-scene={view.scene.scene_id} />
        ) : view.kind === 'loading' ? (
          <span className="mp-scan__loading" role="status" aria-label="正在生成小程序码" />
        ) : (
          <span className="mp-scan__error">{view.text}</span>
        )}
      </div>
      {view.kind === 'scene' ? (
        <p className={`mp-scan__status mp-scan__status--${view.status}`} role="status" aria-live="polite">
          {STATUS_TEXT[view.status]}
          {waiting ? <span className="mp-scan__left">（{view.secondsLeft} 秒后失效）</span> : null}
        </p>
      ) : null}
      {dead || view.kind === 'error' ? (
        <button type="button" className="mp-scan__refresh" onClick={() => void fresh()}>
          刷新小程序码
        </button>
      ) : null}
      {demo && view.kind === 'scene' && waiting ? (
        <a className="mp-scan__demo" href={`/__wechat/mini-phone/scan?scene=${encodeURIComponent(view.scene.scene_id)}`} target="_blank" rel="noopener noreferrer">
          演示：在本机模拟手机扫码
        </a>
      ) : null}
      <p className="mp-scan__hint">首次使用请先在小程序中用手机号登录一次；小程序码 2 分钟内有效，只能登录发起扫码的这台设备。</p>
    </section>
  );
}
