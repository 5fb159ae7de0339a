import { useState } from 'react';
import { Segmented, Select, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AdminRefund } from '@summit/domain/api/refunds';
import { PAYMENT_PURPOSE_LABELS, formatAmount } from '@summit/domain/payments';
import { REFUND_STATUSES, REFUND_STATUS_LABELS, type RefundStatus } from '@summit/domain/refunds';
import { PATHS } from '../../../lib/paths.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { REFUND_KEYS, fetchRefunds } from './refunds-api.ts';
import { ApprovalButtons, RefundStatusTag } from './student-money-panel.tsx';

type Filter = RefundStatus | 'all';

/** 退款: every refund, filtered by status; requests above the threshold are approved here too (decision 068). */
export default function RefundsTab() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const isPhone = useIsPhone();
  const filterOptions = [{ value: 'all' as Filter, label: '全部' }, ...REFUND_STATUSES.map((s) => ({ value: s as Filter, label: REFUND_STATUS_LABELS[s] }))];
  const pickStatus = (v: Filter) => {
    setStatus(v);
    setPage(1);
  };
  const list = useQuery({ queryKey: REFUND_KEYS.list(status, page), queryFn: ({ signal }) => fetchRefunds(status, page, signal) });
  const refresh = () => void qc.invalidateQueries({ queryKey: REFUND_KEYS.all });

  let body;
  if (list.isPending) body = <LoadingState rows={5} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0) body = <EmptyState description="暂无退款" />;
  else
    body = (
      <Table<AdminRefund>
        size="small"
        rowKey="refund_no"
        scroll={{ x: 'max-content' }}
        aria-label="退款列表"
        dataSource={list.data.list}
        pagination={{ current: page, pageSize: 20, total: list.data.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '学生', dataIndex: 'student_name', render: (n: string, r) => <Link to={`${PATHS.admin}/student/${r.user_id}`}>{n || `#${r.user_id}`}</Link> },
          { title: '项目', dataIndex: 'purpose', render: (p: AdminRefund['purpose']) => PAYMENT_PURPOSE_LABELS[p] },
          { title: '金额', dataIndex: 'amount_fen', render: (f: number, r) => formatAmount(f, r.currency) },
          { title: '状态', dataIndex: 'status', render: (s: RefundStatus) => <RefundStatusTag status={s} /> },
          { title: '原因', dataIndex: 'reason' },
          { title: '发起人', dataIndex: 'requested_by_name', render: (n: string | null) => n ?? '—' },
          { title: '时间', dataIndex: 'created_at', render: (t: string) => formatTime(t) },
          {
            title: '审批',
            key: 'approval',
            render: (_v, r) => (r.status === 'requested' && r.approval_required ? <ApprovalButtons refund={r} onDone={refresh} /> : r.approval_required ? (r.approved_by_name ?? '—') : '无需审批'),
          },
        ]}
      />
    );

  return (
    <div className="admin-ops refunds-tab">
      {/* Six states do not fit a phone's width as a segmented control: one select there. */}
      {isPhone ? (
        <Select<Filter> aria-label="退款状态" value={status} onChange={pickStatus} options={filterOptions} style={{ width: '100%', marginBottom: 16 }} virtual={false} />
      ) : (
        <Segmented<Filter> aria-label="退款状态" value={status} onChange={pickStatus} options={filterOptions} style={{ marginBottom: 16 }} />
      )}
      {body}
    </div>
  );
}
