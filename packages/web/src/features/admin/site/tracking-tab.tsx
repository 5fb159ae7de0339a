import { useState } from 'react';
import { Button, DatePicker, Segmented, Space, Statistic } from 'antd';
import type { TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { PAGE_VIEWS_MAX_DAYS, pageViewsReportSchema, type PageViewRow } from '@summit/domain/api/tracking';
import { EmptyState, ErrorState } from '../../../components/page-state.tsx';
import { api } from '../../../lib/api-client.ts';
import { AdminTable } from '../shell/admin-table.tsx';

export const TRACKING_KEY = ['admin', 'tracking', 'page-views'] as const;

export interface PageViewRange {
  from: string;
  to: string;
}

export interface PathSummary {
  path: string;
  views: number;
  /** Sum of each day's distinct visitors (a visitor on two days counts twice). */
  visitorDays: number;
  avgDwellSeconds: number | null;
}

export const fetchPageViews = (range: PageViewRange, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('/admin/tracking/page-views', { query: { ...range }, schema: pageViewsReportSchema, ...(signal ? { signal } : {}) });

/** The last `days` Beijing days, today included. */
export function lastDays(days: number, now: Dayjs = dayjs()): PageViewRange {
  const today = now.tz('Asia/Shanghai');
  return { from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

/** Per-path totals over the range; the dwell average is weighed by each day's number of dwell times. */
export function summariseByPath(rows: PageViewRow[]): PathSummary[] {
  const byPath = new Map<string, { views: number; visitorDays: number; dwellTotal: number; dwellSamples: number }>();
  for (const row of rows) {
    const sum = byPath.get(row.path) ?? { views: 0, visitorDays: 0, dwellTotal: 0, dwellSamples: 0 };
    sum.views += row.views;
    sum.visitorDays += row.visitors;
    if (row.avg_dwell_seconds !== null && row.dwell_samples > 0) {
      sum.dwellTotal += row.avg_dwell_seconds * row.dwell_samples;
      sum.dwellSamples += row.dwell_samples;
    }
    byPath.set(row.path, sum);
  }
  return [...byPath.entries()]
    .map(([path, s]) => ({ path, views: s.views, visitorDays: s.visitorDays, avgDwellSeconds: s.dwellSamples > 0 ? Math.round((s.dwellTotal / s.dwellSamples) * 10) / 10 : null }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
}

/** 75 → "1分15秒"; null → "—". */
export function formatDwell(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}秒`;
  const minutes = Math.floor(whole / 60);
  return whole % 60 === 0 ? `${minutes}分` : `${minutes}分${whole % 60}秒`;
}

type View = 'path' | 'day';

const pathColumns: TableColumnsType<PathSummary> = [
  { title: '页面路径', dataIndex: 'path', key: 'path', ellipsis: true },
  { title: '浏览量', dataIndex: 'views', key: 'views', width: 100, align: 'right' },
  { title: '访客（按日）', dataIndex: 'visitorDays', key: 'visitors', width: 120, align: 'right' },
  { title: '平均停留', key: 'dwell', width: 110, align: 'right', render: (_: unknown, r) => formatDwell(r.avgDwellSeconds) },
];

const dayColumns: TableColumnsType<PageViewRow> = [
  { title: '日期', dataIndex: 'date', key: 'date', width: 120 },
  { title: '页面路径', dataIndex: 'path', key: 'path', ellipsis: true },
  { title: '浏览量', dataIndex: 'views', key: 'views', width: 100, align: 'right' },
  { title: '访客', dataIndex: 'visitors', key: 'visitors', width: 90, align: 'right' },
  { title: '平均停留', key: 'dwell', width: 110, align: 'right', render: (_: unknown, r) => formatDwell(r.avg_dwell_seconds) },
];

/** 访问统计: page views per path (or per day and path) in a Beijing date range, with average dwell time (decision 016). */
export default function TrackingTab({ initialRange }: { initialRange?: PageViewRange }) {
  const [range, setRange] = useState<PageViewRange>(() => initialRange ?? lastDays(7));
  const [view, setView] = useState<View>('path');
  const report = useQuery({
    queryKey: [...TRACKING_KEY, range.from, range.to],
    queryFn: ({ signal }) => fetchPageViews(range, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.rows ?? [];
  const byPath = summariseByPath(rows);
  const totalViews = byPath.reduce((n, p) => n + p.views, 0);
  const withDwell = rows.filter((r) => r.avg_dwell_seconds !== null && r.dwell_samples > 0);
  const samples = withDwell.reduce((n, r) => n + r.dwell_samples, 0);
  const avgDwell = samples > 0 ? withDwell.reduce((n, r) => n + (r.avg_dwell_seconds ?? 0) * r.dwell_samples, 0) / samples : null;
  const empty = <EmptyState description="该时间段内暂无访问记录" />;

  return (
    <div>
      <div className="admin-toolbar">
        <Space wrap>
          <DatePicker.RangePicker
            aria-label="统计日期"
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            disabledDate={(d, info) => {
              const picked = info?.from;
              return picked ? Math.abs(d.diff(picked, 'day')) >= PAGE_VIEWS_MAX_DAYS : false;
            }}
            onChange={(values) => {
              const [start, end] = values ?? [];
              if (start && end) setRange({ from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') });
            }}
          />
          <Button onClick={() => setRange(lastDays(7))}>近 7 天</Button>
          <Button onClick={() => setRange(lastDays(30))}>近 30 天</Button>
        </Space>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'path', label: '按页面' },
            { value: 'day', label: '按日期' },
          ]}
        />
      </div>
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title="浏览量" value={totalViews} />
        <Statistic title="页面数" value={byPath.length} />
        <Statistic title="平均停留" value={formatDwell(avgDwell)} />
      </Space>
      <p className="admin-toolbar__hint">日期按北京时间统计；停留时间来自访客离开页面时上报的秒数。</p>
      {report.isError && !report.data ? (
        <ErrorState onRetry={() => void report.refetch()} />
      ) : view === 'path' ? (
        <AdminTable<PathSummary>
          rowKey="path"
          size="middle"
          columns={pathColumns}
          dataSource={byPath}
          loading={report.isFetching}
          scroll={{ x: 560 }}
          locale={{ emptyText: report.isPending ? ' ' : empty }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 个页面` }}
        />
      ) : (
        <AdminTable<PageViewRow>
          rowKey={(r) => `${r.date} ${r.path}`}
          size="middle"
          columns={dayColumns}
          dataSource={rows}
          loading={report.isFetching}
          scroll={{ x: 640 }}
          locale={{ emptyText: report.isPending ? ' ' : empty }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 条` }}
        />
      )}
    </div>
  );
}
