import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { WECHAT_MSG_TEXT } from './wechat-texts.ts';
import { returnTargetFrom } from '../../lib/navigation.ts';
import { fetchWechatStatus, isDemoAsWechat, setDemoAsWechat, type WechatStatusInfo } from '../../lib/wechat.ts';

function useWechatStatus(): WechatStatusInfo | null {
  const [status, setStatus] = useState<WechatStatusInfo | null>(null);
  useEffect(() => {
    let live = true;
    void fetchWechatStatus().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);
  return status;
}

/**
 * WX (decision 069): inside WeChat, 微信一键登录 starts the base OAuth; a bound WeChat comes back logged in,
 * an unbound one comes back to this screen to log in by phone, which then binds it.
 */
export function WechatOneTap({ compact }: { compact?: boolean }) {
  const [params] = useSearchParams();
  const status = useWechatStatus();
  const [busy, setBusy] = useState(false);
  if (!status?.enabled) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { api } = await import('../../lib/api-client.ts');
      const back = returnTargetFrom(params);
      const answer = await api.get<{ oauth_url: string }>('/wechat/oauth/login', { query: back ? { return_url: back } : {} });
      window.location.assign(answer.oauth_url);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className={compact ? 'wx-login wx-login--compact' : 'wx-login'}>
      <button type="button" className="wx-login__button" disabled={busy} onClick={() => void start()}>
        <WechatMark />
        {busy ? '正在打开微信授权…' : '微信一键登录'}
      </button>
      {compact ? <p className="wx-login__or">或使用手机号登录</p> : <p className="wx-login__hint">{WECHAT_MSG_TEXT.oneTapHint}</p>}
    </div>
  );
}

/**
 * WX_SERVICE: outside WeChat there is no WeChat login to start here. The QR opens this site's login inside
 * WeChat on the phone (via /wx-code, which fetches the open id first); the official account's name is what
 * the visitor follows for notices.
 */
export function WechatServicePanel() {
  const [qr, setQr] = useState<string | null>(null);
  const status = useWechatStatus();
  const target = `${window.location.origin}/wx-code/${encodeURIComponent('/login?mode=wx')}`;
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QR) => QR.toDataURL(target, { margin: 1, width: 200 })).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [target]);
  return (
    <div className="wx-service">
      {status && !status.enabled ? <p className="wx-service__off">{WECHAT_MSG_TEXT.off}</p> : null}
      <div className="wx-service__qr">{qr ? <img src={qr} width={200} height={200} alt="用微信扫一扫，在手机上登录" /> : <span className="wx-service__qr-loading" />}</div>
      <h2 className="wx-service__title">用微信扫一扫，在手机上登录</h2>
      <ol className="wx-service__steps">
        <li>打开手机微信，扫描上方二维码</li>
        <li>在微信中点「微信一键登录」；首次使用请用手机号登录一次，之后即可一键登录</li>
        <li>关注公众号「Summit 高中生夏季学术项目」，录取、缴费与开营通知将第一时间送达</li>
      </ol>
    </div>
  );
}

/** Demo mode only: treat this browser as WeChat's, so WX login and (later) JSAPI pay show on a laptop. */
export function DemoWechatSwitch() {
  const status = useWechatStatus();
  // A real WeChat browser needs no switch; elsewhere the box shows the stored flag.
  if (!status?.demo || !status.enabled || /MicroMessenger/i.test(navigator.userAgent)) return null;
  const on = isDemoAsWechat();
  return (
    <p className="wx-demo-switch">
      <label>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setDemoAsWechat(e.target.checked);
            window.location.reload();
          }}
        />{' '}
        以微信打开（演示模式）
      </label>
    </p>
  );
}

function WechatMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" className="wx-login__mark">
      <path
        fill="currentColor"
        d="M9 4C5.1 4 2 6.6 2 9.8c0 1.8 1 3.4 2.6 4.5L4 16.5l2.6-1.3c.8.2 1.6.4 2.4.4h.5a5 5 0 0 1-.2-1.4c0-3.1 3-5.6 6.7-5.6h.5C15.9 6 12.8 4 9 4Zm-2.3 3.3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.7 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8ZM16 9.6c-3.3 0-6 2.2-6 4.9s2.7 4.9 6 4.9c.7 0 1.3-.1 1.9-.3l2.1 1.1-.5-1.8c1.5-.9 2.5-2.3 2.5-3.9 0-2.7-2.7-4.9-6-4.9Zm-2 2.7a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z"
      />
    </svg>
  );
}
