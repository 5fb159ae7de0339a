import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { PageViewsReport } from '@summit/domain/api/tracking';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import TrackingTab, { TRACKING_KEY, formatDwell, lastDays, summariseByPath } from './tracking-tab.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const rows: PageViewsReport['rows'] = [
  { date: '2025-07-02', path: '/faq', views: 4, visitors: 3, avg_dwell_seconds: 10, dwell_samples: 1 },
  { date: '2025-07-02', path: '/', views: 2, visitors: 2, avg_dwell_seconds: null, dwell_samples: 0 },
  { date: '2025-07-01', path: '/faq', views: 3, visitors: 2, avg_dwell_seconds: 40, dwell_samples: 3 },
  { date: '2025-07-01', path: '/instructions/tuition', views: 9, visitors: 5, avg_dwell_seconds: 75, dwell_samples: 2 },
];

describe('tracking tab helpers', () => {
  it('sums per path and weighs the dwell average by its samples', () => {
    expect(summariseByPath(rows)).toEqual([
      { path: '/instructions/tuition', views: 9, visitorDays: 5, avgDwellSeconds: 75 },
      { path: '/faq', views: 7, visitorDays: 5, avgDwellSeconds: 32.5 },
      { path: '/', views: 2, visitorDays: 2, avgDwellSeconds: null },
    ]);
    expect(summariseByPath([])).toEqual([]);
  });

  it('formats dwell in Chinese', () => {
    expect(formatDwell(null)).toBe('—');
    expect(formatDwell(42.4)).toBe('42秒');
    expect(formatDwell(75)).toBe('1分15秒');
    expect(formatDwell(120)).toBe('2分');
  });

  it('counts the last days in Beijing time', () => {
    // 01:00 on 11 July in Beijing is still 10 July in UTC.
    expect(lastDays(7, dayjs('2025-07-10T17:00:00Z'))).toEqual({ from: '2025-07-05', to: '2025-07-11' });
    expect(lastDays(1, dayjs('2025-07-10T17:00:00Z'))).toEqual({ from: '2025-07-11', to: '2025-07-11' });
  });
});

describe('访问统计 tab', () => {
  it('renders the per-path summary from the report', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const range = { from: '2025-07-01', to: '2025-07-02' };
    client.setQueryData([...TRACKING_KEY, range.from, range.to], { ...range, rows } satisfies PageViewsReport);
    const html = renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(TrackingTab, { initialRange: range }))));
    for (const text of ['按页面', '按日期', '近 7 天', '/instructions/tuition', '/faq', '1分15秒', '>33秒<', '>47秒<', '>18<', '浏览量', '平均停留', '北京时间']) expect(html, text).toContain(text);
  });
});
