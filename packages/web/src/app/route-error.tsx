import { useLayoutEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { revealApp } from '../lib/prerender.ts';
import { useHomePath } from '../components/use-home-path.ts';

/** A failed lazy chunk usually means a new deployment replaced it: a reload fetches the new one. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/** The api client's errors carry the message already shown to the user as `msg`. */
function messageOf(error: unknown): string | null {
  const msg = (error as { msg?: unknown } | null)?.msg;
  return typeof msg === 'string' && msg ? msg : null;
}

/**
 * Shown inside the shell when a page's loader or render fails; the top bar stays usable. Plain markup:
 * it must work even when the failure was loading antd itself.
 */
export function RouteError() {
  const error = useRouteError();
  // A failure before the shell mounted (the root loader) must not leave the prerendered page over it.
  useLayoutEffect(() => revealApp(), []);
  const home = useHomePath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  let title = '出错了';
  let detail = messageOf(error) ?? '页面加载失败，请稍后重试。';
  if (notFound) {
    title = '页面不存在';
    detail = '您访问的页面不存在或已被移除。';
  } else if (isChunkLoadError(error)) {
    title = '页面已更新';
    detail = '网站刚刚发布了新版本，请刷新页面后继续。';
  }
  return (
    <div className="page page--narrow route-error" role="alert">
      <h1 className="page__title">{title}</h1>
      <p className="route-error__detail">{detail}</p>
      <div className="route-error__actions">
        {/* A missing page has nothing to retry: only the way home (the person's own home). */}
        {notFound ? null : (
          <button type="button" className="plain-button plain-button--primary" onClick={() => window.location.reload()}>
            重新加载
          </button>
        )}
        <Link to={home} className={notFound ? 'plain-button plain-button--primary' : 'plain-button'}>
          返回首页
        </Link>
      </div>
    </div>
  );
}
