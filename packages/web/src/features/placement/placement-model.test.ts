import { describe, expect, it } from 'vitest';
import type { SuccessCardStatus } from '@summit/domain/api/placement';
import { countdownText, courseCardState, houseState, revealBeginState } from './placement-model.ts';

const base: SuccessCardStatus = {
  cards: { is_new: false },
  course_apply: { place_name: 'beijing', open_at: null, close_at: null },
  place_apply: { open_at: null },
  allow_course_cart: false,
  user: { house: null },
  tuition_paid: true,
  session: { key: 'first', name: '第一期' },
  venue: { place_name: 'beijing', name: '北京会场', city: '北京', is_beijing: true },
  house_open_at: null,
  course_gate_msg: '选课未开放',
  hxweek_offer_letter: null,
  hxweek_paid_status: null,
};
const NOW = Date.parse('2026-07-01T00:00:00Z');

describe('countdownText', () => {
  it('counts days, hours, minutes and seconds, and stops at zero', () => {
    expect(countdownText(NOW + 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000, NOW)).toBe('3天 04:05:06');
    expect(countdownText(NOW + 59_000, NOW)).toBe('00:00:59');
    expect(countdownText(NOW, NOW)).toBeNull();
  });
});

describe('courseCardState', () => {
  it('is open, counting down to a known time, or closed with the server\'s reason', () => {
    expect(courseCardState({ ...base, allow_course_cart: true }, NOW)).toEqual({ kind: 'open' });
    const openAt = '2026-07-02T00:00:00.000Z';
    expect(courseCardState({ ...base, course_apply: { ...base.course_apply, open_at: openAt } }, NOW)).toEqual({ kind: 'countdown', openAt });
    expect(courseCardState({ ...base, venue: null, course_gate_msg: '请在公布会场结果后选课' }, NOW)).toEqual({ kind: 'closed', msg: '请在公布会场结果后选课' });
  });
});

describe('houseState', () => {
  it('says revealed, scheduled or pending', () => {
    expect(houseState({ ...base, user: { house: { code: 'qilin', name: '麒麟', english_name: 'Qilin', colour: '#d4a017', motto: '' } } }, NOW)).toBe('revealed');
    expect(houseState({ ...base, house_open_at: '2026-07-05T00:00:00Z' }, NOW)).toBe('scheduled');
    expect(houseState(base, NOW)).toBe('pending');
  });
});

describe('revealBeginState', () => {
  it('waits (with the announced time when still ahead) until the house is published, then is ready', () => {
    expect(revealBeginState(base, NOW)).toEqual({ kind: 'waiting', opensAt: null });
    expect(revealBeginState({ ...base, house_open_at: '2026-07-05T00:00:00Z' }, NOW)).toEqual({ kind: 'waiting', opensAt: '2026-07-05T00:00:00Z' });
    expect(revealBeginState({ ...base, house_open_at: '2026-06-30T00:00:00Z' }, NOW)).toEqual({ kind: 'waiting', opensAt: null });
    expect(revealBeginState({ ...base, user: { house: { code: 'qilin', name: '麒麟', english_name: 'Qilin', colour: '#d4a017', motto: '' } } }, NOW)).toEqual({ kind: 'ready' });
  });
});
