import { describe, expect, it } from 'vitest';
import { funnelConversions, type FunnelReport } from '@summit/domain/api/analytics';
import { conversionLines, funnelOption, funnelQueryText, isEmptyFunnel, seriesOption } from './analytics-model.ts';

const counts = [10, 8, 4, 2, 2, 1, 0];
const report: FunnelReport = {
  stages: [],
  counts,
  conversions: funnelConversions(counts),
  group: 'batch',
  groups: [],
  series: [{ date: '2026-05-01', counts: [3, 2, 1, 0, 0, 0, 0] }],
};

describe('analytics model', () => {
  it('writes each conversion as text', () => {
    expect(conversionLines(report)[0]).toEqual({ key: 'registered-info_completed', text: '注册 → 完善信息', rate: '80.0%' });
    expect(conversionLines(report).at(-1)!.rate).toBe('0.0%');
  });

  it('feeds the funnel and the per-day lines in stage order', () => {
    const data = (funnelOption(report).series as Array<{ data: Array<{ name: string; value: number }> }>)[0]!.data;
    expect(data.map((d) => d.value)).toEqual(counts);
    expect(data[0]!.name).toBe('注册');
    const lines = seriesOption(report).series as Array<{ name: string; data: number[] }>;
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatchObject({ name: '完善信息', data: [2] });
  });

  it('is empty when nobody registered; query text drops blank filters', () => {
    expect(isEmptyFunnel(report)).toBe(false);
    expect(isEmptyFunnel({ ...report, counts: [0, 0, 0, 0, 0, 0, 0] })).toBe(true);
    expect(funnelQueryText({ from: '2026-05-01', batch: undefined, province: 110000 })).toEqual({ from: '2026-05-01', province: '110000' });
  });
});
