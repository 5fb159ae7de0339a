import './reconciliation.css';
import { Button, Card, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_PURPOSE_LABELS, formatAmount } from '@summit/domain/payments';
import { RECEIPT_PAYER_LABELS } from '@summit/domain/receipts';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { RECON_KEYS, downloadAdminReceipt, fetchStudentReceipts } from './reconciliation-api.ts';

/** The student's paid orders with their receipts (money.reconcile; the student page shows it only to those who hold it). */
export function StudentReceiptsPanel({ userId }: { userId: number }) {
  const receipts = useQuery({ queryKey: RECON_KEYS.studentReceipts(userId), queryFn: ({ signal }) => fetchStudentReceipts(userId, signal) });
  let body;
  if (receipts.isPending) body = <LoadingState rows={2} />;
  else if (receipts.isError) body = <ErrorState onRetry={() => void receipts.refetch()} />;
  else if (receipts.data.items.length === 0) body = <p className="ops-muted">暂无已支付的订单</p>;
  else
    body = (
      <ul className="student-receipts" aria-label="缴费订单">
        {receipts.data.items.map((r) => (
          <li key={r.order_no}>
            <span>
              <strong>{PAYMENT_PURPOSE_LABELS[r.purpose]}</strong> {formatAmount(r.amount_fen, r.currency)} · {r.provider} · {RECEIPT_PAYER_LABELS[r.payer]} · {formatTime(r.paid_at)}
              {r.refunded_fen > 0 ? <Tag color="orange">已退款 {formatAmount(r.refunded_fen, r.currency)}</Tag> : null}
              {r.refunds.map((f) => (
                <div key={f.refund_no} className="ops-muted">
                  退款 {formatAmount(f.amount_fen, f.currency)} · {formatTime(f.succeeded_at)} · 退款单号 {f.refund_no}
                </div>
              ))}
              <div className="ops-muted">
                订单号 {r.order_no} · 收据 {r.receipt_no}
              </div>
            </span>
            <Button size="small" onClick={() => void downloadAdminReceipt(r.order_no).catch(() => undefined)}>
              下载收据
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <Card size="small" title="缴费与收据">
      {body}
    </Card>
  );
}
