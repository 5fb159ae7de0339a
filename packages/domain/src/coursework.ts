/**
 * Course work (decisions 052/053): assignments, submissions, the writing centre and course
 * grades. Zod-free rules shared by the api and the web: messages, limits, the rubric sum, the submission
 * window and the final-grade computation.
 */
import type { UploadExtension } from './api/storage.ts';

export const COURSEWORK_MSG = {
  ASSIGNMENT_SAVED: '作业已保存',
  ASSIGNMENT_DELETED: '作业已删除',
  SUBMITTED: '提交成功',
  SUBMITTED_LATE: '已提交（迟交）',
  ALREADY_LATE_SUBMITTED: '已过截止时间，不能再修改提交',
  GRADED_LOCKED: '作业已评分，不能再修改提交',
  SUBMISSION_EMPTY: '请填写作业内容或上传文件',
  FILE_TYPE_NOT_ALLOWED: '该作业只接受以下类型的文件：{0}',
  FILE_TOO_LARGE: '文件过大，超过{0}',
  FILE_INVALID: '附件无效，请重新上传',
  FILES_TOO_MANY: '最多上传{0}个文件',
  SCORE_OUT_OF_RANGE: '分数须在0至{0}之间',
  RUBRIC_MISMATCH: '请按评分标准逐项打分',
  RUBRIC_ITEM_OUT_OF_RANGE: '“{0}”的得分须在0至{1}之间',
  RUBRIC_TOTAL_MISMATCH: '评分标准各项分值之和须等于满分{0}',
  GRADED: '评分已保存',
  DUE_IN_PAST: '截止时间须晚于当前时间',
  NOT_SUBMITTED: '该学生尚未提交',
  ESSAY_LOCKED: '文章已提交，不能再修改',
  ESSAY_NOT_SUBMITTED: '该文章尚未提交',
  ESSAY_SAVED: '草稿已保存',
  ESSAY_SUBMITTED: '已提交，等待老师批阅',
  REVIEWED: '批阅已保存',
  WEIGHTS_SUM: '各成绩项权重之和须为100',
  COMPONENT_NAMES_UNIQUE: '成绩项名称不能重复',
  COMPONENT_UNKNOWN: '成绩项不存在，请刷新页面后重试',
  COMPONENTS_REQUIRED: '请先设置成绩项及权重',
  COMPONENTS_LOCKED: '已录入成绩的成绩项不能删除',
  NOT_ENROLLED: '该学生未选修本课程',
  GRADE_SAVED: '成绩已保存',
  PUBLISH_SAVED: '成绩发布时间已设置',
  GRADE_NOT_PUBLISHED: '成绩尚未发布',
  NOTICE_SENT: '通知已发送',
} as const;

/** At most this many files per submission or essay. */
export const SUBMISSION_FILES_MAX = 5;
/** An assignment's file-size ceiling (MB) may not exceed the platform's default upload ceiling. */
export const ASSIGNMENT_MAX_SIZE_MB = 20;
export const ASSIGNMENT_DEFAULT_TYPES: readonly UploadExtension[] = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'];

export interface RubricCriterion {
  name: string;
  points: number;
}

/** The writing centre's fixed rubric (teachers review essays by it): 100 points in four criteria. */
export const WRITING_RUBRIC: readonly RubricCriterion[] = [
  { name: '论点与立意', points: 30 },
  { name: '结构与逻辑', points: 25 },
  { name: '论据与分析', points: 25 },
  { name: '语言表达', points: 20 },
];
export const WRITING_MAX_SCORE = 100;

export const ESSAY_STATUSES = ['draft', 'submitted', 'reviewed'] as const;
export type EssayStatus = (typeof ESSAY_STATUSES)[number];
export const ESSAY_STATUS_LABELS: Record<EssayStatus, string> = { draft: '草稿', submitted: '待批阅', reviewed: '已批阅' };

/** A rubric's criteria must add up to the assignment's full score (else the rubric could not reach it). */
export function checkRubricTotal(rubric: readonly RubricCriterion[], maxScore: number): string | null {
  if (rubric.length === 0) return null;
  const total = rubric.reduce((sum, c) => sum + c.points, 0);
  return total === maxScore ? null : COURSEWORK_MSG.RUBRIC_TOTAL_MISMATCH.replace('{0}', String(maxScore));
}

/**
 * The score a grading gives: with a rubric, the sum of the points per criterion (each within its criterion);
 * without one, the score typed, within 0..maxScore. Returns the score or the Chinese reason it is refused.
 */
export function scoreOfGrading(
  rubric: readonly RubricCriterion[],
  maxScore: number,
  input: { score?: number | undefined; rubric_points?: readonly number[] | undefined },
): { ok: true; score: number; rubricPoints: number[] } | { ok: false; msg: string } {
  if (rubric.length > 0) {
    const points = input.rubric_points ?? [];
    if (points.length !== rubric.length) return { ok: false, msg: COURSEWORK_MSG.RUBRIC_MISMATCH };
    for (const [i, c] of rubric.entries()) {
      const p = points[i]!;
      if (!(p >= 0 && p <= c.points)) return { ok: false, msg: COURSEWORK_MSG.RUBRIC_ITEM_OUT_OF_RANGE.replace('{0}', c.name).replace('{1}', String(c.points)) };
    }
    const score = points.reduce((sum, p) => sum + p, 0);
    if (input.score !== undefined && input.score !== score) return { ok: false, msg: COURSEWORK_MSG.RUBRIC_MISMATCH };
    return { ok: true, score, rubricPoints: [...points] };
  }
  const score = input.score;
  if (score === undefined || !(score >= 0 && score <= maxScore)) return { ok: false, msg: COURSEWORK_MSG.SCORE_OUT_OF_RANGE.replace('{0}', String(maxScore)) };
  return { ok: true, score, rubricPoints: [] };
}

export type SubmissionVerdict = { ok: true; late: boolean } | { ok: false; msg: string };

/**
 * Whether a student may hand in now: before the due time they may (re)submit freely until graded; after it a
 * first submission is accepted and marked late, but an existing one can no longer change.
 */
export function submissionVerdict(now: Date, dueAt: Date, existing: { graded: boolean } | null): SubmissionVerdict {
  if (existing?.graded) return { ok: false, msg: COURSEWORK_MSG.GRADED_LOCKED };
  const late = now.getTime() > dueAt.getTime();
  if (late && existing) return { ok: false, msg: COURSEWORK_MSG.ALREADY_LATE_SUBMITTED };
  return { ok: true, late };
}

export interface GradeComponent {
  id: number;
  name: string;
  /** Percent of the final grade; the components of a course sum to 100. */
  weight: number;
}

export function checkComponentWeights(components: ReadonlyArray<{ name: string; weight: number }>): string | null {
  const total = components.reduce((sum, c) => sum + c.weight, 0);
  if (components.length === 0 || total !== 100) return COURSEWORK_MSG.WEIGHTS_SUM;
  const names = new Set(components.map((c) => c.name.trim()));
  if (names.size !== components.length) return COURSEWORK_MSG.COMPONENT_NAMES_UNIQUE;
  return null;
}

/**
 * The final grade (0–100, one decimal): Σ score × weight / 100 over the course's components, each score 0–100.
 * null while a component has no score yet (an incomplete record is never shown as a low grade).
 */
export function computeFinalGrade(components: readonly GradeComponent[], scores: Readonly<Record<string, number | undefined>>): number | null {
  if (components.length === 0) return null;
  let tenths = 0;
  for (const c of components) {
    const s = scores[String(c.id)];
    if (s === undefined || s === null || !Number.isFinite(s)) return null;
    // Work in hundredths of a point × weight to keep integer arithmetic exact.
    tenths += Math.round(s * 100) * c.weight;
  }
  // tenths is score×100×weight; /100 for the weight share, /100 for the scale → one decimal, half up.
  return Math.round(tenths / 1000) / 10;
}

/** Letter bands shown beside the number (grade-explain states them). */
export const GRADE_BANDS: ReadonlyArray<{ letter: string; min: number; label: string }> = [
  { letter: 'A', min: 90, label: '优秀' },
  { letter: 'B', min: 80, label: '良好' },
  { letter: 'C', min: 70, label: '中等' },
  { letter: 'D', min: 60, label: '及格' },
  { letter: 'F', min: 0, label: '不及格' },
];

export function letterOf(finalGrade: number): string {
  return (GRADE_BANDS.find((b) => finalGrade >= b.min) ?? GRADE_BANDS[GRADE_BANDS.length - 1]!).letter;
}

/** A course's grades are visible to its students from publish_at on; without a publication, never. */
export function isGradePublished(publishAt: Date | null, now: Date): boolean {
  return publishAt !== null && publishAt.getTime() <= now.getTime();
}
