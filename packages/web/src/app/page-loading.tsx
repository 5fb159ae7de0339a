/** First paint while the initial route's loader and chunk arrive; plain markup, no antd needed yet. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span>加载中…</span>
    </div>
  );
}

/**
 * The page's outline (a title and a few form-shaped blocks) while its code and data arrive: on a slow phone
 * connection a student sees where they are at once instead of a spinner for seconds (decision 031).
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" data-testid="page-skeleton" role="status" aria-label="加载中">
      <span className="page-skeleton__title" />
      <span className="page-skeleton__line" />
      <span className="page-skeleton__line page-skeleton__line--short" />
      <span className="page-skeleton__block" />
      <span className="page-skeleton__block" />
      <span className="page-skeleton__block" />
    </div>
  );
}
