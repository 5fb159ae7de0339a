import '../shell/ops.css';
import { useMemo, useState } from 'react';
import { Button, DatePicker, Segmented, Space, Statistic, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { FUNNEL_GROUP_LABELS, FUNNEL_GROUPS, FUNNEL_MAX_DAYS, FUNNEL_STAGES, FUNNEL_STAGE_LABELS, percentText, type FunnelGroup, type FunnelGroupRow } from '@summit/domain/api/analytics';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { ADMIN_KEYS, fetchProvinces } from '../shell/admin-api.ts';
import { AdminTable } from '../shell/admin-table.tsx';
import { AnalyticsChart } from './analytics-chart.tsx';
import { ANALYTICS_KEY, fetchFunnel } from './analytics-api.ts';
import { conversionLines, funnelOption, funnelQueryText, isEmptyFunnel, seriesOption, type FunnelFilters } from './analytics-model.ts';
import { ExportButton } from '../shell/export-button.tsx';
import { TRACKING_KEY, fetchPageViews, formatDwell, lastDays, summariseByPath, type PathSummary } from '../site/tracking-tab.tsx';
import { EnumFilterSelect } from '../../../components/enum-filter-select.tsx';

const breakdownColumns = (group: FunnelGroup, onSchool: (row: FunnelGroupRow) => void): TableColumnsType<FunnelGroupRow> => [
  {
    title: FUNNEL_GROUP_LABELS[group].replace('按', ''),
    key: 'label',
    fixed: 'left',
    width: 150,
    render: (_: unknown, r) => (group === 'school' && r.key !== '' ? <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onSchool(r)}>{r.label}</Button> : r.label),
  },
  ...FUNNEL_STAGES.map((s, i) => ({ title: FUNNEL_STAGE_LABELS[s], key: s, width: 96, align: 'right' as const, render: (_: unknown, r: FunnelGroupRow) => r.counts[i] ?? 0 })),
  { title: '注册→缴学费', key: 'overall', width: 110, align: 'right', render: (_: unknown, r) => percentText(r.counts[0] ? (r.counts[6] ?? 0) / r.counts[0] : 0) },
];

const pageColumns: TableColumnsType<PathSummary> = [
  { title: '页面路径', dataIndex: 'path', key: 'path', ellipsis: true },
  { title: '浏览量', dataIndex: 'views', key: 'views', width: 90, align: 'right' },
  { title: '平均停留', key: 'dwell', width: 100, align: 'right', render: (_: unknown, r) => formatDwell(r.avgDwellSeconds) },
];

/** 数据分析 (decision 066): the admission funnel with filters, per-day lines, a breakdown, page views. */
export default function AnalyticsTab() {
  const [filters, setFilters] = useState<FunnelFilters>({});
  const [schoolName, setSchoolName] = useState('');
  const [group, setGroup] = useState<FunnelGroup>('batch');
  const update = (patch: Partial<FunnelFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const report = useQuery({
    queryKey: [...ANALYTICS_KEY, filters, group],
    queryFn: ({ signal }) => fetchFunnel(filters, group, { signal }),
    placeholderData: keepPreviousData,
  });
  const provinces = useQuery({ queryKey: ADMIN_KEYS.provinces, queryFn: ({ signal }) => fetchProvinces({ signal }), staleTime: Infinity });
  const range = filters.from && filters.to ? { from: filters.from, to: filters.to } : lastDays(30);
  const views = useQuery({ queryKey: [...TRACKING_KEY, range.from, range.to], queryFn: ({ signal }) => fetchPageViews(range, { signal }) });
  const data = report.data;
  const funnelChart = useMemo(() => (data ? funnelOption(data) : null), [data]);
  const lineChart = useMemo(() => (data ? seriesOption(data) : null), [data]);
  const pages = summariseByPath(views.data?.rows ?? []);
  const viewRows = views.data?.rows ?? [];
  const samples = viewRows.reduce((n, r) => n + (r.avg_dwell_seconds !== null ? r.dwell_samples : 0), 0);
  const avgDwell = samples > 0 ? viewRows.reduce((n, r) => n + (r.avg_dwell_seconds ?? 0) * r.dwell_samples, 0) / samples : null;

  let body;
  if (report.isPending) body = <LoadingState rows={8} />;
  else if (report.isError && !data) body = <ErrorState onRetry={() => void report.refetch()} />;
  else if (!data || isEmptyFunnel(data)) body = <EmptyState description="当前筛选条件下暂无注册学生" />;
  else
    body = (
      <>
        <div className="analytics-stats" aria-label="各阶段人数">
          {FUNNEL_STAGES.map((s, i) => (
            <Statistic key={s} title={FUNNEL_STAGE_LABELS[s]} value={data.counts[i] ?? 0} suffix="人" />
          ))}
        </div>
        <div className="analytics-grid">
          <section className="admin-card" aria-label="漏斗图">
            <h2>招生漏斗</h2>
            {funnelChart ? <AnalyticsChart option={funnelChart} label="招生漏斗图" /> : null}
          </section>
          <section className="admin-card" aria-label="转化率">
            <h2>相邻阶段转化率</h2>
            <ul className="analytics-conversions">
              {conversionLines(data).map((c) => (
                <li key={c.key}>
                  <span>{c.text}</span>
                  <strong>{c.rate}</strong>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <section className="admin-card" aria-label="每日趋势">
          <h2>每日趋势</h2>
          <p className="admin-toolbar__hint">每个阶段按其自身发生的日期（北京时间）统计。</p>
          {lineChart && data.series.length > 0 ? <AnalyticsChart option={lineChart} height={300} label="每日趋势图" /> : <EmptyState description="暂无每日数据" />}
        </section>
        <section className="admin-card" aria-label="分组明细">
          <div className="ops-head">
            <h2>分组明细</h2>
            <Segmented<FunnelGroup> value={group} onChange={setGroup} options={FUNNEL_GROUPS.map((g) => ({ value: g, label: FUNNEL_GROUP_LABELS[g] }))} />
          </div>
          <AdminTable<FunnelGroupRow>
            rowKey="key"
            size="small"
            columns={breakdownColumns(group, (r) => {
              setSchoolName(r.label);
              update({ school: Number(r.key) });
            })}
            dataSource={data.groups}
            loading={report.isFetching}
            scroll={{ x: 1000 }}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          />
        </section>
      </>
    );

  return (
    <div className="admin-ops analytics-tab">
      <div className="ops-filters analytics-filters" role="search" aria-label="分析筛选">
        <DatePicker.RangePicker
          aria-label="注册日期"
          placeholder={['注册开始', '注册结束']}
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          disabledDate={(d, info) => (info?.from ? Math.abs(d.diff(info.from, 'day')) >= FUNNEL_MAX_DAYS : false)}
          onChange={(v) => {
            const [a, b] = v ?? [];
            update(a && b ? { from: a.format('YYYY-MM-DD'), to: b.format('YYYY-MM-DD') } : { from: undefined, to: undefined });
          }}
        />
        <EnumFilterSelect
          label="批次"
          placeholder="全部批次"
          value={filters.batch}
          onChange={(v?: 'early' | 'regular') => update({ batch: v })}
          options={[
            { value: 'early', label: '提前批（EB）' },
            { value: 'regular', label: '常规批' },
          ]}
        />
        <EnumFilterSelect
          label="省份"
          showSearch
          optionFilterProp="label"
          placeholder="全部省份"
          loading={provinces.isPending}
          value={filters.province}
          onChange={(v?: number) => update({ province: v })}
          options={(provinces.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <ExportButton path="/admin/analytics/profiles/export" query={funnelQueryText(filters)} fileName="学生分析档案.xlsx" />
      </div>
      {filters.school ? (
        <p>
          <Tag closable onClose={() => update({ school: undefined })}>
            {`学校：${schoolName || filters.school}`}
          </Tag>
        </p>
      ) : null}
      {body}
      <section className="admin-card" aria-label="访问与停留">
        <h2>访问与停留</h2>
        <p className="admin-toolbar__hint">{`${range.from} 至 ${range.to}（北京时间）；停留时间为访客离开页面时上报的秒数，超过一天的不计入。`}</p>
        <Space size="large" wrap style={{ marginBottom: 12 }}>
          <Statistic title="浏览量" value={pages.reduce((n, p) => n + p.views, 0)} />
          <Statistic title="页面数" value={pages.length} />
          <Statistic title="平均停留" value={formatDwell(avgDwell)} />
        </Space>
        <AdminTable<PathSummary>
          rowKey="path"
          size="small"
          columns={pageColumns}
          dataSource={pages.slice(0, 10)}
          loading={views.isFetching}
          scroll={{ x: 420 }}
          locale={{ emptyText: views.isPending ? ' ' : <EmptyState description="该时间段内暂无访问记录" /> }}
          pagination={false}
        />
      </section>
    </div>
  );
}
