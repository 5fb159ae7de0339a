import { describe, expect, it } from 'vitest';
import {
  FUNNEL_STAGES,
  FUNNEL_STAGE_LABELS,
  analyticsExportQuerySchema,
  analyticsSchoolId,
  conversionRate,
  funnelConversions,
  funnelQuerySchema,
  percentText,
  signupStatusOfStamps,
  stagesReached,
} from './analytics.ts';

describe('funnel stages', () => {
  it('are the seven stages of decision 066, in order, each with a Chinese label', () => {
    expect(FUNNEL_STAGES).toEqual(['registered', 'info_completed', 'signed_up', 'apply_paid', 'applied', 'offer', 'tuition_paid']);
    expect(FUNNEL_STAGES.map((s) => FUNNEL_STAGE_LABELS[s])).toEqual(['注册', '完善信息', '报名（第一步）', '缴申请费', '提交申请（第二步）', '获得录取', '缴学费']);
  });

  it('a stage is reached when its own timestamp is set', () => {
    const none = { registered: '2026-01-01T00:00:00Z', info_completed: null, signed_up: null, apply_paid: null, applied: null, offer: null, tuition_paid: null };
    expect(stagesReached(none)).toEqual(['registered']);
    expect(stagesReached({ ...none, info_completed: new Date(), signed_up: new Date(), offer: new Date() })).toEqual(['registered', 'info_completed', 'signed_up', 'offer']);
  });
});

describe('conversion maths', () => {
  it('is the ratio to the stage before, to four places', () => {
    expect(conversionRate(3, 1)).toBe(0.3333);
    expect(conversionRate(8, 6)).toBe(0.75);
    expect(conversionRate(5, 5)).toBe(1);
  });

  it('is zero-safe', () => {
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(0, 4)).toBe(0);
    expect(conversionRate(Number.NaN, 1)).toBe(0);
  });

  it('pairs each adjacent stage', () => {
    const c = funnelConversions([10, 8, 4, 2, 2, 1, 0]);
    expect(c).toHaveLength(6);
    expect(c[0]).toEqual({ from: 'registered', to: 'info_completed', rate: 0.8 });
    expect(c.map((x) => x.rate)).toEqual([0.8, 0.5, 0.5, 1, 0.5, 0]);
    expect(funnelConversions([0, 0, 0, 0, 0, 0, 0]).every((x) => x.rate === 0)).toBe(true);
  });

  it('shows a rate as a percentage with one decimal', () => {
    expect(percentText(0.3333)).toBe('33.3%');
    expect(percentText(1)).toBe('100.0%');
    expect(percentText(0)).toBe('0.0%');
  });
});

describe('docs/product/data.md and docs/product/states.md profile rules', () => {
  it('signup status is the highest of activated, signed up, paid, applied', () => {
    expect(signupStatusOfStamps({})).toBe('activated');
    expect(signupStatusOfStamps({ step1SubmittedAt: 'x' })).toBe('signed_up');
    expect(signupStatusOfStamps({ step1SubmittedAt: 'x', applyPaidAt: 'x' })).toBe('paid');
    expect(signupStatusOfStamps({ step2SubmittedAt: 'x' })).toBe('applied');
  });

  it('school ids are prefixed s_', () => {
    expect(analyticsSchoolId(42)).toBe('s_42');
    expect(analyticsSchoolId(null)).toBe('');
  });
});

describe('funnel query', () => {
  it('defaults the grouping to batch and takes blank filters as absent', () => {
    expect(funnelQuerySchema.parse({ from: '', batch: '', province: '' })).toEqual({ group: 'batch' });
    expect(funnelQuerySchema.parse({ from: '2026-05-01', to: '2026-05-31', batch: 'early', province: '110000', school: '3', group: 'day' })).toEqual({
      from: '2026-05-01', to: '2026-05-31', batch: 'early', province: 110000, school: 3, group: 'day',
    });
  });

  it('refuses bad values, reversed and over-long ranges, ', () => {
    for (const q of [{ group: 'week' }, { batch: 'late' }, { province: 'x' }, { school: '0' }, { from: '2026-02-30' }, { from: '2026-05-02', to: '2026-05-01' }, { from: '2024-01-01', to: '2026-01-01' }]) {
      expect(funnelQuerySchema.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
    expect(analyticsExportQuerySchema.safeParse({ batch: 'x' }).success).toBe(false);
  });
});
