import { useState } from 'react';
import { Button } from 'antd';
import { downloadParentReceipt } from './payment-api.ts';

/** 下载收据 through the pay link itself: the parent has no account (tuition and programme parent pages). */
export function ParentReceiptButton({ token, className }: { token: string; className: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="large"
      block
      className={className}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadParentReceipt(token)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      下载收据
    </Button>
  );
}
