import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import { MSG } from '@summit/domain/messages';
import { APPLICATION_STATE_LABELS } from '@summit/domain/programmes';
import { ApiError } from '../../lib/api-client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { usePortal } from './portal-api.ts';
import { PayApplyFee } from './pay-apply-fee.tsx';
import { portalLinksFor, type PortalLinks } from './portal-links.ts';
import './portal.css';

export type PortalGate = 'offer' | 'deposit' | null;

/**
 * A gate of docs/product/users-and-roles.md as a locked card with the way forward: 仅录取用户可访问 (apply, or the application's state),
 * 完成定金支付后，方可访问 (a button to the deposit page).
 */
export function PortalLocked({ message, portal, links }: { message: string; portal: ProgrammePortal; links: PortalLinks }) {
  const depositGate = message === MSG.DEPOSIT_REQUIRED || (portal.gates.offer === null && portal.gates.deposit === message);
  const notApplied = portal.state === 'not_started' || portal.state === 'draft';
  return (
    <section className="pp-card pp-locked" role="alert" aria-label="暂不可访问">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
        <rect x="10" y="18" width="20" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M14 18 V13 a6 6 0 0 1 12 0 V18" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <p className="pp-locked__message">{message}</p>
      {depositGate ? (
        <>
          <p className="pp-muted">定金支付成功后，本页面将自动开放。</p>
          <Link className="pp-button pp-button--primary" to={links.pay}>
            前往支付定金
          </Link>
        </>
      ) : notApplied ? (
        <>
          <p className="pp-muted">{portal.state === 'draft' ? '你的申请尚未提交。' : `你还没有申请${portal.name}。`}</p>
          <Link className="pp-button pp-button--primary" to={links.apply}>
            {portal.state === 'draft' ? '继续申请' : '立即申请'}
          </Link>
        </>
      ) : (
        <p className="pp-muted" data-testid="portal-state">
          申请状态：{APPLICATION_STATE_LABELS[portal.state]}
          {portal.state === 'submitted' ? '，录取结果发布后即可访问。' : portal.state === 'awaiting_fee' ? '，支付申请费后进入审核。' : ''}
        </p>
      )}
    </section>
  );
}

/** Loading, error (with retry) and a missing programme, for every portal page. */
function PortalLoadState({ query }: { query: ReturnType<typeof usePortal> }) {
  if (query.isPending) return <LoadingState />;
  const error = query.error;
  if (error instanceof ApiError && error.status !== 'NETWORK' && error.status !== 500) return <EmptyState description={error.msg} />;
  return <ErrorState onRetry={() => void query.refetch()} />;
}

/**
 * The frame of every after-offer page: the programme's portal is read first; a closed gate shows its locked
 * state instead of the page. `children` gets the portal and the programme's page links.
 */
export function PortalPage({
  title,
  gate,
  back = true,
  children,
}: {
  title: string;
  gate: PortalGate;
  /** A 返回 link to the programme's checklist page (off on the hub itself). */
  back?: boolean;
  children: (portal: ProgrammePortal, links: PortalLinks) => ReactNode;
}) {
  const { pathname } = useLocation();
  const links = portalLinksFor(pathname);
  const query = usePortal(links.code);
  const portal = query.data;
  const message = !portal || gate === null ? null : gate === 'offer' ? portal.gates.offer : (portal.gates.offer ?? portal.gates.deposit);
  return (
    <div className="page pp-page">
      <header className="pp-head">
        {back && links.hub !== pathname ? (
          <Link className="pp-back" to={links.hub}>
            ‹ 返回{portal ? ` ${portal.name}` : ''}
          </Link>
        ) : null}
        <h1 className="page__title pp-title">{title}</h1>
        {portal ? <p className="pp-muted pp-subtitle">{portal.name}</p> : null}
      </header>
      {!portal ? (
        <PortalLoadState query={query} />
      ) : message ? (
        <>
          <PortalLocked message={message} portal={portal} links={links} />
          {portal.state === 'awaiting_fee' ? <PayApplyFee code={portal.code} /> : null}
        </>
      ) : (
        children(portal, links)
      )}
    </div>
  );
}

/** Sanitised server-side (decision 075: every programme html is cleaned on write), so it is shown as is. */
export function PortalHtml({ html, label }: { html: string; label: string }) {
  if (!html.trim()) return <EmptyState description="内容即将发布，敬请期待" />;
  return <div className="pp-card pp-rich rich-text" aria-label={label} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** 2026年7月1日 08:00 in Beijing time. */
export function beijingTime(iso: string, withTime = true): string {
  return new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  });
}
