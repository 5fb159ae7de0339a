import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isSameOriginPath } from '@summit/domain/api/wechat';
import { wecomAuthorizeResultSchema } from '@summit/domain/api/wecom';
import { ResultPanel } from '../../components/result-panel.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { failPath, wecomFlow } from '../../lib/wecom-flow.ts';

/** WeCom's own browser says so in its user agent (wxwork/…); any other browser signs in with WeCom's QR code. */
const insideWecom = () => /\bwxwork\//i.test(navigator.userAgent);

// One authorize call per page load: React's development double effects must not mint two states.
let inFlight: Promise<void> | null = null;

/**
 * /wecom/oauth/entry?r={path} (decision 098): the address a staff member or student opens inside WeCom (or in a
 * browser, which gets WeCom's QR sign-in). It asks the API for WeCom's URL, remembers this address (code 66 starts
 * again here) and the state, and goes.
 */
export default function WecomEntryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('r');
  const returnUrl = requested && isSameOriginPath(requested) ? requested : '/';

  useEffect(() => {
    inFlight ??= api
      .post('/wecom/oauth/authorize', { scope: insideWecom() ? 'snsapi_base' : 'sso', return_url: returnUrl }, { schema: wecomAuthorizeResultSchema, quiet: true })
      .then((answer) => {
        wecomFlow.begin(`${window.location.pathname}${window.location.search}`, answer.state);
        window.location.replace(answer.authorize_url);
      })
      .catch((err: unknown) => {
        // 认证请求异常！ on the failure page; the server's own words stay stored for a closer look.
        wecomFlow.storeError(err instanceof ApiError ? err.msg : null);
        void navigate(failPath('oauth_request'), { replace: true });
      })
      .finally(() => {
        inFlight = null;
      });
  }, [returnUrl, navigate]);

  return <ResultPanel kind="waiting" title="正在前往企业微信授权…" detail="请稍候，授权后会自动返回。" />;
}
