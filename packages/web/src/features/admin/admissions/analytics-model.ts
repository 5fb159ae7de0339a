/** Pure pieces of the 数据分析 tab (unit-tested without a DOM or echarts). */
import { FUNNEL_STAGES, FUNNEL_STAGE_LABELS, percentText, type FunnelQuery, type FunnelReport } from '@summit/domain/api/analytics';
import type { ChartOption } from './analytics-chart.tsx';

export type FunnelFilters = Omit<FunnelQuery, 'group'>;

/** Nothing registered under the filter: the tab shows its empty state instead of a flat chart. */
export const isEmptyFunnel = (r: FunnelReport) => (r.counts[0] ?? 0) === 0;

/** "注册 → 完善信息 83.3%" lines: the conversions as text beside the chart. */
export function conversionLines(r: FunnelReport): Array<{ key: string; text: string; rate: string }> {
  return r.conversions.map((c) => ({ key: `${c.from}-${c.to}`, text: `${FUNNEL_STAGE_LABELS[c.from]} → ${FUNNEL_STAGE_LABELS[c.to]}`, rate: percentText(c.rate) }));
}

export function funnelOption(r: FunnelReport): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 人' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        left: '5%',
        width: '90%',
        minSize: '8%',
        label: { show: true, position: 'inside', formatter: '{b} {c}' },
        data: FUNNEL_STAGES.map((s, i) => ({ name: FUNNEL_STAGE_LABELS[s], value: r.counts[i] ?? 0 })),
      },
    ],
  };
}

export function seriesOption(r: FunnelReport): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 40, right: 16, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: r.series.map((d) => d.date) },
    yAxis: { type: 'value', minInterval: 1 },
    series: FUNNEL_STAGES.map((s, i) => ({ type: 'line', name: FUNNEL_STAGE_LABELS[s], smooth: true, showSymbol: r.series.length < 40, data: r.series.map((d) => d.counts[i] ?? 0) })),
  };
}

/** Query text for the funnel and the export: empty filters left out. */
export function funnelQueryText(f: FunnelFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}
