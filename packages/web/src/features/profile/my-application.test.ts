import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { nextStudentPage, type StudentStatus } from '@summit/domain/student-status';
import { describeJourney, type JourneyInput } from './my-application.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const NOW = new Date('2027-03-01T04:00:00Z');

function status(over: Partial<StudentStatus> & { info?: boolean; step1?: boolean; step2?: boolean } = {}): StudentStatus {
  const { info = true, step1 = false, step2 = false, ...rest } = over;
  return {
    user_id: 1,
    active_type: 1,
    batch_str: null,
    activate_status_v5: { activate_at: null, info_completed: info, info_completed_at: null, apply_paid: false, apply_paid_at: null, active_type: 1 },
    apply_v5: { step1_submitted: step1, step1_submitted_at: null, step2_submitted: step2, step2_submitted_at: null },
    is_apply_paid: false,
    is_tuition_paid: false,
    tuition_paid_at: null,
    offer_letter: null,
    offer_created_at: null,
    place_track: null,
    user_tags: [],
    ...rest,
  } as StudentStatus;
}

const apply: NonNullable<JourneyInput['apply']> = {
  deadlines: [
    { key: 'EB1', deadline: '2027-01-15T15:59:59Z' },
    { key: 'EB2', deadline: '2027-03-15T15:59:59Z' },
    { key: 'RD', deadline: '2027-04-30T15:59:59Z' },
    { key: 'MRD', deadline: '2027-05-15T15:59:59Z' },
  ],
  batch: 'EB2',
  decision: null,
  open: { step1: true, step2: true },
};
const letter = { tuition_fen: 1_580_000, pay_by: '2027-04-10T08:00:00Z', place_name: '第一期', professional_track: '人文社科', tuition_paid_at: null };

describe('我的申请: one state, its figures and the next step, for every stage', () => {
  it('info not completed → 完善个人信息', () => {
    const v = describeJourney({ status: status({ info: false }), now: NOW });
    expect(v).toMatchObject({ stage: '待完善个人信息', next: { label: '完善个人信息', path: '/info' } });
  });

  it('not applied → 开始申请, with the next open deadline (EB1 has passed, so EB2)', () => {
    const v = describeJourney({ status: status(), apply, now: NOW });
    expect(v).toMatchObject({ stage: '未提交申请', next: { path: '/student/apply' } });
    expect(v.facts).toEqual([{ label: '提前批II截止', value: '2027年3月15日 23:59（北京时间）' }]);
  });

  it('applications closed → no button, said plainly', () => {
    const v = describeJourney({ status: status(), apply: { ...apply, open: { step1: false, step2: true } }, now: NOW });
    expect(v).toMatchObject({ stage: '申请已截止', tone: 'closed', next: null });
  });

  it('step 1 submitted, fee unpaid → 支付申请费 with the amount and batch', () => {
    const v = describeJourney({ status: status({ step1: true }), apply, fees: { apply_fen: 50_000 }, now: NOW });
    expect(v).toMatchObject({ stage: '待缴申请费', next: { label: '支付申请费', path: '/pay/apply' } });
    expect(v.facts).toEqual([
      { label: '申请批次', value: '提前批II' },
      { label: '申请费', value: '¥500.00' },
    ]);
  });

  it('fee paid, step 2 open → 提交申请材料 with the materials deadline', () => {
    const s = status({ step1: true, is_apply_paid: true });
    const v = describeJourney({ status: s, apply, now: NOW });
    expect(v.next).toEqual({ label: '提交申请材料', path: nextStudentPage(s) });
    expect(v.facts).toContainEqual({ label: '申请材料截止', value: '2027年5月15日 23:59（北京时间）' });
  });

  it('all submitted, no decision (or only a draft) → 审核中, no button, the SMS promise', () => {
    for (const offer_letter of [null, 0]) {
      const v = describeJourney({ status: status({ step1: true, step2: true, is_apply_paid: true, offer_letter }), apply, now: NOW });
      expect(v).toMatchObject({ stage: '审核中', tone: 'wait', next: null });
      expect(v.headline).toContain('短信');
    }
  });

  it('released reject / waitlist → the result page', () => {
    const s = status({ step1: true, step2: true, is_apply_paid: true });
    const reject = describeJourney({ status: s, apply: { ...apply, decision: { decision: 'reject', released_at: '2027-04-01T02:00:00Z' } }, now: NOW });
    expect(reject).toMatchObject({ stage: '未录取', next: { label: '查看录取结果', path: '/pay/apply' } });
    const wait = describeJourney({ status: s, apply: { ...apply, decision: { decision: 'waitlist', released_at: '2027-04-01T02:00:00Z' } }, now: NOW });
    expect(wait.stage).toBe('候补');
  });

  it('offer released, unpaid → 缴纳学费 with the amount and pay-by date; overdue says so', () => {
    const s = status({ step1: true, step2: true, is_apply_paid: true, offer_letter: 1 });
    const v = describeJourney({ status: s, apply, letter, now: NOW });
    expect(v).toMatchObject({ stage: '已录取 · 待缴学费', next: { label: '缴纳学费', path: nextStudentPage(s) } });
    expect(v.facts).toEqual([
      { label: '录取期次', value: '第一期' },
      { label: '专业方向', value: '人文社科' },
      { label: '应缴学费', value: '¥15,800.00' },
      { label: '缴费截止', value: '2027年4月10日' },
    ]);
    expect(v.links).toEqual([{ label: '录取通知书', path: '/student/admission/offer' }]);
    const late = describeJourney({ status: s, apply, letter, now: new Date('2027-04-11T00:00:00Z') });
    expect(late.facts.at(-1)).toEqual({ label: '缴费截止', value: '2027年4月10日（已过期）' });
  });

  it('tuition paid → the course card next (venue, house, selection), the payment result and the letter one tap away', () => {
    const s = status({ step1: true, step2: true, is_apply_paid: true, offer_letter: 1, is_tuition_paid: true, tuition_paid_at: '2027-04-02T06:30:00Z' });
    const v = describeJourney({ status: s, apply, letter, now: NOW });
    expect(v).toMatchObject({ stage: '已缴费', tone: 'done', next: { label: '查看会场与选课', path: '/student/card/course' } });
    expect(nextStudentPage(s)).toBe('/student/card/course');
    expect(v.links).toEqual([{ label: '入学清单', path: '/checklist' }, { label: '缴费结果', path: '/student/admission/success' }, { label: '录取通知书', path: '/student/admission/offer' }]);
    expect(v.facts).toContainEqual({ label: '缴费时间', value: '2027年4月2日 14:30（北京时间）' });
  });
});
