import { describe, expect, it } from 'vitest';
import { OVERDUE_CONSEQUENCES, type Installment, type PaymentPlan } from '@summit/domain/fee-plan';
import { MSG } from '@summit/domain/messages';
import { tuitionNotice } from './tuition-notice.ts';

const row = (over: Partial<Installment>): Installment => ({
  purpose: 'tuition_deposit',
  kind: 'deposit',
  label: '定金',
  amount_fen: 500_000,
  due_at: '2020-01-01T00:00:00+08:00',
  extended: false,
  status: 'unpaid',
  paid_at: null,
  payable: true,
  ...over,
});

const split = (installments: Installment[], overdue_rule: PaymentPlan['overdue_rule']): PaymentPlan => ({
  mode: 'split',
  currency: 'CNY',
  installments,
  next_purpose: installments.find((i) => i.status !== 'paid')?.purpose ?? null,
  overdue_rule,
});

describe('tuitionNotice', () => {
  it('a split plan past its deposit deadline under a closing rule shows one notice: 已逾期 and what happens now', () => {
    const plan = split(
      [row({ status: 'overdue', payable: false }), row({ purpose: 'tuition_final', kind: 'final', label: '尾款', due_at: '2020-02-01T00:00:00+08:00', payable: false })],
      'close_and_mark',
    );
    const notice = tuitionNotice(plan);
    expect(notice?.kind).toBe('overdue');
    expect(notice?.text).toContain('定金缴费截止 2020年1月1日');
    expect(notice?.text).toContain(OVERDUE_CONSEQUENCES.close_and_mark);
    // The refusal message is not shown beside it (it said the same thing a second time).
    expect(notice?.text).not.toContain(MSG.PAY_OVERDUE);
  });

  it('under 仅提醒 the notice says payment stays open', () => {
    const notice = tuitionNotice(split([row({ status: 'overdue' })], 'remind_only'));
    expect(notice?.text).toContain('目前仍可继续支付');
  });

  it('nothing overdue and the next installment payable: no notice', () => {
    expect(tuitionNotice(split([row({ status: 'paid', payable: false }), row({ purpose: 'tuition_final', kind: 'final', label: '尾款' })], 'release_place'))).toBeNull();
  });

  it('a next installment that cannot be paid with nothing overdue says why', () => {
    expect(tuitionNotice(split([row({ payable: false })], 'close_and_mark'))).toEqual({ kind: 'blocked', text: MSG.PAY_OVERDUE });
  });
});
