import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { StudentRefund } from '@summit/domain/api/refunds';
import { PAYMENT_PURPOSE_LABELS } from '@summit/domain/payments';
import { STUDENT_REFUND_STATUS_LABELS } from '@summit/domain/refunds';
import { ADMISSION_KEYS, fetchRefunds } from './admission-api.ts';
import { formatMoney } from '../../components/payment/money.ts';

const when = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

/**
 * 退款记录 (decision 068): what went (or is going) back to the payer, on the student's admission page. Nothing is
 * shown while there is none; a failed read stays quiet (the page's own content matters more).
 */
export function StudentRefunds() {
  const refunds = useQuery({ queryKey: ADMISSION_KEYS.refunds, queryFn: ({ signal }) => fetchRefunds(signal), retry: false, refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'requested' || r.status === 'processing') ? 5_000 : false) });
  const list = refunds.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="adm-refunds" aria-label="退款记录">
      <h2>退款记录</h2>
      <ul>
        {list.map((r: StudentRefund) => (
          <li key={r.refund_no} className={`adm-refunds__item adm-refunds__item--${r.status}`}>
            <div>
              <strong>{formatMoney(r.amount_fen, r.currency)}</strong>
              <span className="adm-refunds__status">{STUDENT_REFUND_STATUS_LABELS[r.status]}</span>
            </div>
            <small>
              {PAYMENT_PURPOSE_LABELS[r.purpose]} · 申请于 {when(r.created_at)}
              {r.succeeded_at ? ` · 退回于 ${when(r.succeeded_at)}` : ''}
            </small>
            <small>款项原路退回付款账户（家长代付的退回家长）。</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
