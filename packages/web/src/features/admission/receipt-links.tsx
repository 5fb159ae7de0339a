import { useState } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PaymentPurpose } from '@summit/domain/payments';
import { fetchMyReceipts, downloadStudentReceipt } from './admission-api.ts';
import { formatMoney } from '../../components/payment/money.ts';

export const RECEIPT_KEYS = { mine: ['student', 'payment', 'receipts'] as const };

/** 下载收据 for each paid order of a purpose (usually one); nothing while loading or when there is none. */
export function ReceiptLinks({ purpose }: { purpose: PaymentPurpose }) {
  const receipts = useQuery({ queryKey: RECEIPT_KEYS.mine, queryFn: ({ signal }) => fetchMyReceipts(signal) });
  const [busy, setBusy] = useState<string | null>(null);
  const mine = (receipts.data?.items ?? []).filter((r) => r.purpose === purpose);
  if (mine.length === 0) return null;
  return (
    <div className="adm-receipts" aria-label="收据">
      {mine.map((r) => (
        <Button
          key={r.order_no}
          size="large"
          block
          className="adm-button"
          loading={busy === r.order_no}
          onClick={() => {
            setBusy(r.order_no);
            void downloadStudentReceipt(r.order_no)
              .catch(() => undefined)
              .finally(() => setBusy(null));
          }}
        >
          下载收据{mine.length > 1 ? `（${formatMoney(r.amount_fen, r.currency)}）` : ''}
        </Button>
      ))}
    </div>
  );
}
