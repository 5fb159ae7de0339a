import { describe, expect, it } from 'vitest';
import { COURSEWORK_MSG, checkComponentWeights, checkRubricTotal, computeFinalGrade, isGradePublished, letterOf, scoreOfGrading, submissionVerdict } from './coursework.ts';

const components = [
  { id: 1, name: '作业', weight: 40 },
  { id: 2, name: '期末', weight: 60 },
];

describe('computeFinalGrade', () => {
  it('weights each component and rounds to one decimal, half up', () => {
    expect(computeFinalGrade(components, { '1': 90, '2': 80 })).toBe(84);
    expect(computeFinalGrade(components, { '1': 85.5, '2': 77 })).toBe(80.4);
    // 0.4 × 88.5 + 0.6 × 91.25 = 35.4 + 54.75 = 90.15 → 90.2
    expect(computeFinalGrade(components, { '1': 88.5, '2': 91.25 })).toBe(90.2);
    expect(computeFinalGrade([{ id: 7, name: '全部', weight: 100 }], { '7': 100 })).toBe(100);
    expect(computeFinalGrade(components, { '1': 0, '2': 0 })).toBe(0);
  });

  it('is null while a component has no score, or without components', () => {
    expect(computeFinalGrade(components, { '1': 90 })).toBeNull();
    expect(computeFinalGrade([], {})).toBeNull();
  });
});

describe('component weights', () => {
  it('must sum to 100 with distinct names', () => {
    expect(checkComponentWeights([{ name: 'a', weight: 40 }, { name: 'b', weight: 60 }])).toBeNull();
    expect(checkComponentWeights([{ name: 'a', weight: 40 }, { name: 'b', weight: 50 }])).toBe(COURSEWORK_MSG.WEIGHTS_SUM);
    expect(checkComponentWeights([])).toBe(COURSEWORK_MSG.WEIGHTS_SUM);
    expect(checkComponentWeights([{ name: 'a', weight: 50 }, { name: 'a ', weight: 50 }])).toBe(COURSEWORK_MSG.COMPONENT_NAMES_UNIQUE);
  });
});

describe('letters and publication', () => {
  it.each([
    [95, 'A'],
    [90, 'A'],
    [89.9, 'B'],
    [70, 'C'],
    [60, 'D'],
    [59.9, 'F'],
    [0, 'F'],
  ])('%f → %s', (grade, letter) => expect(letterOf(grade)).toBe(letter));

  it('is published only from publish_at on', () => {
    const now = new Date('2026-08-20T00:00:00Z');
    expect(isGradePublished(null, now)).toBe(false);
    expect(isGradePublished(new Date('2026-08-20T00:00:01Z'), now)).toBe(false);
    expect(isGradePublished(new Date('2026-08-20T00:00:00Z'), now)).toBe(true);
  });
});

describe('grading', () => {
  const rubric = [
    { name: '内容', points: 60 },
    { name: '表达', points: 40 },
  ];
  it('sums rubric points within each criterion', () => {
    expect(scoreOfGrading(rubric, 100, { rubric_points: [50, 30] })).toEqual({ ok: true, score: 80, rubricPoints: [50, 30] });
    expect(scoreOfGrading(rubric, 100, { rubric_points: [61, 30] })).toEqual({ ok: false, msg: '“内容”的得分须在0至60之间' });
    expect(scoreOfGrading(rubric, 100, { rubric_points: [50] })).toEqual({ ok: false, msg: COURSEWORK_MSG.RUBRIC_MISMATCH });
    expect(scoreOfGrading(rubric, 100, { rubric_points: [50, 30], score: 90 })).toEqual({ ok: false, msg: COURSEWORK_MSG.RUBRIC_MISMATCH });
  });
  it('without a rubric takes the score within the full mark', () => {
    expect(scoreOfGrading([], 10, { score: 9.5 })).toEqual({ ok: true, score: 9.5, rubricPoints: [] });
    expect(scoreOfGrading([], 10, { score: 11 })).toEqual({ ok: false, msg: '分数须在0至10之间' });
    expect(scoreOfGrading([], 10, {})).toEqual({ ok: false, msg: '分数须在0至10之间' });
  });
  it('checks a rubric adds up to the full score', () => {
    expect(checkRubricTotal(rubric, 100)).toBeNull();
    expect(checkRubricTotal(rubric, 90)).toBe('评分标准各项分值之和须等于满分90');
    expect(checkRubricTotal([], 90)).toBeNull();
  });
});

describe('submission window', () => {
  const due = new Date('2026-08-15T12:00:00Z');
  const before = new Date('2026-08-15T11:59:59Z');
  const after = new Date('2026-08-15T12:00:01Z');
  it('allows resubmission until due, a late first submission after, nothing once graded', () => {
    expect(submissionVerdict(before, due, null)).toEqual({ ok: true, late: false });
    expect(submissionVerdict(before, due, { graded: false })).toEqual({ ok: true, late: false });
    expect(submissionVerdict(due, due, { graded: false })).toEqual({ ok: true, late: false });
    expect(submissionVerdict(after, due, null)).toEqual({ ok: true, late: true });
    expect(submissionVerdict(after, due, { graded: false })).toEqual({ ok: false, msg: COURSEWORK_MSG.ALREADY_LATE_SUBMITTED });
    expect(submissionVerdict(before, due, { graded: true })).toEqual({ ok: false, msg: COURSEWORK_MSG.GRADED_LOCKED });
  });
});
