import { Link } from 'react-router';
import type { ProgrammePortal } from '@summit/domain/api/programme-portal';
import { APPLICATION_STATE_LABELS } from '@summit/domain/programmes';
import { PortalPage, beijingTime } from './portal-shell.tsx';
import { PortalChecklist } from './portal-checklist.tsx';
import { PayInstallment, PayPlan } from './pay-installment.tsx';
import { PayApplyFee } from './pay-apply-fee.tsx';
import type { PortalLinks } from './portal-links.ts';

/** 恭喜你被录取: the released offer with its type (H-week: hweek / xweek). */
export function PortalOffer({ portal }: { portal: ProgrammePortal }) {
  if (!portal.offer || portal.offer.decision !== 'admit') return null;
  return (
    <section className="pp-card pp-offer" aria-label="录取通知">
      <p className="pp-offer__kicker">录取通知</p>
      <h2 className="pp-offer__title">恭喜你被{portal.name}录取！</h2>
      {portal.offer.offer_label ? (
        <p>
          录取类型：<strong data-testid="offer-type">{portal.offer.offer_label}</strong>
        </p>
      ) : null}
      <p className="pp-muted">发布时间：{beijingTime(portal.offer.released_at)}</p>
    </section>
  );
}

/** Before the offer: not applied → 立即申请; applied → the application's state. */
function PortalApplication({ portal, links }: { portal: ProgrammePortal; links: PortalLinks }) {
  if (portal.state === 'not_started' || portal.state === 'draft') {
    return (
      <section className="pp-card pp-center" aria-label="申请">
        <p>{portal.state === 'draft' ? '你的申请尚未提交，请继续填写。' : `欢迎申请${portal.name}。`}</p>
        <Link className="pp-button pp-button--primary" to={links.apply}>
          {portal.state === 'draft' ? '继续申请' : '立即申请'}
        </Link>
      </section>
    );
  }
  return (
    <>
      <section className="pp-card pp-center" aria-label="申请状态">
        <p className="pp-muted">申请状态</p>
        <p className="pp-state" data-testid="portal-state">
          {APPLICATION_STATE_LABELS[portal.state]}
        </p>
        {portal.state === 'submitted' ? <p className="pp-muted">申请已提交，录取结果发布后将在此显示，请耐心等待。</p> : null}
        {portal.state === 'awaiting_fee' ? <p className="pp-muted">申请已提交，支付申请费后进入审核。</p> : null}
        {portal.state === 'rejected' ? <p className="pp-muted">感谢你的申请，很遗憾本次未能录取。</p> : null}
        {portal.state === 'waitlisted' ? <p className="pp-muted">你已进入候补名单，如有名额我们将及时通知你。</p> : null}
      </section>
      {portal.state === 'awaiting_fee' ? <PayApplyFee code={portal.code} /> : null}
    </>
  );
}

/**
 * A programme's hub (/sbp/manage, /deans-list): its state before the offer; after it, the offer, the checklist
 * of next steps and — where the hub is the pay page (the Dean's List) — the deposit.
 */
export function PortalHub({ title, payHere }: { title: string; payHere: boolean }) {
  return (
    <PortalPage title={title} gate={null} back={false}>
      {(portal, links) =>
        portal.state !== 'admitted' ? (
          <PortalApplication portal={portal} links={links} />
        ) : (
          <>
            <PortalOffer portal={portal} />
            <PortalChecklist portal={portal} links={links} />
            {payHere && portal.installments?.some((i) => i.kind !== 'final' && i.status !== 'paid') ? (
              <>
                <PayPlan portal={portal} />
                <PayInstallment portal={portal} kind={portal.installments.find((i) => i.kind !== 'final')!.kind} />
              </>
            ) : null}
            {links.intro ? (
              <Link className="pp-link" to={links.intro}>
                查看项目介绍
              </Link>
            ) : null}
          </>
        )
      }
    </PortalPage>
  );
}
