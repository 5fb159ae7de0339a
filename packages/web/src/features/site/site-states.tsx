import { NotFoundView } from '../../components/not-found-view.tsx';

// Loading, error and not-found states of the info pages, in plain markup (page-state.tsx uses antd, which
// these pages must not download).

/** The page's shape while it loads: a hero band and text lines, so nothing jumps when the words arrive. */
export function SitePageLoading() {
  return (
    <div className="site-loading" role="status" aria-label="加载中">
      <div className="site-loading__hero">
        <span className="site-loading__bar site-loading__bar--title" />
        <span className="site-loading__bar site-loading__bar--subtitle" />
      </div>
      <div className="site-loading__body">
        {[90, 100, 84, 96, 60].map((w, i) => (
          <span key={i} className="site-loading__bar" style={{ width: `${w}%` }} />
        ))}
      </div>
    </div>
  );
}

export function SitePageError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="page page--narrow site-state" role="alert">
      <h1 className="page__title">页面加载失败</h1>
      <p className="site-state__text">网络似乎不太稳定，请检查网络后重试。</p>
      <button type="button" className="site-button site-button--primary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/** An info page whose content does not exist: the same 页面不存在 as the router's fallback. */
export function SitePageNotFound() {
  return <NotFoundView />;
}
