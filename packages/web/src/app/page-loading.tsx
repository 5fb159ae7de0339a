/** First paint while the initial route's loader and chunk arrive; plain markup, no antd needed yet. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>加载中…</span>
    </div>
  );
}
