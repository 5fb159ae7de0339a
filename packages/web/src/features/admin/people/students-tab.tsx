import '../shell/ops.css';
import { useMemo, useState, type Key } from 'react';
import { Button, Input, Modal, Select, Space, Tag, message } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ADMISSION_DECISION_LABELS } from '@summit/domain/api/admissions';
import { MESSAGE_BATCHES, MESSAGE_BATCH_LABELS, STUDENT_TAG_MAX, type SegmentFilter } from '@summit/domain/api/messages';
import { SIGNUP_STATUS_LABELS } from '@summit/domain/api/school';
import type { AdminStudentItem, StudentSort } from '@summit/domain/api/students';
import { SESSION_KEYS, SESSION_NAMES } from '@summit/domain/programme-terms';
import { ACTIVE_TYPES, ACTIVE_TYPE_VALUES } from '@summit/domain/roles';
import { STUDENT_STAGES, STUDENT_STAGE_LABELS } from '@summit/domain/student-stage';
import { SIGNUP_STATUSES } from '@summit/domain/student-status';
import { PATHS, adminStudentPath } from '../../../lib/paths.ts';
import { regionChildrenQuery } from '../../../components/region-data.ts';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { formatTime } from '../shell/admin-format.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { MESSAGE_ADMIN_KEYS, saveSegment } from '../operations/messages-admin-api.ts';
import { fetchHouses, fetchVenues, STRUCTURE_KEYS } from '../courses/structure-api.ts';
import { STUDENT_ADMIN_KEYS, downloadStudentExport, fetchStudents, tagStudents, type StudentListParams } from './students-admin-api.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';
import { usePagedList } from '../shell/use-paged-list.ts';

const SORTABLE: Partial<Record<string, StudentSort>> = { name: 'name', school: 'school', stage: 'stage', registered_at: 'registered_at', tuition_paid_at: 'paid_at' };

/** Only the fields that narrow (the API ignores the others too). */
const cleanFilter = (f: SegmentFilter): SegmentFilter => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined && v !== '')) as SegmentFilter;

/**
 * /admin/students — search, filter, sort and page on the server; act on the ticked rows, or on the whole filter
 * when none is ticked: tags, a message (the messages tab opens with the selection as its segment), an export.
 * The filter is the message segment filter, so 保存为分组 saves exactly what the list shows (decision 062).
 */
export default function StudentsTab() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<SegmentFilter>({});
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ sort: StudentSort; order: 'asc' | 'desc' }>({ sort: 'registered_at', order: 'desc' });
  const [selected, setSelected] = useState<number[]>([]);
  const [tagMode, setTagMode] = useState<'add' | 'remove' | null>(null);
  const [tagValues, setTagValues] = useState<string[]>([]);
  const [segmentOpen, setSegmentOpen] = useState(false);
  const [segmentName, setSegmentName] = useState('');

  const clean = useMemo(() => cleanFilter(filter), [filter]);
  const {
    setPage,
    query: params,
    list,
    pagination,
  } = usePagedList({ filter: { filter: clean, ...sort }, queryKey: STUDENT_ADMIN_KEYS.list, fetch: (query: StudentListParams, signal) => fetchStudents(query, signal) });
  const venues = useQuery({ queryKey: STRUCTURE_KEYS.venues, queryFn: ({ signal }) => fetchVenues({ signal }) });
  const houses = useQuery({ queryKey: STRUCTURE_KEYS.houses, queryFn: ({ signal }) => fetchHouses({ signal }) });
  const provinces = useQuery(regionChildrenQuery('states', 1));

  /** The ticked students, or the whole filter when none is ticked. */
  const target: SegmentFilter = selected.length > 0 ? { user_ids: selected } : clean;
  const targetText = selected.length > 0 ? `已选 ${selected.length} 名学生` : `当前筛选的 ${list.data?.total ?? 0} 名学生`;

  const set = (patch: Partial<SegmentFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const tags = useMutation({
    mutationFn: () => (tagMode === 'remove' ? tagStudents(target, [], tagValues) : tagStudents(target, tagValues, [])),
    onSuccess: (r) => {
      void message.success(`已更新 ${r.changed} 名学生的标签`);
      setTagMode(null);
      setTagValues([]);
      void qc.invalidateQueries({ queryKey: STUDENT_ADMIN_KEYS.all });
    },
  });
  const segment = useMutation({
    mutationFn: () => saveSegment(segmentName.trim(), target),
    onSuccess: () => {
      void message.success('分组已保存，可在“消息”中选择');
      setSegmentOpen(false);
      setSegmentName('');
      void qc.invalidateQueries({ queryKey: MESSAGE_ADMIN_KEYS.segments });
    },
  });
  const exporting = useMutation({ mutationFn: () => downloadStudentExport(target) });

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<AdminStudentItem> | SorterResult<AdminStudentItem>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = s?.order ? SORTABLE[String(s.columnKey)] : undefined;
    setSort(key ? { sort: key, order: s!.order === 'ascend' ? 'asc' : 'desc' } : { sort: 'registered_at', order: 'desc' });
    setPage(p.current ?? 1);
  };
  const sortOrderOf = (key: string) => (SORTABLE[key] === sort.sort ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  const columns: TableColumnsType<AdminStudentItem> = [
    {
      title: '姓名',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_v, s) => (
        <a
          href={adminStudentPath(s.user_id)}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            void navigate(adminStudentPath(s.user_id));
          }}
        >
          {s.name || `#${s.user_id}`}
        </a>
      ),
    },
    { title: '手机号', dataIndex: 'phone' },
    { title: '学校', key: 'school', sorter: true, sortOrder: sortOrderOf('school'), render: (_v, s) => s.school ?? '—' },
    { title: '省份', render: (_v, s) => s.province ?? '—' },
    { title: '批次', render: (_v, s) => s.batch ?? '—' },
    { title: '进度', key: 'stage', sorter: true, sortOrder: sortOrderOf('stage'), render: (_v, s) => STUDENT_STAGE_LABELS[s.stage] },
    { title: '录取', render: (_v, s) => (s.decision ? `${ADMISSION_DECISION_LABELS[s.decision]}${s.decision_released ? '' : '（未公布）'}` : '—') },
    { title: '会场 / 学院', render: (_v, s) => [s.venue, s.house].filter(Boolean).join(' · ') || '—' },
    { title: '身份', render: (_v, s) => ACTIVE_TYPES[s.active_type as keyof typeof ACTIVE_TYPES] ?? s.active_type },
    { title: '标签', render: (_v, s) => (s.tags.length ? s.tags.map((t) => <Tag key={t}>{t}</Tag>) : '—') },
    { title: '缴费时间', key: 'tuition_paid_at', sorter: true, sortOrder: sortOrderOf('tuition_paid_at'), render: (_v, s) => formatTime(s.tuition_paid_at) },
    { title: '注册时间', key: 'registered_at', sorter: true, sortOrder: sortOrderOf('registered_at'), render: (_v, s) => formatTime(s.registered_at) },
  ];

  let body;
  if (list.isPending) body = <LoadingState rows={8} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else
    body = (
      <AdminTable<AdminStudentItem>
        rowKey="user_id"
        loading={list.isFetching}
        dataSource={list.data.items}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有符合条件的学生' }}
        onChange={onTableChange}
        onRow={(s) => ({ onClick: () => void navigate(adminStudentPath(s.user_id)) })}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys: Key[]) => setSelected(keys.map(Number)),
          getCheckboxProps: (s) => ({ 'aria-label': `选择 ${s.name || s.user_id}` }),
        }}
        pagination={pagination}
      />
    );

  return (
    <div className="admin-ops">
      <section className="admin-card" aria-label="学生管理">
        <h2>学生管理</h2>
        <div className="ops-filters">
          <Input.Search
            aria-label="搜索学生"
            placeholder="姓名 / 手机号 / 证件号后几位 / 学校"
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => set({ q: v.trim() || null })}
            enterButton="搜索"
          />
          <EnumFilterSelect label="进度" placeholder="进度：不限" value={filter.stage} onChange={(v) => set({ stage: v ?? null })} keys={STUDENT_STAGES} labels={STUDENT_STAGE_LABELS} />
          <EnumFilterSelect label="申请状态" placeholder="申请状态：不限" value={filter.signup_status} onChange={(v) => set({ signup_status: v ?? null })} keys={SIGNUP_STATUSES} labels={SIGNUP_STATUS_LABELS} />
          <EnumFilterSelect label="批次" placeholder="批次：不限" value={filter.batch} onChange={(v) => set({ batch: v ?? null })} keys={MESSAGE_BATCHES} labels={MESSAGE_BATCH_LABELS} />
          <Select
            aria-label="学费"
            placeholder="学费：不限"
            allowClear
            value={filter.tuition_paid == null ? null : filter.tuition_paid ? 'paid' : 'unpaid'}
            onChange={(v?: string) => set({ tuition_paid: v == null ? null : v === 'paid' })}
            options={[
              { value: 'paid', label: '已缴学费' },
              { value: 'unpaid', label: '未缴学费' },
            ]}
          />
          <EnumFilterSelect label="期次" placeholder="期次：不限" value={filter.session} onChange={(v) => set({ session: v ?? null })} keys={SESSION_KEYS} labels={SESSION_NAMES} />
          <EnumFilterSelect label="会场" placeholder="会场：不限" value={filter.venue_id} onChange={(v) => set({ venue_id: v ?? null })} options={(venues.data ?? []).map((v) => ({ value: v.id, label: v.name }))} />
          <EnumFilterSelect label="学院" placeholder="学院：不限" value={filter.house_id} onChange={(v) => set({ house_id: v ?? null })} options={(houses.data ?? []).map((h) => ({ value: h.id, label: h.name }))} />
          <Select
            aria-label="省份"
            placeholder="省份：不限"
            allowClear
            showSearch
            optionFilterProp="label"
            value={filter.province_id ?? null}
            onChange={(v) => set({ province_id: v ?? null })}
            options={(provinces.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <Select
            aria-label="身份类型"
            placeholder="身份类型：不限"
            allowClear
            value={filter.active_type ?? null}
            onChange={(v) => set({ active_type: v ?? null })}
            options={ACTIVE_TYPE_VALUES.map((v) => ({ value: v, label: ACTIVE_TYPES[v] }))}
          />
          <Input.Search aria-label="标签" placeholder="标签" allowClear maxLength={STUDENT_TAG_MAX} onSearch={(v) => set({ tag: v.trim() || null })} />
          <Button
            onClick={() => {
              setFilter({});
              setSearch('');
              setSelected([]);
              setPage(1);
            }}
          >
            重置
          </Button>
        </div>
        <Space wrap className="students-bulk" aria-label="批量操作">
          <span className="ops-muted" data-testid="students-target">
            {list.data ? `共 ${list.data.total} 名学生 · 操作对象：${targetText}` : '加载中…'}
          </span>
          <Button onClick={() => setTagMode('add')}>加标签</Button>
          <Button onClick={() => setTagMode('remove')}>移除标签</Button>
          <Button onClick={() => void navigate(`${PATHS.admin}/messages`, { state: { filter: target } })}>发消息</Button>
          <Button onClick={() => exporting.mutate()} loading={exporting.isPending}>
            导出 Excel
          </Button>
          <Button onClick={() => setSegmentOpen(true)}>保存为分组</Button>
          {selected.length > 0 ? <Button onClick={() => setSelected([])}>取消选择</Button> : null}
        </Space>
        {body}
      </section>

      <Modal
        open={tagMode !== null}
        title={tagMode === 'remove' ? '移除标签' : '加标签'}
        okText="确定"
        cancelText="取消"
        onCancel={() => setTagMode(null)}
        onOk={() => tags.mutate()}
        okButtonProps={{ disabled: tagValues.length === 0, loading: tags.isPending }}
        destroyOnHidden
      >
        <p className="ops-muted">{targetText}</p>
        <Select aria-label="标签名称" mode="tags" style={{ width: '100%' }} placeholder="输入标签后回车" value={tagValues} onChange={setTagValues} maxCount={30} />
      </Modal>
      <Modal
        open={segmentOpen}
        title="保存为分组"
        okText="保存"
        cancelText="取消"
        onCancel={() => setSegmentOpen(false)}
        onOk={() => segment.mutate()}
        okButtonProps={{ disabled: segmentName.trim() === '', loading: segment.isPending }}
        destroyOnHidden
      >
        <p className="ops-muted">{`分组即保存的筛选（${targetText}），可在“消息”中选择并发送。`}</p>
        <Input aria-label="分组名称" placeholder="分组名称" maxLength={30} value={segmentName} onChange={(e) => setSegmentName(e.target.value)} />
      </Modal>
    </div>
  );
}
