import { describe, expect, it } from 'vitest';
import { beijingGate, courseCentreGate, courseSelectionGate, houseGate, placeGate } from './course-gates.ts';

const open = { tuitionPaid: true, venueResultPublished: true, venueAssigned: true };
const round = { opensAt: '2026-07-01T00:00:00Z', closesAt: '2026-07-03T00:00:00Z' };

describe('placeGate', () => {
  it('answers docs/product/errors.md codes and messages in order', () => {
    expect(placeGate({ ...open, tuitionPaid: false })).toEqual({ status: '403-10', msg: '仅限被录取并支付费用的用户访问' });
    expect(placeGate({ ...open, venueResultPublished: false })).toEqual({ status: '403-22', msg: '会场结果公布后，开放访问' });
    expect(placeGate({ ...open, venueAssigned: false })).toEqual({ status: '403-20', msg: '暂无会场信息' });
    expect(placeGate(open)).toBeNull();
  });
});

describe('courseSelectionGate', () => {
  const at = (now: string, r: typeof round | null = round) => courseSelectionGate({ ...open, round: r, now });
  it('answers the three 403-30 wordings and 403-20', () => {
    expect(courseSelectionGate({ ...open, tuitionPaid: false, round, now: '2026-07-02T00:00:00Z' })).toEqual({ status: '403-30', msg: '用户尚未开放选课！' });
    expect(courseSelectionGate({ ...open, venueResultPublished: false, round, now: '2026-07-02T00:00:00Z' })).toEqual({ status: '403-30', msg: '请在公布会场结果后选课' });
    expect(courseSelectionGate({ ...open, venueAssigned: false, round, now: '2026-07-02T00:00:00Z' })).toEqual({ status: '403-20', msg: '暂无会场信息' });
    expect(at('2026-06-30T23:59:59Z')).toEqual({ status: '403-30', msg: '选课未开放' });
    expect(at('2026-07-03T00:00:01Z')).toEqual({ status: '403-30', msg: '选课未开放' });
    expect(at('2026-07-02T00:00:00Z', null)).toEqual({ status: '403-30', msg: '选课未开放' });
    expect(at('2026-07-01T00:00:00Z')).toBeNull();
  });
  it('uses the half-open window of roundPhase and refuses a round that is not open', () => {
    expect(at('2026-07-03T00:00:00Z')).toEqual({ status: '403-30', msg: '选课未开放' });
    expect(at('2026-07-02T23:59:59Z')).toBeNull();
    expect(courseSelectionGate({ ...open, round: { ...round, status: 'closed' }, now: '2026-07-02T00:00:00Z' })).toEqual({ status: '403-30', msg: '选课未开放' });
    expect(courseSelectionGate({ ...open, round: { ...round, status: 'open' }, now: '2026-07-02T00:00:00Z' })).toBeNull();
  });
});

describe('courseCentreGate (the course centre on every request; docs/product/errors.md order)', () => {
  it('unpaid → 403-30 用户尚未开放选课！ before the publication check, which comes before the venue check', () => {
    expect(courseCentreGate({ tuitionPaid: false, venueResultPublished: false, venueAssigned: false })).toEqual({ status: '403-30', msg: '用户尚未开放选课！' });
    expect(courseCentreGate({ tuitionPaid: true, venueResultPublished: false, venueAssigned: false })).toEqual({ status: '403-30', msg: '请在公布会场结果后选课' });
    expect(courseCentreGate({ tuitionPaid: true, venueResultPublished: true, venueAssigned: false })).toEqual({ status: '403-20', msg: '暂无会场信息' });
    expect(courseCentreGate(open)).toBeNull();
  });
});

describe('houseGate', () => {
  it('says 尚未公布house信息！ until the house result is out and the student has a house', () => {
    expect(houseGate({ ...open, houseResultPublished: false, houseAssigned: true })).toEqual({ status: 4001, msg: '尚未公布house信息！' });
    expect(houseGate({ ...open, houseResultPublished: true, houseAssigned: false })).toEqual({ status: 4001, msg: '尚未公布house信息！' });
    expect(houseGate({ ...open, venueResultPublished: false, houseResultPublished: true, houseAssigned: true })?.status).toBe('403-22');
    expect(houseGate({ ...open, houseResultPublished: true, houseAssigned: true })).toBeNull();
  });
});

describe('beijingGate', () => {
  it('admits only the Beijing venue (403-23) once its house result is out (403-21)', () => {
    expect(beijingGate({ ...open, isBeijing: false, houseResultPublished: true })).toEqual({ status: '403-23', msg: '仅限北京会场' });
    expect(beijingGate({ ...open, isBeijing: true, houseResultPublished: false })).toEqual({ status: '403-21', msg: '暂未开放' });
    expect(beijingGate({ ...open, venueAssigned: false, isBeijing: true, houseResultPublished: true })?.status).toBe('403-20');
    expect(beijingGate({ ...open, isBeijing: true, houseResultPublished: true })).toBeNull();
  });
});
