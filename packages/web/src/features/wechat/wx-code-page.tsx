import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { api, ApiError } from '../../lib/api-client.ts';
import { sameOriginPathOf } from './wx-code-target.ts';

/**
 * /wx-code/{url} (docs/product/screens-and-routes.md): an entry link for WeChat. It fetches the visitor's open id with the base OAuth
 * (the payer ticket JSAPI pay needs), then returns to the decoded same-origin url; any other origin is
 * refused (decision 069).
 */
export default function WxCodePage() {
  const params = useParams();
  const target = sameOriginPathOf(params['*'] ?? '');
  const [error, setError] = useState<string | null>(target ? null : '链接无效：只能打开本站页面');

  useEffect(() => {
    if (!target) return;
    let live = true;
    api
      .get<{ wechat_pay_oauth_url: string }>('/payment/wechat/oauth', { query: { return_url: target, scope: 'base' }, navigate: false })
      .then((answer) => window.location.replace(answer.wechat_pay_oauth_url))
      .catch((err: unknown) => live && setError(err instanceof ApiError ? err.message : '网络错误'));
    return () => {
      live = false;
    };
  }, [target]);

  if (error) return <ResultPanel kind="error" title="无法打开" detail={error} actions={[{ label: '返回首页', to: PATHS.home, primary: true }]} />;
  return <ResultPanel kind="waiting" title="正在打开…" detail="正在通过微信确认你的身份，请稍候。" />;
}
