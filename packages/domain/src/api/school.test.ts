import { describe, expect, it } from 'vitest';
import { SCHOOL_MSG, schoolDecisionOf, schoolRecommendRequestSchema, schoolStudentListQuerySchema } from './school.ts';

describe('school portal rules', () => {
  it('a school sees a decision only once it is released', () => {
    expect(schoolDecisionOf(null)).toBe('none');
    expect(schoolDecisionOf({ decision: 'offer', releasedAt: null })).toBe('none');
    expect(schoolDecisionOf({ decision: 'reject', releasedAt: new Date() })).toBe('reject');
  });

  it('a recommendation needs a 1–200 character reason; withdrawing needs none', () => {
    expect(schoolRecommendRequestSchema.safeParse({ recommended: false }).success).toBe(true);
    expect(schoolRecommendRequestSchema.safeParse({ recommended: true, comment: '品学兼优' }).success).toBe(true);
    const blank = schoolRecommendRequestSchema.safeParse({ recommended: true, comment: '  ' });
    expect(blank.success ? null : blank.error.issues[0]).toMatchObject({ path: ['comment'], message: SCHOOL_MSG.COMMENT_REQUIRED });
    const long = schoolRecommendRequestSchema.safeParse({ recommended: true, comment: '长'.repeat(201) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe(SCHOOL_MSG.COMMENT_TOO_LONG);
  });

  it('list filters: blanks are absent, unknown values refused', () => {
    expect(schoolStudentListQuerySchema.parse({ q: '', decision: 'offer', page: '2' })).toEqual({ decision: 'offer', page: 2 });
    expect(schoolStudentListQuerySchema.safeParse({ tuition: 'maybe' }).success).toBe(false);
    expect(schoolStudentListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});
