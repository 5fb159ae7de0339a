import { describe, expect, it } from 'vitest';
import { consentLine, resultsLine, sheetTotal, weightTotal, windowLine } from './talent-show-format.ts';

const criteria = [
  { id: 1, name: '技巧', description: '', weight: 50 },
  { id: 2, name: '创意', description: '', weight: 30 },
  { id: 3, name: '表现力', description: '', weight: 20 },
];

describe('talent show wording', () => {
  it('the judge’s live total is the weighted score out of 100, and none until every criterion is scored', () => {
    expect(sheetTotal(criteria, { 1: 10, 2: 5, 3: 0 })).toBe(65);
    expect(sheetTotal(criteria, { 1: 9, 2: 8, 3: 7 })).toBe(83);
    expect(sheetTotal(criteria, { 1: 9, 2: 8 })).toBeNull();
  });

  it('weights add up for the rules form', () => {
    expect(weightTotal(criteria)).toBe(100);
    expect(weightTotal([{ weight: 40 }, { weight: null }])).toBe(40);
  });

  it('says the window, the results and the consent in Beijing time', () => {
    const show = { opens_at: '2026-07-01T02:00:00Z', closes_at: '2026-07-08T14:00:00Z' };
    expect(windowLine({ ...show, window: 'open' })).toBe('作品提交截止：7月8日 22:00');
    expect(windowLine({ ...show, window: 'upcoming' })).toBe('7月1日 10:00 开始征集作品');
    expect(resultsLine({ results_at: '2026-07-10T04:00:00Z', results_published: false })).toBe('7月10日 12:00 公布入围名单');
    expect(resultsLine({ results_at: null, results_published: false })).toBe('入围名单公布时间待定');
    expect(consentLine({ guardian_name: '王芳', guardian_relation: 'mother', consent_at: '2026-07-02T02:30:00Z' })).toBe('王芳（母亲）于 7月2日 10:30 同意展示');
  });
});
