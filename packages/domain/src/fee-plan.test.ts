import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_PLAN, OVERDUE_CONSEQUENCES, OVERDUE_RULES, beijingDaysUntil, dueAtOf, feePlanUpdateRequestSchema, installmentOf, installmentPurpose, planInstallments } from './fee-plan.ts';
import { MSG } from './messages.ts';

const released = new Date('2026-06-01T04:00:00Z');
const split = { ...DEFAULT_FEE_PLAN, mode: 'split' as const, deposit_fen: 500_000 };

describe('planInstallments', () => {
  it('whole: one tuition installment due 14 days after release, aid off it', () => {
    const [whole, ...rest] = planInstallments(DEFAULT_FEE_PLAN, { product: 'tuition', feeFen: 1_680_000, aidFen: 300_000, releasedAt: released });
    expect(rest).toEqual([]);
    expect(whole).toMatchObject({ purpose: 'tuition', kind: 'whole', owedFen: 1_380_000 });
    expect(whole!.dueAt.toISOString()).toBe('2026-06-15T04:00:00.000Z');
  });

  it('split: deposit then final; aid comes off the final first, then the deposit', () => {
    const owed = (aidFen: number) => planInstallments(split, { product: 'tuition', feeFen: 1_680_000, aidFen, releasedAt: released }).map((i) => [i.purpose, i.owedFen]);
    expect(owed(0)).toEqual([
      ['tuition_deposit', 500_000],
      ['tuition_final', 1_180_000],
    ]);
    expect(owed(300_000)).toEqual([
      ['tuition_deposit', 500_000],
      ['tuition_final', 880_000],
    ]);
    expect(owed(1_380_000)).toEqual([
      ['tuition_deposit', 300_000],
      ['tuition_final', 0],
    ]);
    // Fully covered: one fen stays so "paid" has an order behind it.
    expect(owed(1_680_000)).toEqual([
      ['tuition_deposit', 0],
      ['tuition_final', 1],
    ]);
  });

  it('a deposit not below the fee falls back to one payment', () => {
    expect(planInstallments({ ...split, deposit_fen: 1_680_000 }, { product: 'tuition', feeFen: 1_680_000, aidFen: 0, releasedAt: released }).map((i) => i.kind)).toEqual(['whole']);
  });

  it('due rules: fixed date or days after release', () => {
    expect(dueAtOf({ kind: 'date', at: '2026-07-01T15:59:00Z' }, released).toISOString()).toBe('2026-07-01T15:59:00.000Z');
    expect(dueAtOf({ kind: 'after_offer', days: 7 }, released).toISOString()).toBe('2026-06-08T04:00:00.000Z');
  });
});

describe('purposes and days', () => {
  it('maps installments to purposes and back', () => {
    expect(installmentPurpose('tuition', 'deposit')).toBe('tuition_deposit');
    expect(installmentOf('tuition_final')).toEqual({ product: 'tuition', kind: 'final' });
    expect(installmentOf('tuition')).toEqual({ product: 'tuition', kind: 'whole' });
    expect(installmentOf('apply_fee')).toBeNull();
  });

  it('counts Beijing calendar days', () => {
    // 23:30 Beijing on 1 June → 00:30 Beijing on 2 June is one day.
    expect(beijingDaysUntil(new Date('2026-06-01T15:30:00Z'), new Date('2026-06-01T16:30:00Z'))).toBe(1);
    expect(beijingDaysUntil(new Date('2026-06-01T01:00:00Z'), new Date('2026-06-01T15:00:00Z'))).toBe(0);
    expect(beijingDaysUntil(new Date('2026-06-03T01:00:00Z'), new Date('2026-06-01T15:00:00Z'))).toBe(-2);
  });
});

describe('feePlanUpdateRequestSchema', () => {
  it('names the field and says why in Chinese', () => {
    const bad = feePlanUpdateRequestSchema.safeParse({ ...split, reminder_days: [7, 99] });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['reminder_days', 1], message: MSG.FEE_PLAN_REMINDER_INVALID });
    const rule = feePlanUpdateRequestSchema.safeParse({ ...split, overdue_rule: 'whatever' });
    expect(rule.error?.issues[0]).toMatchObject({ path: ['overdue_rule'], message: MSG.FEE_PLAN_RULE_REQUIRED });
    expect(feePlanUpdateRequestSchema.safeParse(split).success).toBe(true);
  });
});

describe('OVERDUE_CONSEQUENCES', () => {
  it('tells an overdue student, for every overdue rule, what happens now', () => {
    for (const rule of OVERDUE_RULES) expect(OVERDUE_CONSEQUENCES[rule], rule).toMatch(/^缴费截止时间已过/);
    expect(OVERDUE_CONSEQUENCES.remind_only).toContain('仍可继续支付');
    expect(OVERDUE_CONSEQUENCES.close_and_mark).toContain('办理延期');
    expect(OVERDUE_CONSEQUENCES.release_place).toContain('撤销你的录取名额');
  });
});
