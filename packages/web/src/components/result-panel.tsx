import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './result-panel.css';

export type ResultKind = 'success' | 'error' | 'waiting';

export interface ResultAction {
  label: string;
  to: string;
  primary?: boolean;
  /** A full page load (a target outside the router's control, or a fallback when navigation stalls). */
  reload?: boolean;
}

function ResultIcon({ kind }: { kind: ResultKind }) {
  if (kind === 'waiting') return <span className="result-panel__spinner" aria-hidden="true" />;
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" className={`result-panel__icon result-panel__icon--${kind}`}>
      <circle cx="28" cy="28" r="26" fill="none" stroke="currentColor" strokeWidth="3" />
      {kind === 'success' ? (
        <path d="M16 29 L25 38 L41 20" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M28 14 V32 M28 40 V41" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * A one-message page (verification result, a PDF that may not be shown, a redirect in progress): icon, title,
 * detail and ≥ 44 px link buttons. Plain markup, so these small pages do not download antd.
 */
export function ResultPanel({ kind, title, detail, actions = [], children }: { kind: ResultKind; title: string; detail?: ReactNode; actions?: ResultAction[]; children?: ReactNode }) {
  return (
    <div className="page page--narrow result-panel" role={kind === 'error' ? 'alert' : kind === 'waiting' ? 'status' : undefined}>
      <ResultIcon kind={kind} />
      <h1 className="page__title result-panel__title">{title}</h1>
      {detail ? <p className="result-panel__detail">{detail}</p> : null}
      {children}
      {actions.length > 0 ? (
        <div className="result-panel__actions">
          {actions.map((a) =>
            a.reload ? (
              <a key={a.label} href={a.to} className={a.primary ? 'result-panel__button result-panel__button--primary' : 'result-panel__button'}>
                {a.label}
              </a>
            ) : (
              <Link key={a.label} to={a.to} className={a.primary ? 'result-panel__button result-panel__button--primary' : 'result-panel__button'}>
                {a.label}
              </Link>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
