import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ResultPanel } from '../../components/result-panel.tsx';
import { PATHS } from '../../lib/paths.ts';
import { wecomFlow } from '../../lib/wecom-flow.ts';

const CONTINUE_AFTER_MS = 1500;

/** /wecom/oauth/success (decision 098): signed in (or bound) through WeCom; goes on to the person's home. */
export default function WecomSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bound = params.has('bound');
  const next = wecomFlow.next();

  useEffect(() => {
    if (!next) return;
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), CONTINUE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [next, navigate]);

  return (
    <ResultPanel
      kind="success"
      title={bound ? '企业微信绑定成功' : '企业微信登录成功'}
      detail={next ? '正在进入…' : '你可以关闭此页，或返回首页。'}
      actions={[next ? { label: '立即进入', to: next, primary: true } : { label: '返回首页', to: PATHS.home, primary: true }]}
    />
  );
}
