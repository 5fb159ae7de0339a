import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { bursaryApplyRequestSchema, offerVerifyParamsSchema, OFFER_VERIFY_CODE_PATTERN, tuitionDeadline, TUITION_PAY_DAYS } from './admission.ts';

const reason = '我家有四口人，父母务农，收入主要依靠种植，另有一个弟弟正在读初中。我非常希望参加夏季学术项目，拓宽视野，学习更多知识，但学费对家庭负担较重，恳请给予资助。';

describe('POST /api/student/bursary-apply body', () => {
  it('accepts a complete request, with or without an attachment', () => {
    const body = { family_members: 4, annual_income: '<5万', reason };
    expect(bursaryApplyRequestSchema.parse(body)).toMatchObject(body);
    const withFile = { ...body, attachment: { name: '证明.pdf', url: '/api/oss/file/student/7/abc/证明.pdf' } };
    expect(bursaryApplyRequestSchema.parse(withFile).attachment).toEqual(withFile.attachment);
  });

  it.each([
    [{ family_members: 0, annual_income: '<5万', reason }, 'family_members', MSG.AID_FAMILY_MEMBERS_INVALID],
    [{ family_members: 2.5, annual_income: '<5万', reason }, 'family_members', MSG.AID_FAMILY_MEMBERS_INVALID],
    [{ family_members: 3, annual_income: '100万', reason }, 'annual_income', MSG.SELECT_REQUIRED],
    [{ family_members: 3, annual_income: '<5万', reason: '   ' }, 'reason', MSG.NOT_FILLED],
    [{ family_members: 3, annual_income: '<5万', reason: '家庭困难，需要资助。' }, 'reason', MSG.AID_REASON_TOO_SHORT],
    [{ family_members: 3, annual_income: '<5万', reason: '难'.repeat(501) }, 'reason', '字数超出限制，最多500字'],
    [{ family_members: 3, annual_income: '<5万', reason, attachment: { name: 'x', url: 'https://evil.example/x' } }, 'attachment', MSG.AID_ATTACHMENT_INVALID],
  ])('refuses %j on %s', (body, field, msg) => {
    const issue = bursaryApplyRequestSchema.safeParse(body).error?.issues[0];
    expect(issue?.path[0]).toBe(field);
    expect(issue?.message).toBe(msg);
  });

  it('counts the reason by the spec rule: 50 words of English are enough', () => {
    const english = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    expect(bursaryApplyRequestSchema.safeParse({ family_members: 2, annual_income: '>50万', reason: english }).success).toBe(true);
    expect(bursaryApplyRequestSchema.safeParse({ family_members: 2, annual_income: '>50万', reason: english.split(' ').slice(1).join(' ') }).success).toBe(false);
  });
});

describe('offer letter', () => {
  it('tuition is due TUITION_PAY_DAYS after release', () => {
    expect(tuitionDeadline(new Date('2027-03-01T02:00:00Z')).toISOString()).toBe(`2027-03-${String(1 + TUITION_PAY_DAYS).padStart(2, '0')}T02:00:00.000Z`);
  });

  it('verification codes: any short string parses (answered 4001 later), the pattern takes 43 base64url characters', () => {
    expect(offerVerifyParamsSchema.safeParse({ code: 'nope' }).success).toBe(true);
    expect(offerVerifyParamsSchema.safeParse({ code: 'x'.repeat(201) }).success).toBe(false);
    expect(OFFER_VERIFY_CODE_PATTERN.test('A'.repeat(42) + '-')).toBe(true);
    expect(OFFER_VERIFY_CODE_PATTERN.test('A'.repeat(42) + '/')).toBe(false);
  });
});
