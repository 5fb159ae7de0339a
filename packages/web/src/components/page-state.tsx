import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import './page-state.css';

/** Placeholder while a page's data loads: the shape of a card, not a bare spinner. */
export function LoadingState({ rows = 4 }: { rows?: number }) {
  return (
    <div className="state-block" role="status" aria-label="加载中">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

// Error and empty states are plain markup: antd's Result and Empty ship large illustrations that every
// page would download for a state most visitors never see.

/** A failed load with a way out (the toast already said what went wrong). */
export function ErrorState({ title = '加载失败', detail, onRetry }: { title?: string; detail?: string; onRetry?: () => void }) {
  return (
    <div className="state-block state-block--message" role="alert">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r="18" fill="none" stroke="#b7791f" strokeWidth="2" />
        <path d="M20 11 V23 M20 28 V29" stroke="#b7791f" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="state-block__title">{title}</p>
      <p className="state-block__detail">{detail ?? '请检查网络后重试。'}</p>
      {onRetry ? <Button onClick={onRetry}>重试</Button> : null}
    </div>
  );
}

export function EmptyState({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <div className="state-block state-block--message">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <rect x="6" y="10" width="28" height="22" rx="3" fill="none" stroke="#b3a99c" strokeWidth="2" />
        <path d="M6 18 H34" stroke="#b3a99c" strokeWidth="2" />
      </svg>
      <p className="state-block__detail">{description}</p>
      {action}
    </div>
  );
}

/** The account may not use this page (e.g. a teacher opening /admin). */
export function ForbiddenState({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="state-block state-block--message" role="alert">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <rect x="10" y="18" width="20" height="15" rx="2" fill="none" stroke="#1b365d" strokeWidth="2" />
        <path d="M14 18 V13 a6 6 0 0 1 12 0 V18" fill="none" stroke="#1b365d" strokeWidth="2" />
      </svg>
      <p className="state-block__title">{title}</p>
      <p className="state-block__detail">{detail}</p>
    </div>
  );
}
