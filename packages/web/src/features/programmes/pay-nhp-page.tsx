import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PayOption } from '../../components/payment/pay-channels.ts';
import { currentPayDevice } from '../../components/payment/pay-channels.ts';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';
import { isStudentOrderPaid } from '../../components/payment/payment-api.ts';
import { PORTAL_KEYS, createProgrammePayment } from './portal-api.ts';
import { PortalPage } from './portal-shell.tsx';
import { PayPlan } from './pay-installment.tsx';

/** The partner's channel (decision 075): a page on desktops, its phone page on phones. */
function nhpOption(): PayOption {
  return { provider: 'NHP', channel: currentPayDevice() === 'desktop' ? 'web' : 'wap', label: '前往 NHP 支付' };
}

/** /hx-week/pay/nhp: pay the H-week fee through the partner NHP channel; the order is the same as on /hx-week/pay. */
export default function PayNhpPage() {
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const [option] = useState(nhpOption);
  return (
    <PortalPage title="NHP 合作渠道支付" gate="offer">
      {(portal, links) => {
        const next = portal.installments?.find((i) => i.status !== 'paid' && i.payable) ?? null;
        return (
          <>
            <section className="pp-card" aria-label="关于 NHP 渠道">
              <h2 className="pp-card__title">关于 NHP 合作渠道</h2>
              <p>NHP 是项目的合作缴费机构，适用于由合作学校或机构统一安排、或需要通过合作方开具票据的同学。</p>
              <ol className="pp-tasks">
                <li>点击下方按钮，将跳转到 NHP 的安全支付页面；</li>
                <li>在 NHP 页面核对金额并完成支付；</li>
                <li>支付完成后返回本站，缴费状态会自动更新。</li>
              </ol>
              <p className="pp-muted">金额与截止时间与本站一致，请勿通过两个渠道重复缴费。</p>
            </section>
            <PayPlan portal={portal} />
            {paid ? (
              <section className="pp-card pp-paid" role="status" aria-label="支付结果">
                <span className="pp-paid__mark" aria-hidden="true">
                  ✓
                </span>
                <h2 className="pp-card__title">支付成功</h2>
                <Link className="pp-button pp-button--primary" to={links.hub}>
                  返回查看下一步
                </Link>
              </section>
            ) : next ? (
              <PaymentPanel
                key={next.kind}
                purposeLabel={`${portal.name}${next.label}`}
                amountFen={next.amount_fen}
                resumeKey={`summit.pay.programme.${portal.code}.nhp`}
                options={[option]}
                startPayment={(o) => createProgrammePayment(portal.code, next.kind, o)}
                checkPaid={isStudentOrderPaid}
                onPaid={() => {
                  setPaid(true);
                  void queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(portal.code) });
                }}
              />
            ) : (
              <p className="pp-card pp-muted">当前没有需要支付的款项。</p>
            )}
            <Link className="pp-link" to={next?.kind === 'final' && links.final ? links.final : links.pay}>
              使用微信支付或支付宝
            </Link>
          </>
        );
      }}
    </PortalPage>
  );
}
