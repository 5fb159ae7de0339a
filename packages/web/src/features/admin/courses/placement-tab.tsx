import './structure.css';
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, DatePicker, Grid, Input, Popconfirm, Select, Space, Table, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { adminPlacementOverviewSchema, adminPlacementStudentsSchema, houseLatecomersResultSchema, houseRulesSchema, houseSortResultSchema, venueMoveResultSchema, venueRuleResultSchema, type AdminPlacementOverview, type VenueRuleResult } from '@summit/domain/api/placement';
import { SESSION_KEYS, SESSION_NAMES, type SessionKey } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { api } from '../../../lib/api-client.ts';
import { beijingWallClockToIso, formatTime } from '../shell/admin-format.ts';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

type Venue = AdminPlacementOverview['venues'][number];

const KEYS = {
  overview: ['admin', 'placement'] as const,
  students: (f: object) => ['admin', 'placement', 'students', f] as const,
  rules: ['admin', 'placement', 'house-rules'] as const,
};

const fetchOverview = (signal?: AbortSignal) => api.get('/admin/placement', { schema: adminPlacementOverviewSchema, ...(signal ? { signal } : {}) });
const runRule = (body: { session_key: SessionKey; overwrite: boolean; dry_run: boolean }) => api.post('/admin/placement/venue-rule', body, { schema: venueRuleResultSchema });
const runSort = (body: { venue_id: number; seed?: string }) => api.post('/admin/placement/house-sort', body, { schema: houseSortResultSchema, fieldNames: ['seed'] });
const setPublication = (body: { kind: 'venue' | 'house'; venue_id: number | null; publish_at: string | null }) =>
  api.request('/admin/placement/publication', { method: 'PUT', body, schema: adminPlacementOverviewSchema });
const moveStudent = (body: { student_id: number; venue_id: number }) => api.post('/admin/placement/move', body, { schema: venueMoveResultSchema });
const placeLatecomers = (body: { venue_id: number }) => api.post('/admin/placement/house-latecomers', body, { schema: houseLatecomersResultSchema });

/** A publish time: pick and save, or clear while not yet reached. */
function PublishAt({ label, value, now, onSave, busy }: { label: string; value: string | null; now: string; onSave: (iso: string | null) => void; busy: boolean }) {
  const [picked, setPicked] = useState<Dayjs | null>(value ? dayjs(value).tz() : null);
  useEffect(() => setPicked(value ? dayjs(value).tz() : null), [value]);
  const published = value !== null && Date.parse(value) <= Date.parse(now);
  return (
    <Space wrap role="group" aria-label={label}>
      <span>{label}：</span>
      {published ? (
        <span>已公布（{formatTime(value)}）</span>
      ) : (
        <>
          <DatePicker aria-label={label} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={picked} onChange={setPicked} />
          <Button loading={busy} disabled={!picked} onClick={() => picked && onSave(beijingWallClockToIso(picked))}>
            保存
          </Button>
          <Button loading={busy} onClick={() => onSave(new Date(Date.parse(now) + 1000).toISOString())}>
            立即公布
          </Button>
          {value ? <Button onClick={() => onSave(null)}>取消</Button> : null}
          <span>{value ? `待公布（${formatTime(value)}）` : '未设置'}</span>
        </>
      )}
    </Space>
  );
}

function VenueRuleCard({ onDone }: { onDone: () => void }) {
  const [session, setSession] = useState<SessionKey>('first');
  const [overwrite, setOverwrite] = useState(false);
  const [preview, setPreview] = useState<VenueRuleResult | null>(null);
  const [toast, holder] = message.useMessage();
  const run = useMutation({
    mutationFn: (dry: boolean) => runRule({ session_key: session, overwrite, dry_run: dry }),
    onSuccess: (data) => {
      setPreview(data);
      if (!data.dry_run) {
        void toast.success(`已分配 ${data.students - data.unassigned} 名学生`);
        onDone();
      }
    },
  });
  return (
    <Card title="按规则分配会场" size="small">
      {holder}
      <p>规则：学校所在省市有线下会场的优先分到该会场，其余分到线上会场；会场满员时依次分到尚有名额的会场（决策 040）。仅已缴学费的学生。</p>
      <Space wrap>
        <Select aria-label="期次" value={session} onChange={(v) => { setSession(v); setPreview(null); }} options={SESSION_KEYS.map((k) => ({ value: k, label: SESSION_NAMES[k] }))} style={{ width: 120 }} />
        <Checkbox checked={overwrite} onChange={(e) => { setOverwrite(e.target.checked); setPreview(null); }}>覆盖已有分配</Checkbox>
        <Button onClick={() => run.mutate(true)} loading={run.isPending}>预览</Button>
        <Popconfirm title="确认按规则分配会场？" onConfirm={() => run.mutate(false)} disabled={!preview?.dry_run}>
          <Button type="primary" disabled={!preview?.dry_run}>确认分配</Button>
        </Popconfirm>
      </Space>
      {preview ? (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey="venue_id"
          pagination={false}
          dataSource={preview.counts}
          caption={`${preview.dry_run ? '预览' : '已分配'}：${preview.students} 名待分配学生${preview.unassigned ? `，${preview.unassigned} 名因会场已满未分配` : ''}`}
          columns={[
            { title: '会场', dataIndex: 'name' },
            { title: '容量', dataIndex: 'capacity' },
            { title: '分配后人数', dataIndex: 'assigned' },
            { title: '本地', dataIndex: 'local' },
            { title: '线上', dataIndex: 'online' },
            { title: '调剂', dataIndex: 'overflow' },
          ]}
        />
      ) : null}
    </Card>
  );
}

function StudentsCard({ venues, onDone }: { venues: Venue[]; onDone: () => void }) {
  const [filter, setFilter] = useState<{ venue_id?: number; q?: string }>({});
  const [q, setQ] = useState('');
  const [toast, holder] = message.useMessage();
  const list = useQuery({
    queryKey: KEYS.students(filter),
    queryFn: ({ signal }) => api.get('/admin/placement/students', { query: { ...filter }, schema: adminPlacementStudentsSchema, signal }),
    placeholderData: keepPreviousData,
  });
  const move = useMutation({
    mutationFn: moveStudent,
    onSuccess: (data) => {
      // Decision 045: a venue already sorted takes the student into its smallest house at once.
      void toast.success(data.house ? `已调整，并分入${data.house.name}（该会场人数最少的学院）` : '已调整');
      void list.refetch();
      onDone();
    },
  });
  const venueName = (id: number | null) => venues.find((v) => v.id === id)?.name ?? '未分配';
  type Row = NonNullable<typeof list.data>['students'][number];
  const columns: TableColumnsType<Row> = [
    { title: '姓名', dataIndex: 'name' },
    { title: '手机', dataIndex: 'phone' },
    { title: '期次', dataIndex: 'session_name' },
    { title: '学校', dataIndex: 'school_name' },
    { title: '会场', dataIndex: 'venue_id', render: (id: number | null, r) => `${venueName(id)}${r.method === 'manual' ? '（手动）' : ''}` },
    { title: '学院', dataIndex: 'house', render: (h: string | null) => h ?? '—' },
    {
      title: '调整会场',
      render: (_: unknown, r) => (
        <Select
          aria-label={`调整 ${r.name} 的会场`}
          placeholder="选择会场"
          style={{ width: 140 }}
          value={null}
          onChange={(venueId: number) => move.mutate({ student_id: r.id, venue_id: venueId })}
          options={venues.filter((v) => v.id !== r.venue_id).map((v) => ({ value: v.id, label: v.name }))}
        />
      ),
    },
  ];
  return (
    <Card title="学生与手动调整" size="small">
      {holder}
      <Space wrap style={{ marginBottom: 12 }}>
        <EnumFilterSelect
          label="按会场筛选"
          placeholder="全部会场"
          style={{ width: 140 }}
          value={filter.venue_id ?? null}
          onChange={(v: number | undefined) => setFilter(({ venue_id: _, ...rest }) => (v === undefined || v === null ? rest : { ...rest, venue_id: v }))}
          options={[{ value: 0, label: '未分配' }, ...venues.map((v) => ({ value: v.id, label: v.name }))]}
        />
        <Input.Search aria-label="姓名或手机号" placeholder="姓名或手机号" value={q} onChange={(e) => setQ(e.target.value)} onSearch={(v) => setFilter(({ q: _, ...rest }) => (v.trim() ? { ...rest, q: v.trim() } : rest))} style={{ width: 200 }} />
      </Space>
      {list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <Table size="small" rowKey="id" loading={list.isFetching} dataSource={list.data?.students ?? []} columns={columns} scroll={{ x: 800 }} locale={{ emptyText: '暂无已缴学费的学生' }} caption={list.data ? `共 ${list.data.total} 人（最多显示 200 人）` : undefined} />
      )}
    </Card>
  );
}

function HouseRulesCard() {
  const [toast, holder] = message.useMessage();
  const rules = useQuery({ queryKey: KEYS.rules, queryFn: ({ signal }) => api.get('/teacher/house-rules', { schema: houseRulesSchema, signal }) });
  const [text, setText] = useState('');
  useEffect(() => setText(rules.data?.text ?? ''), [rules.data]);
  const save = useMutation({
    mutationFn: () => api.request('/admin/placement/house-rules', { method: 'PUT', body: { text }, schema: houseRulesSchema }),
    onSuccess: () => void toast.success('学院守则已保存'),
  });
  return (
    <Card title="学院守则" size="small">
      {holder}
      <Input.TextArea aria-label="学院守则" rows={6} value={text} onChange={(e) => setText(e.target.value)} maxLength={20_000} />
      <Button style={{ marginTop: 8 }} type="primary" loading={save.isPending} onClick={() => save.mutate()}>
        保存学院守则
      </Button>
    </Card>
  );
}

/** 分配与发布: venue rule with preview, manual moves, house sorting per venue, publish times (decision 040). */
export default function PlacementTab() {
  const queryClient = useQueryClient();
  const [toast, holder] = message.useMessage();
  const [seeds, setSeeds] = useState<Record<number, string>>({});
  const wide = Grid.useBreakpoint().md !== false;
  const overview = useQuery({ queryKey: KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEYS.overview });
  const publish = useMutation({
    mutationFn: setPublication,
    onSuccess: (data) => {
      queryClient.setQueryData(KEYS.overview, data);
      void toast.success('公布时间已保存');
    },
  });
  const sort = useMutation({
    mutationFn: runSort,
    onSuccess: (data) => {
      void toast.success(`学院分配完成：${data.students} 人，种子 ${data.seed}`);
      refresh();
    },
  });
  const latecomers = useMutation({
    mutationFn: placeLatecomers,
    onSuccess: (data) => {
      void toast.success(data.placed ? `已为 ${data.placed} 名同学补分学院` : '没有需要补分学院的同学');
      refresh();
    },
  });
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  /** House sorting of one venue: last run, (re)sort with a seed until published, latecomers (decision 045). */
  const sortCell = (v: Venue) => {
    const published = v.house_publish_at !== null && Date.parse(v.house_publish_at) <= Date.parse(o.now);
    return (
      <Space direction="vertical" size={4}>
        <span>{v.last_run ? `种子 ${v.last_run.seed} · ${v.last_run.students} 人 · ${formatTime(v.last_run.created_at)}` : '尚未分配'}</span>
        {published ? (
          <span>已公布，不能重新分配</span>
        ) : (
          <Space wrap>
            <Input aria-label={`${v.name} 随机种子`} placeholder="随机种子（选填）" style={{ width: 170 }} value={seeds[v.id] ?? ''} onChange={(e) => setSeeds((s) => ({ ...s, [v.id]: e.target.value }))} />
            <Popconfirm title={v.last_run ? '重新分配将替换该会场现有的学院分配，确认？' : '确认分配学院？'} onConfirm={() => sort.mutate({ venue_id: v.id, ...(seeds[v.id]?.trim() ? { seed: seeds[v.id]!.trim() } : {}) })}>
              <Button loading={sort.isPending}>{v.last_run ? '重新分配学院' : '分配学院'}</Button>
            </Popconfirm>
          </Space>
        )}
        {v.last_run && v.assigned > v.housed ? (
          <Space wrap>
            <Typography.Text type="warning">{v.assigned - v.housed} 人尚无学院</Typography.Text>
            <Popconfirm title="将这些同学逐一分入该会场人数最少的学院（决策 045），确认？" onConfirm={() => latecomers.mutate({ venue_id: v.id })}>
              <Button size="small" loading={latecomers.isPending}>补分学院</Button>
            </Popconfirm>
          </Space>
        ) : null}
        {v.housed > 0 ? <span style={{ fontSize: 12 }}>{v.houses.filter((h) => h.members > 0).map((h) => `${h.name} ${h.members}`).join(' · ')}</span> : null}
      </Space>
    );
  };
  const publishCell = (v: Venue) => (
    <Space direction="vertical" size={4}>
      <PublishAt label={`${v.name} 会场结果`} value={v.venue_publish_at} now={o.now} busy={publish.isPending} onSave={(at) => publish.mutate({ kind: 'venue', venue_id: v.id, publish_at: at })} />
      <PublishAt label={`${v.name} 学院结果`} value={v.house_publish_at} now={o.now} busy={publish.isPending} onSave={(at) => publish.mutate({ kind: 'house', venue_id: v.id, publish_at: at })} />
    </Space>
  );
  const venueTitle = (v: Venue) => `${v.name}${v.is_beijing ? '（北京）' : ''}`;
  const columns: TableColumnsType<Venue> = [
    { title: '会场', dataIndex: 'name', render: (_: string, v) => venueTitle(v) },
    { title: '学生/容量', render: (_: unknown, v) => `${v.assigned} / ${v.capacity}` },
    { title: '已分学院', dataIndex: 'housed' },
    { title: '学院分配', render: (_: unknown, v) => sortCell(v) },
    { title: '公布时间', render: (_: unknown, v) => publishCell(v) },
  ];
  // On a phone the five columns would scroll sideways and hide the actions: one block per venue instead.
  const venuesBlock = wide ? (
    <Table style={{ marginTop: 12 }} size="small" rowKey="id" pagination={false} dataSource={o.venues} columns={columns} scroll={{ x: 900 }} locale={{ emptyText: '尚未设置会场' }} />
  ) : o.venues.length === 0 ? (
    <p>尚未设置会场</p>
  ) : (
    <div className="placement-venues" role="list" aria-label="会场">
      {o.venues.map((v) => (
        <section key={v.id} role="listitem" aria-label={v.name} className="placement-venue">
          <h3>{venueTitle(v)}</h3>
          <p>学生 {v.assigned} / {v.capacity} · 已分学院 {v.housed}</p>
          {sortCell(v)}
          <div style={{ marginTop: 8 }}>{publishCell(v)}</div>
        </section>
      ))}
    </div>
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {holder}
      <Card title="会场与学院" size="small">
        <p>
          未分配会场的已缴费学生：
          {o.unassigned_paid.map((u) => `${SESSION_NAMES[u.session_key]} ${u.count} 人`).join('，')}
        </p>
        <PublishAt label="全部会场 会场结果" value={o.venue_publish_at} now={o.now} busy={publish.isPending} onSave={(at) => publish.mutate({ kind: 'venue', venue_id: null, publish_at: at })} />
        {venuesBlock}
      </Card>
      <VenueRuleCard onDone={refresh} />
      <StudentsCard venues={o.venues} onDone={refresh} />
      <HouseRulesCard />
    </Space>
  );
}
