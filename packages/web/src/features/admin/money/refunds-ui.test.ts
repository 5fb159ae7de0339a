// Renders the refund views (decision 068) with data already in the query cache: the 退款 tab, the student page's
// 缴费与退款 and the policy card, so a view that throws or loses a label fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { AdminRefund, AdminRefundList, RefundPolicyView, StudentMoney } from '@summit/domain/api/refunds';
import { REFUND_KEYS } from './refunds-api.ts';
import RefundsTab from './refunds-tab.tsx';
import { StudentMoneyPanel } from './student-money-panel.tsx';
import { RefundPolicyCard } from './refund-policy-card.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';
const policy: RefundPolicyView = { deadline: '2026-08-03T15:59:00.000Z', deductions: [{ label: '线上转换差额', fen: 200_000 }], approval_threshold_fen: 500_000, updated_at: null, updated_by: null };
const refund: AdminRefund = {
  refund_no: 'RF20261101aaaaaaaaaaaaaaaaaaaa',
  order_no: 'SM20261101aaaaaaaaaaaaaaaaaaaa',
  user_id: 7,
  student_name: '张小明',
  purpose: 'tuition',
  payer: 'parent',
  amount_fen: 600_000,
  currency: 'CNY',
  status: 'requested',
  reason: '课程调整',
  policy_lines: [],
  approval_required: true,
  requested_by: 1,
  requested_by_name: '管理员甲',
  approved_by: null,
  approved_by_name: null,
  failure_reason: null,
  created_at: at,
  submitted_at: null,
  succeeded_at: null,
  failed_at: null,
};

function render(component: ComponentType, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(MemoryRouter, null, createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component)))));
}

describe('refund views', () => {
  it('退款 tab: the status filter, the rows and 批准/驳回 for a request waiting on a second admin', () => {
    const list: AdminRefundList = { total: 1, list: [refund] };
    const html = render(RefundsTab, (qc) => qc.setQueryData(REFUND_KEYS.list('all', 1), list));
    for (const text of ['全部', '待审批', '退款处理中', '已退款', '退款失败', '已驳回', '张小明', '¥6,000.00', '课程调整', '管理员甲', '>批准<', '>驳回<']) expect(html, text).toContain(text);
  });

  it('缴费与退款: the paid order with what was refunded, the waiting approval, the refunds and the 退款 button', () => {
    const money: StudentMoney = {
      user_id: 7,
      orders: [
        {
          order_no: refund.order_no,
          purpose: 'tuition',
          payer: 'parent',
          provider: 'WX',
          amount_fen: 1_680_000,
          refunded_fen: 100_000,
          currency: 'CNY',
          status: 'paid',
          paid_at: at,
          suggestion: { paid_fen: 1_680_000, live_refunds_fen: 700_000, refundable_fen: 980_000, deductions_fen: 200_000, suggested_fen: 780_000, after_deadline: false, lines: [] },
        },
      ],
      refunds: [refund],
      policy,
      can_approve: true,
    };
    const html = render(() => createElement(StudentMoneyPanel, { userId: 7 }), (qc) => qc.setQueryData(REFUND_KEYS.student(7), money));
    for (const text of ['缴费与退款', '学费', '家长代付', '¥16,800.00', '¥1,000.00', '已支付', '待审批', '>批准<', '课程调整', '>退款<']) expect(html, text).toContain(text);
  });

  it('退款政策: deadline, deductions and threshold', () => {
    const html = render(RefundPolicyCard, (qc) => qc.setQueryData(REFUND_KEYS.policy, policy));
    for (const text of ['退款政策', '退款截止时间', '固定扣除项', '审批额度（元）', '保存退款政策', '线上转换差额']) expect(html, text).toContain(text);
  });
});
