import { describe, expect, it } from 'vitest';
import { pickCounsellor, seminarSignupInputSchema, signupCodeOf, signupIdOf, wecomSeminarErrorText, type CounsellorCandidate } from './wecom-seminar.ts';

const c = (id: number, capacity: number, assigned: number, stateIds: number[] = [], schoolIds: number[] = []): CounsellorCandidate => ({ id, capacity, assigned, stateIds, schoolIds });

describe('pickCounsellor', () => {
  const who = { stateId: 330000, schoolId: 7 };
  it('takes the school tier, then the province tier, then a generalist', () => {
    const all = [c(1, 5, 0), c(2, 5, 0, [330000]), c(3, 5, 0, [], [7])];
    expect(pickCounsellor(all, who)).toEqual({ id: 3, rule: 'school' });
    expect(pickCounsellor(all, { stateId: 330000, schoolId: null })).toEqual({ id: 2, rule: 'province' });
    expect(pickCounsellor(all, { stateId: 110000, schoolId: 8 })).toEqual({ id: 1, rule: 'general' });
  });
  it('skips full counsellors and falls through; a counsellor covering something is never a generalist', () => {
    expect(pickCounsellor([c(3, 1, 1, [], [7]), c(2, 5, 0, [330000])], who)).toEqual({ id: 2, rule: 'province' });
    expect(pickCounsellor([c(2, 5, 5, [330000]), c(4, 5, 0, [440000])], who)).toBeNull();
    expect(pickCounsellor([], who)).toBeNull();
  });
  it('balances by load, then by fewest assigned, then by lowest id, whatever the input order', () => {
    expect(pickCounsellor([c(9, 4, 1, [330000]), c(5, 2, 1, [330000])], who)).toEqual({ id: 9, rule: 'province' });
    expect(pickCounsellor([c(9, 4, 2, [330000]), c(5, 2, 1, [330000])], who)).toEqual({ id: 5, rule: 'province' });
    expect(pickCounsellor([c(9, 3, 0), c(5, 3, 0)], who)).toEqual({ id: 5, rule: 'general' });
  });
});

describe('the pages’ codes and texts', () => {
  it('maps U + id both ways and refuses anything else', () => {
    expect(signupCodeOf(12)).toBe('U12');
    expect(signupIdOf('U12')).toBe(12);
    for (const bad of ['12', 'U0', 'U01', 'u12', 'U99999999999', 'U2147483648', 'U1 ']) expect(signupIdOf(bad)).toBeNull();
  });
  it('shows §8’s texts, the seminar’s codes, else the stored error, else 出错了！', () => {
    expect(wecomSeminarErrorText('user-1')).toBe('认证异常！');
    expect(wecomSeminarErrorText('eid_request')).toBe('eid请求异常！');
    expect(wecomSeminarErrorText('2')).toBe('顾问名额已满，我们会尽快安排顾问联系你');
    expect(wecomSeminarErrorText('zzz', '企业微信返回 60020')).toBe('企业微信返回 60020');
    expect(wecomSeminarErrorText('zzz', '  ')).toBe('出错了！');
    expect(wecomSeminarErrorText(undefined, null)).toBe('出错了！');
  });
  it('the sign-up form names the field of a bad value', () => {
    const ok = { seminar_id: 1, role: 'parent', name: '王', phone: '13800138000', grade: '高一', state_id: 110000, school_name: '某中学', key: 'a'.repeat(43) };
    expect(seminarSignupInputSchema.safeParse(ok).success).toBe(true);
    const bad = seminarSignupInputSchema.safeParse({ ...ok, grade: '大一' });
    expect(bad.success ? null : bad.error.issues[0]!.path).toEqual(['grade']);
    expect(seminarSignupInputSchema.safeParse({ ...ok, key: 'short' }).success).toBe(false);
  });
});
