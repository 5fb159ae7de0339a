/**
 * Grade items fed by assignments (decision 089, amending 053), as Canvas's assignment groups and Moodle's
 * natural aggregation do: an item names a group of the course's assignments; a student's value for it is the
 * points earned over the points possible of the group's graded work, on 0–100; the teacher may override it.
 * Items without assignments keep the score the teacher types. The final grade is computeFinalGrade over the
 * values that result. Pure and time-independent, so a stored final can be kept current on every write.
 */
import { COURSEWORK_MSG, computeFinalGrade } from './coursework.ts';

export const GRADE_ITEM_MSG = {
  ASSIGNMENT_NOT_IN_COURSE: '所选作业不属于本课程',
  ASSIGNMENT_IN_TWO_ITEMS: '同一作业只能计入一个成绩项',
  FED_ITEM_NO_SCORE: '“{0}”由作业成绩计算，请使用调整分数',
  MANUAL_ITEM_NO_OVERRIDE: '“{0}”不由作业计算，请直接录入分数',
  PUBLISHED: '成绩已发布',
  PUBLISH_WITHDRAWN: '已撤回成绩发布，学生将看不到成绩',
  PUBLISH_CONFIRM: '发布后学生即可查看自己的成绩，确定立即发布？',
} as const;

/** The scheme a course starts with; stored the first time its grade book is opened, so what is shown is saved. */
export const DEFAULT_GRADE_ITEMS: ReadonlyArray<{ name: string; weight: number }> = [
  { name: '平时作业', weight: 40 },
  { name: '期末', weight: 60 },
];

export interface GradeItem {
  id: number;
  name: string;
  weight: number;
  /** Empty: entered by hand. */
  assignment_ids: readonly number[];
}

export interface GradedWork {
  assignmentId: number;
  maxScore: number;
  /** null: not handed in, or handed in and not graded yet — neither counts. */
  score: number | null;
}

export interface ItemValue {
  /** 0–100, one decimal; null while nothing counts yet. */
  value: number | null;
  source: 'manual' | 'assignments' | 'override';
  /** For a fed item: its value from the assignments (shown beside an override), and how many of them are graded. */
  computed: number | null;
  graded: number;
  total: number;
}

/**
 * A group's value: Σ earned ÷ Σ possible over the graded assignments, × 100, one decimal half up, in integer
 * arithmetic (scores are whole or half points, as the grading form allows; hundredths are kept exact).
 * Ungraded and missing work is left out (Moodle's default "exclude empty grades"); null when nothing is graded.
 */
export function assignmentGroupValue(assignmentIds: readonly number[], work: readonly GradedWork[]): { value: number | null; graded: number } {
  let earned = 0;
  let possible = 0;
  let graded = 0;
  for (const id of assignmentIds) {
    const w = work.find((x) => x.assignmentId === id);
    if (!w || w.score === null || !(w.maxScore > 0)) continue;
    earned += Math.round(w.score * 100);
    possible += w.maxScore * 100;
    graded += 1;
  }
  if (graded === 0) return { value: null, graded };
  // earned/possible × 100, to one decimal, half up: ×1000, integer division with rounding, /10.
  return { value: Math.round((earned * 1000) / possible) / 10, graded };
}

/** Each item's value for one student: an override first, then the assignments for a fed item, else the typed score. */
export function itemValuesOf(
  items: readonly GradeItem[],
  scores: Readonly<Record<string, number | undefined>>,
  overrides: Readonly<Record<string, number | undefined>>,
  work: readonly GradedWork[],
): Record<string, ItemValue> {
  const out: Record<string, ItemValue> = {};
  for (const item of items) {
    const key = String(item.id);
    if (item.assignment_ids.length === 0) {
      const s = scores[key];
      out[key] = { value: typeof s === 'number' ? s : null, source: 'manual', computed: null, graded: 0, total: 0 };
      continue;
    }
    const group = assignmentGroupValue(item.assignment_ids, work);
    const o = overrides[key];
    out[key] = { value: typeof o === 'number' ? o : group.value, source: typeof o === 'number' ? 'override' : 'assignments', computed: group.value, graded: group.graded, total: item.assignment_ids.length };
  }
  return out;
}

/** The final grade from the items' values (053's rule: null while any item has no value). */
export function finalGradeOf(items: readonly GradeItem[], values: Readonly<Record<string, ItemValue>>): number | null {
  return computeFinalGrade(
    items,
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.value ?? undefined])),
  );
}

/**
 * A scheme's assignment groups: every assignment is the course's and feeds at most one item. Returns the Chinese
 * reason it is refused, or null. (Weights and names: checkComponentWeights.)
 */
export function checkItemAssignments(items: ReadonlyArray<{ assignment_ids?: readonly number[] | undefined }>, courseAssignmentIds: readonly number[]): string | null {
  const known = new Set(courseAssignmentIds);
  const seen = new Set<number>();
  for (const item of items) {
    for (const id of item.assignment_ids ?? []) {
      if (!known.has(id)) return GRADE_ITEM_MSG.ASSIGNMENT_NOT_IN_COURSE;
      if (seen.has(id)) return GRADE_ITEM_MSG.ASSIGNMENT_IN_TWO_ITEMS;
      seen.add(id);
    }
  }
  return null;
}

/**
 * Splits a teacher's entry for one student by the items' kind: typed scores belong to hand-entered items,
 * overrides to fed ones. Returns the stored maps or the Chinese reason (naming the item) the entry is refused.
 */
export function splitGradeEntry(
  items: readonly GradeItem[],
  entry: { scores: Readonly<Record<string, number>>; overrides?: Readonly<Record<string, number | null>> | undefined },
): { ok: true; scores: Record<string, number>; overrides: Record<string, number> } | { ok: false; msg: string } {
  const byId = new Map(items.map((i) => [String(i.id), i]));
  const scores: Record<string, number> = {};
  const overrides: Record<string, number> = {};
  for (const [k, v] of Object.entries(entry.scores)) {
    const item = byId.get(String(Number(k)));
    if (!item) return { ok: false, msg: COURSEWORK_MSG.COMPONENT_UNKNOWN };
    if (item.assignment_ids.length > 0) return { ok: false, msg: GRADE_ITEM_MSG.FED_ITEM_NO_SCORE.replace('{0}', item.name) };
    scores[String(item.id)] = v;
  }
  for (const [k, v] of Object.entries(entry.overrides ?? {})) {
    const item = byId.get(String(Number(k)));
    if (!item) return { ok: false, msg: COURSEWORK_MSG.COMPONENT_UNKNOWN };
    if (item.assignment_ids.length === 0) return { ok: false, msg: GRADE_ITEM_MSG.MANUAL_ITEM_NO_OVERRIDE.replace('{0}', item.name) };
    if (v !== null) overrides[String(item.id)] = v;
  }
  return { ok: true, scores, overrides };
}
