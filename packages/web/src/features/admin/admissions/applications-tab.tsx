import { useState } from 'react';
import { Button, Input, Modal, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMISSION_DECISION_LABELS, ADMISSION_STAGES, ADMISSION_STAGE_LABELS, type AdminApplicationItem, type AdmissionStage } from '@summit/domain/api/admissions';
import { APPLY_BATCHES, BATCH_LABELS } from '@summit/domain/application';
import { EmptyState, ErrorState } from '../../../components/page-state.tsx';
import { ExportButton, sheetQuery } from '../shell/export-button.tsx';
import { ADMIN_KEYS, refreshAdmissions, fetchApplications, fetchProvinces, releaseDecisions } from '../shell/admin-api.ts';
import { ApplicationDrawer } from './application-drawer.tsx';
import { describeRelease, formatTime } from '../shell/admin-format.ts';
import { StageTag } from './stage-tag.tsx';
import { AdminTable } from '../shell/admin-table.tsx';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';
import { usePagedList } from '../shell/use-paged-list.ts';

interface Filters {
  batch?: string | undefined;
  stage?: AdmissionStage | undefined;
  school?: string | undefined;
  province?: number | undefined;
  q?: string | undefined;
}

/** 申请管理: filters, the table with paging and selection, bulk release, and the detail drawer. */
export default function ApplicationsTab() {
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const [filters, setFilters] = useState<Filters>({});
  const [keyword, setKeyword] = useState('');
  const [school, setSchool] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const { setPage, list, pagination } = usePagedList({
    filter: filters,
    queryKey: (query) => [...ADMIN_KEYS.applications, query],
    fetch: (query, signal) => fetchApplications(query, { signal }),
  });
  const provinces = useQuery({ queryKey: ADMIN_KEYS.provinces, queryFn: ({ signal }) => fetchProvinces({ signal }), staleTime: Infinity });

  const release = useMutation({
    mutationFn: (ids: number[]) => releaseDecisions(ids),
    onSuccess: (result) => {
      setSelected([]);
      void toast.success(describeRelease(result), 5);
      refreshAdmissions(queryClient);
    },
  });

  const update = (next: Filters) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
    setSelected([]);
  };

  const confirmRelease = () => {
    void modal.confirm({
      title: '批量发布',
      content: `确认发布选中的 ${selected.length} 个申请的录取结果吗？发布后学生即可看到结果（只有草稿会被发布）。`,
      okText: '确认发布',
      cancelText: '取消',
      onOk: () => release.mutateAsync(selected),
    });
  };

  const columns: TableColumnsType<AdminApplicationItem> = [
    { title: '姓名', dataIndex: 'name', key: 'name', fixed: 'left', width: 110, render: (v: string) => v || '未填写' },
    { title: '手机号', dataIndex: 'phone', key: 'phone', width: 130 },
    { title: '学校', dataIndex: 'school_name', key: 'school', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '省份', dataIndex: 'province', key: 'province', width: 100, render: (v: string | null) => v ?? '—' },
    { title: '批次', dataIndex: 'batch', key: 'batch', width: 90, render: (v: string | null) => (v ? (BATCH_LABELS[v as keyof typeof BATCH_LABELS] ?? v) : '—') },
    { title: '阶段', dataIndex: 'stage', key: 'stage', width: 120, render: (v: AdmissionStage) => <StageTag stage={v} /> },
    {
      title: '决定',
      key: 'decision',
      width: 110,
      render: (_: unknown, r) => (r.decision ? `${ADMISSION_DECISION_LABELS[r.decision.decision]}${r.decision.released ? '' : '（草稿）'}` : '—'),
    },
    { title: '提交时间', key: 'submitted', width: 150, render: (_: unknown, r) => formatTime(r.step2_submitted_at ?? r.step1_submitted_at) },
  ];

  const data = list.data;
  let table;
  if (list.isError && !data) table = <ErrorState onRetry={() => void list.refetch()} />;
  else
    table = (
      <AdminTable<AdminApplicationItem>
        className="admin-table"
        rowKey="user_id"
        size="middle"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 960 }}
        locale={{ emptyText: list.isPending ? ' ' : <EmptyState description="没有符合条件的申请" /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => ({ disabled: r.decision === null || r.decision.released, 'aria-label': `选择 ${r.name}` }),
        }}
        onRow={(r) => ({
          // The checkbox cell selects; the rest of the row opens the detail.
          onClick: (e) => {
            if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) setOpenId(r.user_id);
          },
        })}
        pagination={{ ...pagination, showTotal: (total) => `共 ${total} 条` }}
      />
    );

  return (
    <div>
      {modalHolder}
      {toastHolder}
      <div className="admin-filters">
        <EnumFilterSelect placeholder="批次" label="批次" value={filters.batch} onChange={(v) => update({ batch: v })} keys={APPLY_BATCHES} labels={BATCH_LABELS} />
        <EnumFilterSelect placeholder="阶段" label="阶段" value={filters.stage} onChange={(v) => update({ stage: v })} keys={ADMISSION_STAGES} labels={ADMISSION_STAGE_LABELS} />
        <EnumFilterSelect
          showSearch
          optionFilterProp="label"
          placeholder="省份"
          label="省份"
          loading={provinces.isPending}
          value={filters.province}
          onChange={(v) => update({ province: v })}
          options={(provinces.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <Input.Search
          allowClear
          placeholder="学校名称"
          aria-label="学校"
          value={school}
          onChange={(e) => setSchool(e.target.value)}
          onSearch={(v) => update({ school: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          placeholder="姓名、手机号或学校"
          aria-label="关键词"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ q: v.trim() || undefined })}
          style={{ gridColumn: 'span 1' }}
        />
        <Button
          onClick={() => {
            setKeyword('');
            setSchool('');
            update({ batch: undefined, stage: undefined, province: undefined, school: undefined, q: undefined });
          }}
        >
          重置筛选
        </Button>
      </div>
      <div className="admin-toolbar">
        <span className="admin-toolbar__hint">{selected.length ? `已选择 ${selected.length} 个草稿` : '勾选“草稿待发布”的申请后可批量发布'}</span>
        <Button type="primary" disabled={selected.length === 0} loading={release.isPending} onClick={confirmRelease}>
          批量发布
        </Button>
        <ExportButton path="/admin/applications/export" query={sheetQuery({ ...filters })} fileName="申请管理.xlsx" />
      </div>
      {table}
      <ApplicationDrawer userId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
