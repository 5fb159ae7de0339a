import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ParentLink } from '@summit/domain/api/payments';
import type { ProgrammeInstallment, ProgrammePortal } from '@summit/domain/api/programme-portal';
import { INSTALLMENT_STATUS_LABELS } from '@summit/domain/fee-plan';
import { MSG } from '@summit/domain/messages';
import { PaymentPanel } from '../../components/payment/payment-panel.tsx';
import { isStudentOrderPaid } from '../../components/payment/payment-api.ts';
import { formatMoney } from '../../components/payment/money.ts';
import { toast } from '../../lib/notifier.ts';
import { PORTAL_KEYS, createProgrammeParentLink, createProgrammePayment } from './portal-api.ts';
import { beijingTime } from './portal-shell.tsx';

const TAG_COLOR = { unpaid: 'gold', paid: 'green', overdue: 'red' } as const;

/** The programme's installments: 定金 / 尾款 / 全款 with amount, due date and status. */
export function PayPlan({ portal, only }: { portal: ProgrammePortal; only?: ProgrammeInstallment['kind'] }) {
  const rows = (portal.installments ?? []).filter((i) => !only || i.kind === only);
  if (rows.length === 0) return null;
  return (
    <ul className="pp-plan" aria-label="缴费计划">
      {rows.map((i) => (
        <li key={i.kind} className={`pp-plan__row pp-plan__row--${i.status}`} data-testid={`installment-${i.kind}`}>
          <span className="pp-plan__label">{i.label}</span>
          <span className="pp-plan__amount">{formatMoney(i.amount_fen)}</span>
          <span className="pp-plan__due">
            {i.status === 'paid' && i.paid_at ? `已于 ${beijingTime(i.paid_at)} 支付` : `截止 ${beijingTime(i.due_at)}${i.extended ? '（已延期）' : ''}`}
          </span>
          <Tag color={TAG_COLOR[i.status]}>{INSTALLMENT_STATUS_LABELS[i.status]}</Tag>
        </li>
      ))}
    </ul>
  );
}

/** 发送给家长支付: makes the parent's link and shows it with a copy button. */
export function ParentLinkAction({ code }: { code: string }) {
  const [link, setLink] = useState<ParentLink | null>(null);
  const [busy, setBusy] = useState(false);
  const absolute = link ? new URL(link.url, window.location.origin).toString() : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      toast('success', '链接已复制，请发送给家长');
    } catch {
      toast('info', '请长按或选中链接手动复制');
    }
  };
  return (
    <section className="pp-card pp-parent" aria-label="家长代付">
      <h2 className="pp-card__title">家长代付</h2>
      {link ? (
        <>
          <p className="pp-muted">将以下链接发送给家长，家长无需登录即可支付。链接有效期至 {beijingTime(link.expires_at)}。</p>
          <Input readOnly value={absolute} aria-label="家长支付链接" onFocus={(e) => e.currentTarget.select()} />
          <Button size="large" block className="pp-btn" onClick={() => void copy()}>
            复制链接
          </Button>
        </>
      ) : (
        <>
          <p className="pp-muted">家长可通过专属链接代为支付，支付结果会同步到你的账号。</p>
          <Button
            size="large"
            block
            className="pp-btn"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void createProgrammeParentLink(code)
                .then(setLink)
                .catch(() => undefined)
                .finally(() => setBusy(false));
            }}
          >
            发送给家长支付
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * Pays one installment of the programme (the summer tuition's panel: QR on desktops, the provider's page on
 * phones, JSAPI in WeChat), then shows 支付成功 and refreshes the portal so every gate and checklist follows.
 */
export function PayInstallment({ portal, kind, onPaid }: { portal: ProgrammePortal; kind: ProgrammeInstallment['kind']; onPaid?: () => void }) {
  const queryClient = useQueryClient();
  const [paidNow, setPaidNow] = useState(false);
  const row = portal.installments?.find((i) => i.kind === kind) ?? null;
  if (!row) return null;
  if (paidNow || row.status === 'paid') {
    return (
      <section className="pp-card pp-paid" role="status" aria-label="支付结果">
        <span className="pp-paid__mark" aria-hidden="true">
          ✓
        </span>
        <h2 className="pp-card__title">支付成功</h2>
        <p className="pp-muted">
          {row.label} {formatMoney(row.amount_fen)} 已支付。
        </p>
      </section>
    );
  }
  if (!row.payable) {
    return (
      <p className="pp-card pp-warn" role="alert">
        {row.status === 'overdue' ? MSG.PAY_OVERDUE : portal.next_kind && portal.next_kind !== kind ? '请先完成前一笔款项的支付' : '暂不可支付'}
      </p>
    );
  }
  return (
    <>
      <PaymentPanel
        key={kind}
        purposeLabel={`${portal.name}${row.label}`}
        amountFen={row.amount_fen}
        resumeKey={`summit.pay.programme.${portal.code}.${kind}`}
        startPayment={(option) => createProgrammePayment(portal.code, kind, option)}
        checkPaid={isStudentOrderPaid}
        onPaid={() => {
          setPaidNow(true);
          void queryClient.invalidateQueries({ queryKey: PORTAL_KEYS.portal(portal.code) });
          onPaid?.();
        }}
      />
      {portal.fees.parent_pay ? <ParentLinkAction code={portal.code} /> : null}
    </>
  );
}
