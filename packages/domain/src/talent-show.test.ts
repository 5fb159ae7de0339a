import { describe, expect, it } from 'vitest';
import { TALENT_MSG, rankEntries, resultsArePublished, talentEntryInputSchema, talentRulesInputSchema, talentSheetInputSchema, weightedScore } from './talent-show.ts';

const criteria = [
  { id: 1, weight: 40 },
  { id: 2, weight: 30 },
  { id: 3, weight: 30 },
];
const at = (minutes: number) => new Date(Date.UTC(2026, 6, 1, 0, minutes));

describe('weightedScore', () => {
  it('is Σ(score × weight) / Σ(weight) × 10, out of 100', () => {
    expect(weightedScore(criteria, new Map([[1, 10], [2, 10], [3, 10]]))).toBe(100);
    expect(weightedScore(criteria, new Map([[1, 9], [2, 8], [3, 7]]))).toBe(81);
    expect(weightedScore(criteria, new Map([[1, 7], [2, 0], [3, 3]]))).toBe(37);
    // A criterion missing from the sheet counts 0; no criteria at all scores 0.
    expect(weightedScore(criteria, new Map([[1, 10]]))).toBe(40);
    expect(weightedScore([], new Map())).toBe(0);
  });
});

describe('rankEntries', () => {
  it('orders by average, then by more sheets, then by the earlier submission; shares a rank only on equal average and sheets', () => {
    const ranked = rankEntries(
      [
        { entryId: 1, sheetScores: [80, 90], submittedAt: at(5) },
        { entryId: 2, sheetScores: [85], submittedAt: at(1) },
        { entryId: 3, sheetScores: [85, 85], submittedAt: at(9) },
        { entryId: 4, sheetScores: [], submittedAt: at(0) },
        { entryId: 5, sheetScores: [85, 85], submittedAt: at(2) },
      ],
      2,
    );
    expect(ranked.map((r) => [r.entryId, r.rank, r.average, r.sheets, r.finalist])).toEqual([
      [5, 1, 85, 2, true],
      [1, 1, 85, 2, true],
      [3, 1, 85, 2, false],
      [2, 4, 85, 1, false],
    ]);
  });

  it('keeps two decimals of the average', () => {
    expect(rankEntries([{ entryId: 1, sheetScores: [80, 81, 81], submittedAt: at(0) }], 1)[0]!.average).toBe(80.67);
  });
});

describe('resultsArePublished', () => {
  it('only at or after the publication time; never without one', () => {
    expect(resultsArePublished(null, at(10))).toBe(false);
    expect(resultsArePublished(at(10), at(9))).toBe(false);
    expect(resultsArePublished(at(10).toISOString(), at(10))).toBe(true);
  });
});

describe('requests', () => {
  const entry = { activity_id: 1, title: '《茉莉花》', kind: 'music', media: [{ name: 'a.png', url: '/api/oss/file/student/1/abc/a.png' }], consent: { guardian_name: '王芳', guardian_relation: 'mother', agreed: true } };
  const issue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

  it('an entry needs the guardian’s consent, ticked', () => {
    expect(talentEntryInputSchema.safeParse(entry).success).toBe(true);
    expect(issue(talentEntryInputSchema.safeParse({ ...entry, consent: undefined }))).toBe(TALENT_MSG.CONSENT);
    expect(issue(talentEntryInputSchema.safeParse({ ...entry, consent: { ...entry.consent, agreed: false } }))).toBe(TALENT_MSG.CONSENT);
    expect(issue(talentEntryInputSchema.safeParse({ ...entry, media: [] }))).toBe(TALENT_MSG.MEDIA);
    expect(issue(talentEntryInputSchema.safeParse({ ...entry, title: '   ' }))).toBe(TALENT_MSG.TITLE);
  });

  it('rules need weights adding up to 100', () => {
    const rules = { activity_id: 1, criteria: [{ name: '技巧', weight: 60 }, { name: '创意', weight: 40 }], judge_ids: [2], results_at: null, finalist_count: 3, published: true };
    expect(talentRulesInputSchema.safeParse(rules).success).toBe(true);
    expect(issue(talentRulesInputSchema.safeParse({ ...rules, criteria: [{ name: '技巧', weight: 60 }] }))).toBe(TALENT_MSG.WEIGHTS);
  });

  it('scores are whole numbers from 0 to 10', () => {
    expect(talentSheetInputSchema.safeParse({ scores: [{ criterion_id: 1, score: 10 }] }).success).toBe(true);
    expect(issue(talentSheetInputSchema.safeParse({ scores: [{ criterion_id: 1, score: 10.5 }] }))).toBe(TALENT_MSG.SCORES);
    expect(issue(talentSheetInputSchema.safeParse({ scores: [{ criterion_id: 1, score: -1 }] }))).toBe(TALENT_MSG.SCORES);
  });
});
