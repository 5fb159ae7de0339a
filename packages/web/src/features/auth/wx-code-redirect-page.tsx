import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WECHAT_MSG, wechatOauthCallbackResultSchema, type WechatOauthCallbackResult } from '@summit/domain/api/wechat';
import { PATHS } from '../../lib/paths.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { savePayerTicket, savePendingBind } from '../../lib/wechat.ts';
import { LOGIN_SUCCESS_TEXT, completeLogin } from './auth-api.ts';

// A code and a state are single use: React's development double effects (and a re-render) must not send them twice.
const inFlight = new Map<string, Promise<WechatOauthCallbackResult>>();

function finish(code: string, state: string): Promise<WechatOauthCallbackResult> {
  const key = `${state}:${code}`;
  let running = inFlight.get(key);
  if (!running) {
    running = api.post('/wechat/oauth/callback', { code, state }, { schema: wechatOauthCallbackResultSchema, quietMessages: Object.values(WECHAT_MSG), navigate: false });
    inFlight.set(key, running);
  }
  return running;
}

/**
 * /wx-code-redirect?code&state (docs/product/screens-and-routes.md): where WeChat sends the browser back after its authorize page. The
 * server checks the state and exchanges the code; this page then logs in, reports the binding, or keeps the
 * payer ticket for JSAPI pay and returns to the page that asked (decision 069).
 */
export default function WxCodeRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const [error, setError] = useState<string | null>(code ? null : WECHAT_MSG.DENIED);

  useEffect(() => {
    if (!code || !state) return;
    let live = true;
    void (async () => {
      try {
        const result = await finish(code, state);
        let target = result.return_path;
        if (result.purpose === 'pay') {
          savePayerTicket(result.payer_ticket);
        } else if (result.purpose === 'bind') {
          toast('success', WECHAT_MSG.BOUND);
        } else if (result.login) {
          target = await completeLogin(result.login, result.return_path === '/' ? null : result.return_path, LOGIN_SUCCESS_TEXT);
        } else if (result.bind_ticket) {
          savePendingBind(result.bind_ticket);
          const r = result.return_path === '/' ? '' : `&r=${encodeURIComponent(result.return_path)}`;
          target = `${PATHS.login}?wx=bind${r}`;
        }
        if (live) await navigate(target, { replace: true });
      } catch (err) {
        if (live) setError(err instanceof ApiError ? err.message : WECHAT_MSG.WECHAT_UNAVAILABLE);
      }
    })();
    return () => {
      live = false;
    };
  }, [code, state, navigate]);

  if (error) {
    return (
      <ResultPanel
        kind="error"
        title="微信授权未完成"
        detail={error}
        actions={[
          { label: '重新登录', to: PATHS.login, primary: true },
          { label: '返回首页', to: PATHS.home },
        ]}
      />
    );
  }
  return <ResultPanel kind="waiting" title="正在完成微信授权…" detail="请稍候，马上就好。" />;
}
