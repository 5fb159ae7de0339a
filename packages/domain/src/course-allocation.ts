/**
 * Pure rules of the course centre (decisions 041/042): meeting clashes, the per-student limits a seat
 * must respect, the seeded preference allocation, and the grab countdown. No I/O: the api runs these inside its
 * transactions, the web shows the same verdicts before the student presses a button.
 */
import { COURSE_LIMITS, type CourseCategory } from './course-terms.ts';
import { seededRandom, shuffled } from './seeded-random.ts';

export interface Interval {
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

/** Half-open intervals: a class ending at 10:00 does not clash with one starting at 10:00. */
export function intervalsOverlap(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

export interface HeldCourse {
  id: number;
  title: string;
  category: CourseCategory;
  meetings: Interval[];
}

/** The first held course whose meetings overlap the candidate's, or null. */
export function findClash(candidate: Pick<HeldCourse, 'id' | 'meetings'>, held: readonly HeldCourse[]): HeldCourse | null {
  for (const other of held) {
    if (other.id === candidate.id) continue;
    for (const m of candidate.meetings) if (other.meetings.some((o) => intervalsOverlap(m, o))) return other;
  }
  return null;
}

export const COURSE_CENTRE_MSG = {
  FULL: '该课程名额已满',
  ALREADY_ENROLLED: '已选该课程',
  CLASH_PREFIX: '与已选课程时间冲突：',
  FC_LIMIT: `前沿对话最多可额外选择${COURSE_LIMITS.FC_EXTRA_MAX}门`,
  CW_MIN: `请至少选择${COURSE_LIMITS.CW_MIN}门基石工作坊后再提交`,
  NOT_STARTED: '选课尚未开始',
  ENDED: '选课已结束',
  WRONG_SESSION_OR_VENUE: '仅可选择本期本会场的课程',
  NOT_IN_ROUND: '该课程不在本轮选课范围内',
  COURSE_NOT_FOUND: '课程不存在',
  NOT_GRAB_ROUND: '本轮为志愿分配，请在志愿单中排序，无需抢课',
  NOT_ENROLLED: '你没有选这门课程',
  ALREADY_WAITLISTED: '已在候补名单中',
  NOT_FULL_NO_WAITLIST: '该课程尚有名额，可直接选课',
  NOT_WAITLISTED: '你不在该课程的候补名单中',
  IN_CART: '该课程已在选课车中',
  NOT_IN_CART: '该课程不在选课车中',
  IN_WISH: '该课程已在志愿单中',
  NOT_IN_WISH: '该课程不在志愿单中',
  CART_EMPTY: '选课车是空的',
  SORT_MISMATCH: '排序须包含且仅包含当前列表中的课程',
  ROUND_NOT_FOUND: '选课轮次不存在',
  ROUND_TIMES: '结束时间须晚于开始时间',
  ROUND_NOT_PREFERENCE: '只有志愿分配轮次可以试算分配',
  ROUND_ALREADY_ALLOCATED: '本轮已提交分配结果',
  ROUND_NOT_CLOSED_FOR_ALLOCATION: '请在志愿填报结束（或关闭轮次）后再提交分配',
  RUN_NOT_FOUND: '试算结果不存在，请重新试算',
  RUN_STALE: '试算后名额或选课已变化，请重新试算',
  ROUND_STATUS_MOVE: '轮次状态不能这样变更',
  PROMOTED_TITLE: '候补成功',
  GRAB_OK: '选课成功',
  DROP_OK: '已退选',
} as const;

export function clashMessage(title: string): string {
  return `${COURSE_CENTRE_MSG.CLASH_PREFIX}《${title}》`;
}

/**
 * Why a student may not hold this course besides capacity, or null: one seat per course, no clash with held
 * courses, at most FC_EXTRA_MAX Frontier Conversations (decision 041: every FC place is an "extra" one, on top of
 * the major course and seminars, so the cap counts FC courses held).
 */
export function seatRuleViolation(candidate: HeldCourse, held: readonly HeldCourse[]): string | null {
  if (held.some((h) => h.id === candidate.id)) return COURSE_CENTRE_MSG.ALREADY_ENROLLED;
  if (candidate.category === 'fc' && held.filter((h) => h.category === 'fc').length >= COURSE_LIMITS.FC_EXTRA_MAX) return COURSE_CENTRE_MSG.FC_LIMIT;
  const clash = findClash(candidate, held);
  return clash ? clashMessage(clash.title) : null;
}

/** Submitting a cart needs at least CW_MIN Cornerstone Workshops among what is held and what is in the cart. */
export function cornerstoneShortfall(categories: readonly CourseCategory[]): number {
  return Math.max(0, COURSE_LIMITS.CW_MIN - categories.filter((c) => c === 'cw').length);
}

export type RoundPhase = 'before' | 'open' | 'after';

/** Where `now` falls in a round's window [opensAt, closesAt). */
export function roundPhase(now: number, opensAt: number, closesAt: number): RoundPhase {
  if (now < opensAt) return 'before';
  if (now >= closesAt) return 'after';
  return 'open';
}

/**
 * Milliseconds left before the grab opens, as the server counts: the client's clock plus the offset measured from
 * /api/clock (clockOffsetMs). Never negative.
 */
export function countdownMs(opensAtMs: number, clientNowMs: number, offsetMs: number): number {
  return Math.max(0, opensAtMs - (clientNowMs + offsetMs));
}

/** 01:02:03 or 2天 01:02:03 for a countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeded preference allocation (decision 042)

/** Fisher–Yates with the seeded generator; the input is not modified. */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  return shuffled(items, seededRandom(seed));
}

export interface AllocationCourse extends HeldCourse {
  /** Seats still free when the allocation starts. */
  seatsLeft: number;
}

export interface AllocationStudent {
  studentId: number;
  /** Course ids, best first. */
  wishes: number[];
  /** What the student already holds (earlier rounds): counts for clashes and the FC cap. */
  held: HeldCourse[];
}

export interface AllocationInput {
  seed: string;
  courses: AllocationCourse[];
  students: AllocationStudent[];
}

export interface AllocationResult {
  seed: string;
  /** The seeded order of students in the first pass (the snake reverses it every other pass). */
  order: number[];
  assignments: Array<{ studentId: number; courseId: number; rank: number }>;
  /** Wishes refused because the course was full, in the order the students met the full course. */
  waitlist: Array<{ studentId: number; courseId: number; rank: number }>;
  fairness: {
    students: number;
    /** byRank[k] = students who received their (k+1)-th wish. */
    byRank: number[];
    first: number;
    second: number;
    third: number;
    /** Students with at least one wish who received nothing. */
    unplaced: number;
    seatsAssigned: number;
  };
}

/**
 * Round-robin by rank over a seeded random order, in a snake (decision 042): in each pass every student, in turn,
 * takes their best remaining wish that has a seat and breaks none of the seat rules; the order reverses each pass
 * so nobody is always first. A wish refused for lack of a seat joins that course's waitlist; a wish refused for a
 * clash or the FC cap is dropped. Deterministic for a given input and seed.
 */
export function allocateByPreference(input: AllocationInput): AllocationResult {
  const courses = new Map(input.courses.map((c) => [c.id, { ...c }]));
  const students = [...input.students].sort((a, b) => a.studentId - b.studentId);
  const order = seededShuffle(
    students.map((s) => s.studentId),
    input.seed,
  );
  const byId = new Map(students.map((s) => [s.studentId, { held: [...s.held], pending: s.wishes.map((courseId, i) => ({ courseId, rank: i + 1 })) }]));
  const assignments: AllocationResult['assignments'] = [];
  const waitlist: AllocationResult['waitlist'] = [];
  const waitlisted = new Set<string>();

  let pass = 0;
  let progressed = true;
  while (progressed) {
    progressed = false;
    const turn = pass % 2 === 0 ? order : [...order].reverse();
    for (const studentId of turn) {
      const state = byId.get(studentId);
      if (!state) continue;
      while (state.pending.length > 0) {
        const wish = state.pending.shift()!;
        const course = courses.get(wish.courseId);
        if (!course) continue;
        if (seatRuleViolation(course, state.held)) continue;
        if (course.seatsLeft <= 0) {
          const key = `${studentId}:${course.id}`;
          if (!waitlisted.has(key)) {
            waitlisted.add(key);
            waitlist.push({ studentId, courseId: course.id, rank: wish.rank });
          }
          continue;
        }
        course.seatsLeft -= 1;
        state.held.push(course);
        assignments.push({ studentId, courseId: course.id, rank: wish.rank });
        progressed = true;
        break;
      }
    }
    pass += 1;
  }

  const maxRank = Math.max(0, ...students.map((s) => s.wishes.length));
  const byRank = Array.from({ length: maxRank }, () => 0);
  for (const a of assignments) byRank[a.rank - 1] = (byRank[a.rank - 1] ?? 0) + 1;
  const placed = new Set(assignments.map((a) => a.studentId));
  const withWishes = students.filter((s) => s.wishes.length > 0);
  return {
    seed: input.seed,
    order,
    assignments,
    waitlist,
    fairness: {
      students: withWishes.length,
      byRank,
      first: byRank[0] ?? 0,
      second: byRank[1] ?? 0,
      third: byRank[2] ?? 0,
      unplaced: withWishes.filter((s) => !placed.has(s.studentId)).length,
      seatsAssigned: assignments.length,
    },
  };
}
