import { describe, expect, it } from 'vitest';
import { COURSEWORK_MSG } from './coursework.ts';
import { GRADE_ITEM_MSG, assignmentGroupValue, checkItemAssignments, finalGradeOf, itemValuesOf, splitGradeEntry, type GradeItem } from './grade-items.ts';

const items: GradeItem[] = [
  { id: 1, name: '作业', weight: 60, assignment_ids: [11, 12, 13] },
  { id: 2, name: '期末', weight: 40, assignment_ids: [] },
];

describe('assignmentGroupValue', () => {
  it('is points earned over points possible of the graded work, one decimal half up', () => {
    expect(assignmentGroupValue([11, 12], [{ assignmentId: 11, maxScore: 10, score: 8 }, { assignmentId: 12, maxScore: 20, score: 13 }])).toEqual({ value: 70, graded: 2 });
    // 2/3 = 66.666… → 66.7; 1/8 = 12.5 exactly; 0.5/3 = 16.666… → 16.7
    expect(assignmentGroupValue([11], [{ assignmentId: 11, maxScore: 3, score: 2 }]).value).toBe(66.7);
    expect(assignmentGroupValue([11], [{ assignmentId: 11, maxScore: 8, score: 1 }]).value).toBe(12.5);
    expect(assignmentGroupValue([11], [{ assignmentId: 11, maxScore: 3, score: 0.5 }]).value).toBe(16.7);
    // A heavier assignment weighs more (points, not an average of percentages): (10 + 0)/(10 + 90) = 10.
    expect(assignmentGroupValue([11, 12], [{ assignmentId: 11, maxScore: 10, score: 10 }, { assignmentId: 12, maxScore: 90, score: 0 }]).value).toBe(10);
  });

  it('leaves out ungraded and missing work and work of other assignments; nothing graded is null, not zero', () => {
    const work = [
      { assignmentId: 11, maxScore: 10, score: null },
      { assignmentId: 99, maxScore: 10, score: 10 },
    ];
    expect(assignmentGroupValue([11, 12], work)).toEqual({ value: null, graded: 0 });
    expect(assignmentGroupValue([11, 12], [...work, { assignmentId: 12, maxScore: 50, score: 0 }])).toEqual({ value: 0, graded: 1 });
  });
});

describe('itemValuesOf and finalGradeOf', () => {
  const work = [
    { assignmentId: 11, maxScore: 10, score: 8 },
    { assignmentId: 12, maxScore: 20, score: 13 },
  ];
  it('a fed item takes the assignments, a typed one its score; the final is the weighted sum', () => {
    const values = itemValuesOf(items, { '2': 85 }, {}, work);
    expect(values).toEqual({
      '1': { value: 70, source: 'assignments', computed: 70, graded: 2, total: 3 },
      '2': { value: 85, source: 'manual', computed: null, graded: 0, total: 0 },
    });
    expect(finalGradeOf(items, values)).toBe(76);
  });
  it('an override replaces the computed value and keeps it visible; a typed score on a fed item is ignored', () => {
    const values = itemValuesOf(items, { '1': 0, '2': 85 }, { '1': 95 }, work);
    expect(values['1']).toEqual({ value: 95, source: 'override', computed: 70, graded: 2, total: 3 });
    expect(finalGradeOf(items, values)).toBe(91);
  });
  it('is null while any item has no value', () => {
    expect(finalGradeOf(items, itemValuesOf(items, {}, {}, work))).toBeNull();
    expect(finalGradeOf(items, itemValuesOf(items, { '2': 85 }, {}, []))).toBeNull();
  });
});

describe('checkItemAssignments', () => {
  it('accepts the course’s assignments, each in one item', () => {
    expect(checkItemAssignments([{ assignment_ids: [1, 2] }, { assignment_ids: [3] }, {}], [1, 2, 3])).toBeNull();
    expect(checkItemAssignments([{ assignment_ids: [4] }], [1, 2, 3])).toBe(GRADE_ITEM_MSG.ASSIGNMENT_NOT_IN_COURSE);
    expect(checkItemAssignments([{ assignment_ids: [1] }, { assignment_ids: [1] }], [1])).toBe(GRADE_ITEM_MSG.ASSIGNMENT_IN_TWO_ITEMS);
    expect(checkItemAssignments([{ assignment_ids: [1, 1] }], [1])).toBe(GRADE_ITEM_MSG.ASSIGNMENT_IN_TWO_ITEMS);
  });
});

describe('splitGradeEntry', () => {
  it('scores go to typed items, overrides to fed ones; null clears an override', () => {
    expect(splitGradeEntry(items, { scores: { '2': 80 }, overrides: { '1': 90 } })).toEqual({ ok: true, scores: { '2': 80 }, overrides: { '1': 90 } });
    expect(splitGradeEntry(items, { scores: {}, overrides: { '1': null } })).toEqual({ ok: true, scores: {}, overrides: {} });
  });
  it('refuses the wrong kind (naming the item) and unknown items', () => {
    expect(splitGradeEntry(items, { scores: { '1': 80 } })).toEqual({ ok: false, msg: '“作业”由作业成绩计算，请使用调整分数' });
    expect(splitGradeEntry(items, { scores: {}, overrides: { '2': 80 } })).toEqual({ ok: false, msg: '“期末”不由作业计算，请直接录入分数' });
    expect(splitGradeEntry(items, { scores: { '7': 80 } })).toEqual({ ok: false, msg: COURSEWORK_MSG.COMPONENT_UNKNOWN });
  });
});
