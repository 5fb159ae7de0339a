// The 对账 tab rendered with data in the query cache: runs with ours vs the bill, a failed run's reason, the mismatch
// rows with their Chinese kinds, notes and receipt buttons.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { ReconMismatchList, ReconRun, ReconRunList } from '@summit/domain/api/reconciliation';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import { RECON_KEYS } from './reconciliation-api.ts';
import ReconciliationTab from './reconciliation-tab.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const run = (over: Partial<ReconRun>): ReconRun => ({
  id: 1,
  day: '2026-11-25',
  gateway: 'sandbox',
  gateway_label: '模拟支付',
  status: 'succeeded',
  trigger: 'schedule',
  failure_reason: null,
  started_at: '2026-11-26T02:00:00.000Z',
  finished_at: '2026-11-26T02:00:01.000Z',
  latest: true,
  ours_paid_count: 2,
  ours_refund_count: 0,
  bill_paid_count: 3,
  bill_refund_count: 0,
  totals: [
    { currency: 'CNY', ours_paid_count: 2, ours_paid_fen: 100_000, ours_refund_count: 0, ours_refund_fen: 0, bill_paid_count: 2, bill_paid_fen: 150_000, bill_refund_count: 0, bill_refund_fen: 0 },
    { currency: 'USD', ours_paid_count: 0, ours_paid_fen: 0, ours_refund_count: 0, ours_refund_fen: 0, bill_paid_count: 1, bill_paid_fen: 12_000, bill_refund_count: 0, bill_refund_fen: 0 },
  ],
  mismatch_count: 1,
  ...over,
});

describe('对账 tab', () => {
  it('shows runs, a failure reason, and mismatches with notes and receipts', () => {
    const yesterday = dayjs().tz('Asia/Shanghai').subtract(1, 'day');
    const from = yesterday.subtract(13, 'day').format('YYYY-MM-DD');
    const to = yesterday.format('YYYY-MM-DD');
    const runs: ReconRunList = {
      items: [run({}), run({ id: 2, gateway: 'alipay', gateway_label: '支付宝', status: 'failed', failure_reason: 'bill is not available for this provider yet', mismatch_count: 0 })],
      gateways: [
        { id: 'sandbox', label: '模拟支付' },
        { id: 'alipay', label: '支付宝' },
      ],
    };
    const mismatches: ReconMismatchList = {
      total: 2,
      items: [
        { id: 7, run_id: 1, day: '2026-11-25', gateway: 'sandbox', kind: 'unknown_order', order_no: 'SMDEMO0000000000000000000001', refund_no: null, provider_trade_no: 'SBX1', ours_amount_fen: null, bill_amount_fen: 50_000, ours_currency: null, bill_currency: 'CNY', ours_status: null, bill_status: 'paid', has_receipt: false, note: null, noted_by: null, noted_at: null },
        { id: 8, run_id: 1, day: '2026-11-25', gateway: 'sandbox', kind: 'amount_differs', order_no: 'SMAMOUNT00000001', refund_no: null, provider_trade_no: 'SBX2', ours_amount_fen: 50_000, bill_amount_fen: 49_900, ours_currency: 'CNY', bill_currency: 'CNY', ours_status: 'paid', bill_status: 'paid', has_receipt: true, note: '手续费差异', noted_by: '教务管理员', noted_at: '2026-11-26T03:00:00.000Z' },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(RECON_KEYS.runs({ from, to }), runs);
    client.setQueryData(RECON_KEYS.mismatches({ from, to }), mismatches);
    const html = renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(ReconciliationTab))));
    for (const text of ['重新对账', '模拟支付', '¥1,000.00', '¥1,500.00', 'USD 120.00', '已完成', '失败', 'bill is not available for this provider yet', '账单有、本平台无此订单', '金额不一致', 'SMDEMO0000000000000000000001', '¥499.00', '手续费差异', '填写说明', '修改说明', '下载收据', '导出 Excel']) {
      expect(html, text).toContain(text);
    }
    // Amounts of different currencies are never summed: no ¥1,620.00 (1,500 + 120) anywhere.
    expect(html).not.toContain('1,620.00');
  });
});
