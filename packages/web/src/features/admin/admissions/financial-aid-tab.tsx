import { useState } from 'react';
import { Button, InputNumber, Modal, Select, Space, Tag, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FINANCIAL_AID_STATUSES, FINANCIAL_AID_STATUS_LABELS, type AdminAidItem, type FinancialAidStatus } from '@summit/domain/api/admissions';
import { EmptyState, ErrorState } from '../../../components/page-state.tsx';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { ADMIN_KEYS, refreshAdmissions, decideAid, fetchAid } from '../shell/admin-api.ts';
import { aidRequestSummary, formatTime } from '../shell/admin-format.ts';
import { fenToYuan, formatFen, yuanToFen } from '../money/money.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { usePagedList } from '../shell/use-paged-list.ts';

const STATUS_COLORS: Record<FinancialAidStatus, string> = { pending: 'orange', granted: 'green', declined: 'default' };

function DecideCell({ item }: { item: AdminAidItem }) {
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [yuan, setYuan] = useState<number | null>(item.granted_fen > 0 ? fenToYuan(item.granted_fen) : null);
  const decide = useMutation({
    mutationFn: (body: { status: 'granted' | 'declined'; granted_fen?: number }) => decideAid(item.user_id, body),
    onSuccess: (res) => {
      void toast.success(res.status === 'granted' ? `已批准资助 ${formatFen(res.granted_fen)}` : '已拒绝该申请');
      refreshAdmissions(queryClient);
    },
  });

  if (item.tuition_paid) return <span className="admin-muted">学费已缴，不可修改</span>;
  const fen = yuanToFen(yuan);
  const validAmount = fen !== null && fen >= 1 && fen <= item.tuition_fen;

  return (
    <Space wrap onClick={(e) => e.stopPropagation()}>
      {modalHolder}
      {toastHolder}
      <InputNumber<number>
        aria-label="资助金额（元）"
        placeholder="资助金额"
        prefix="¥"
        min={0.01}
        max={fenToYuan(item.tuition_fen)}
        precision={2}
        step={100}
        value={yuan}
        onChange={(v) => setYuan(v)}
        style={{ width: 160 }}
        status={yuan !== null && !validAmount ? 'error' : ''}
      />
      <Button
        type="primary"
        disabled={!validAmount || decide.isPending}
        onClick={() =>
          void modal.confirm({
            title: '批准助学金',
            content: `确认为 ${item.name || '该学生'} 批准 ${formatFen(fen ?? 0)} 的助学金吗？学费订单将相应减少。`,
            okText: '确认批准',
            cancelText: '取消',
            onOk: () => decide.mutateAsync({ status: 'granted', granted_fen: fen ?? 0 }).catch(() => undefined),
          })
        }
      >
        批准
      </Button>
      <Button
        danger
        disabled={decide.isPending}
        onClick={() =>
          void modal.confirm({
            title: '拒绝助学金申请',
            content: `确认拒绝 ${item.name || '该学生'} 的助学金申请吗？`,
            okText: '确认拒绝',
            cancelText: '取消',
            okButtonProps: { danger: true },
            onOk: () => decide.mutateAsync({ status: 'declined' }).catch(() => undefined),
          })
        }
      >
        拒绝
      </Button>
    </Space>
  );
}

/** 助学金: requests with a status filter; grant an amount in yuan (sent as fen) or decline. */
export default function FinancialAidTab() {
  const [status, setStatus] = useState<FinancialAidStatus | undefined>('pending');
  const { setPage, list, pagination } = usePagedList({
    filter: {},
    queryKey: ({ page }) => [...ADMIN_KEYS.aid, status ?? 'all', page],
    fetch: ({ page }, signal) => fetchAid(status, page, { signal }),
  });

  const columns: TableColumnsType<AdminAidItem> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 100, fixed: 'left', render: (v: string) => v || '未填写' },
    { title: '学校', dataIndex: 'school_name', key: 'school', width: 160, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '申请内容', key: 'value', render: (_: unknown, r) => aidRequestSummary(r.value) },
    { title: '申请时间', key: 'created', width: 150, render: (_: unknown, r) => formatTime(r.created_at) },
    { title: '学费', key: 'fee', width: 120, render: (_: unknown, r) => formatFen(r.tuition_fen) },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_: unknown, r) => (
        <>
          <Tag color={STATUS_COLORS[r.status]}>{FINANCIAL_AID_STATUS_LABELS[r.status]}</Tag>
          {r.status === 'granted' ? formatFen(r.granted_fen) : null}
        </>
      ),
    },
    { title: '审核', key: 'decide', width: 360, render: (_: unknown, r) => <DecideCell key={`${r.user_id}-${r.status}-${r.granted_fen}`} item={r} /> },
  ];

  return (
    <div>
      <div className="admin-toolbar">
        <Select
          aria-label="状态"
          style={{ minWidth: 160 }}
          value={status ?? 'all'}
          onChange={(v: FinancialAidStatus | 'all') => {
            setStatus(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[{ value: 'all', label: '全部' }, ...FINANCIAL_AID_STATUSES.map((s) => ({ value: s, label: FINANCIAL_AID_STATUS_LABELS[s] }))]}
        />
        <ExportButton path="/admin/financial-aid/export" query={sheetQuery({ status })} fileName="助学金.xlsx" />
      </div>
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <AdminTable<AdminAidItem>
          rowKey="user_id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 1100 }}
          locale={{ emptyText: list.isPending ? ' ' : <EmptyState description="暂无助学金申请" /> }}
          pagination={{ ...pagination, showTotal: (t) => `共 ${t} 条` }}
        />
      )}
    </div>
  );
}
