import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { ResultPanel } from '../../components/result-panel.tsx';
import { LOADING_FALLBACK_MS, loadingTarget } from './loading-target.ts';

/**
 * /loading?r=<path>: the interim page of a redirect or login handshake (docs/product/screens-and-routes.md). The shell and a spinner
 * show at once; the router then enters the target (running its loaders, e.g. the student status) and this
 * page stays up until it has. If that takes too long, a message and a plain link take over.
 */
export default function LoadingPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = loadingTarget(params, PATHS.home, PATHS.loading);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    setSlow(false);
    const timer = window.setTimeout(() => setSlow(true), LOADING_FALLBACK_MS);
    void navigate(target, { replace: true });
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  if (slow) {
    return (
      <ResultPanel
        kind="waiting"
        title="跳转时间较长"
        detail="网络较慢或页面仍在准备中。你可以继续等待，或点击下面的按钮直接打开。"
        actions={[{ label: '直接打开', to: target, primary: true, reload: true }, { label: '返回首页', to: PATHS.home, reload: true }]}
      />
    );
  }
  return <ResultPanel kind="waiting" title="正在跳转…" detail="请稍候，马上就好。" />;
}
