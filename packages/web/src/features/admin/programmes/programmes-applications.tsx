import { useState } from 'react';
import { Button, Input, Modal, Select, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_APPLICATION_FILTERS, type AdminProgrammeApplicationRow } from '@summit/domain/api/programmes';
import { PROGRAMME_DECISION_LABELS, VISA_STATUS_LABELS, type ApplicationState, type VisaStatus } from '@summit/domain/programmes';
import { EmptyState, ErrorState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { formatFen } from '../money/money.ts';
import { fetchProgramme, fetchProgrammeApplications, PROGRAMME_KEYS, refreshProgrammeApplications, releaseProgrammeDecisions } from './programmes-api.ts';
import { ProgrammeApplicationDrawer } from './programmes-drawer.tsx';
import { StateTag } from './programmes-state-tag.tsx';
import { APPLICATION_FILTER_LABELS, decisionText, releasable, type ApplicationFilter } from './programmes-model.ts';

const PAGE_SIZE = 20;
/** A programme's applications: filter, search, paging, row selection + 发布结果, and the detail drawer. */
export function ProgrammeApplications({ code, permissions, onBack, onEdit }: { code: string; permissions: readonly string[]; onBack: () => void; onEdit: (() => void) | null }) {
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [filter, setFilter] = useState<ApplicationFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const programme = useQuery({ queryKey: PROGRAMME_KEYS.one(code), queryFn: ({ signal }) => fetchProgramme(code, { signal }) });
  const query = { filter, page, size: PAGE_SIZE, ...(q ? { q } : {}) };
  const list = useQuery({
    queryKey: [...PROGRAMME_KEYS.applications(code), query],
    queryFn: ({ signal }) => fetchProgrammeApplications(code, query, { signal }),
    placeholderData: keepPreviousData,
  });
  const offerLabels = Object.fromEntries((programme.data?.definition.offer_types ?? []).map((o) => [o.key, o.label]));

  const release = useMutation({
    mutationFn: (ids: number[]) => releaseProgrammeDecisions(code, ids),
    onSuccess: (result) => {
      const skipped = selected.length - result.released;
      setSelected([]);
      void toast.success(`已发布 ${result.released} 个结果${skipped > 0 ? `，${skipped} 个未发布（已发布或无草稿）` : ''}`, 5);
      refreshProgrammeApplications(queryClient, code);
    },
  });

  const reset = (next: { filter?: ApplicationFilter; q?: string | undefined }) => {
    if (next.filter !== undefined) setFilter(next.filter);
    if ('q' in next) setQ(next.q);
    setPage(1);
    setSelected([]);
  };

  const confirmRelease = () =>
    void modal.confirm({
      title: '发布结果',
      content: `确认发布选中的 ${selected.length} 个申请的结果吗？发布后申请人即可看到结果。`,
      okText: '确认发布',
      cancelText: '取消',
      onOk: () => release.mutateAsync(selected).catch(() => undefined),
    });

  const columns: TableColumnsType<AdminProgrammeApplicationRow> = [
    { title: '姓名', dataIndex: 'name', key: 'name', width: 120, render: (v: string) => v || '未填写' },
    { title: '手机号', dataIndex: 'phone', key: 'phone', width: 130 },
    { title: '状态', dataIndex: 'state', key: 'state', width: 120, render: (v: ApplicationState) => <StateTag state={v} /> },
    { title: '决定', key: 'decision', width: 150, render: (_: unknown, r) => decisionText(r, PROGRAMME_DECISION_LABELS, offerLabels) },
    { title: '提交时间', key: 'submitted', width: 150, render: (_: unknown, r) => formatTime(r.submitted_at) },
    { title: '已缴费用', key: 'paid', width: 130, render: (_: unknown, r) => (r.paid_fen > 0 ? `${formatFen(r.paid_fen)}${r.fully_paid ? '（已付清）' : ''}` : r.fully_paid ? '无需缴费' : '—') },
    { title: '签证', dataIndex: 'visa_status', key: 'visa', width: 110, render: (v: VisaStatus | null) => (v ? VISA_STATUS_LABELS[v] : '—') },
  ];

  const name = programme.data?.definition.name ?? code;
  return (
    <div className="programme-applications">
      {modalHolder}
      {toastHolder}
      <div className="admin-toolbar">
        <h2 className="programme-editor__title">
          {name}（{code}）的申请
        </h2>
        <span className="programme-applications__nav">
          {onEdit ? <Button onClick={onEdit}>编辑项目设置</Button> : null}
          <Button onClick={onBack}>返回项目列表</Button>
        </span>
      </div>
      <div className="admin-filters">
        <Select<ApplicationFilter>
          aria-label="申请状态"
          value={filter}
          onChange={(v) => reset({ filter: v })}
          options={ADMIN_APPLICATION_FILTERS.map((f) => ({ value: f, label: APPLICATION_FILTER_LABELS[f] }))}
        />
        <Input.Search
          allowClear
          placeholder="姓名或手机号"
          aria-label="搜索申请人"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => reset({ q: v.trim() || undefined })}
        />
      </div>
      <div className="admin-toolbar">
        <span className="admin-toolbar__hint">{selected.length ? `已选择 ${selected.length} 个草稿` : '勾选已保存草稿的申请后可发布结果'}</span>
        <Button type="primary" disabled={selected.length === 0} loading={release.isPending} onClick={confirmRelease}>
          发布结果
        </Button>
      </div>
      {list.isError && !list.data ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <AdminTable<AdminProgrammeApplicationRow>
          className="admin-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 920 }}
          locale={{ emptyText: list.isPending ? ' ' : <EmptyState description="没有符合条件的申请" /> }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (r) => ({ disabled: !releasable(r), 'aria-label': `选择 ${r.name || r.phone}` }),
          }}
          onRow={(r) => ({
            onClick: (e) => {
              if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) setOpenId(r.id);
            },
          })}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (p) => setPage(p),
          }}
        />
      )}
      <ProgrammeApplicationDrawer code={code} id={openId} offerTypes={programme.data?.definition.offer_types ?? []} permissions={permissions} onClose={() => setOpenId(null)} />
    </div>
  );
}
