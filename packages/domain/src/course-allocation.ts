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

/** Seats each student should reach before anyone gets more, when the admin sets none on the round (decision 085). */
export const SEAT_TARGET_DEFAULT = 3;
export const SEAT_TARGET_MAX = 12;

export const COURSE_CENTRE_MSG = {
  FULL: '该课程名额已满',
  /** A second round with the same name in one session (a double submit, decision 092). */
  ROUND_DUPLICATE: '本期已有同名的选课轮次',
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
  SEAT_TARGET: `每人目标门数须为1到${SEAT_TARGET_MAX}之间的整数`,
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
  /**
   * Seats per student the first phase aims at (decision 085): no student gets seat k+1 while another below the
   * target can still be given a seat; seats already held count. Default SEAT_TARGET_DEFAULT.
   */
  target?: number;
}

export interface AllocationResult {
  seed: string;
  /** The seeded order of students in the first pass (the snake reverses it every other pass). */
  order: number[];
  /** `phase`: target = given while the student was below the target; fill = a leftover seat given after. */
  assignments: Array<{ studentId: number; courseId: number; rank: number; phase?: 'target' | 'fill' }>;
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
    /** The target the run used, students who ended below it, and those of them with a wished seat still free (0). */
    target?: number;
    belowTarget?: number;
    belowTargetWithSeatFree?: number;
  };
}

interface StudentState {
  studentId: number;
  held: HeldCourse[];
  /** Seats the student holds or was given (earlier rounds included). */
  seats: number;
  /** Wishes not yet given nor dropped, best first. */
  pending: Array<{ courseId: number; rank: number }>;
}

/**
 * Fair and full preference allocation (decisions 042, 085). Students are put in a seeded random order; the draft
 * runs in rounds, and in each round every student gets at most one seat. Within a round the wishes are walked rank
 * by rank (every student's 1st remaining wish, in the snake order, then every 2nd, …), so a first choice is never
 * taken by someone else's fourth. The target phase gives rounds only to students below the target, until none of
 * them can take a wished seat; the fill phase then keeps going for everyone while any wished seat is free. A
 * seat must break no seat rule (no clash with what is held or given, the FC cap, one seat per course) and the
 * course must have a seat left; a wish refused for a full course joins that course's waitlist, one refused for a
 * clash or the FC cap is dropped (held seats only grow, so it can never become takeable). The order reverses each
 * round so nobody is always first. Deterministic for a given input, target and seed.
 */
export function allocateByPreference(input: AllocationInput): AllocationResult {
  const target = Math.max(1, Math.floor(input.target ?? SEAT_TARGET_DEFAULT));
  const courses = new Map(input.courses.map((c) => [c.id, { ...c }]));
  const students = [...input.students].sort((a, b) => a.studentId - b.studentId);
  const order = seededShuffle(
    students.map((s) => s.studentId),
    input.seed,
  );
  const byId = new Map<number, StudentState>(
    students.map((s) => [s.studentId, { studentId: s.studentId, held: [...s.held], seats: s.held.length, pending: s.wishes.map((courseId, i) => ({ courseId, rank: i + 1 })) }]),
  );
  const states = order.map((id) => byId.get(id)!);
  const maxRank = Math.max(0, ...students.map((s) => s.wishes.length));
  const assignments: AllocationResult['assignments'] = [];
  const waitlist: AllocationResult['waitlist'] = [];
  const waitlisted = new Set<string>();

  /** Tries the student's pending wish of this rank: true when a seat was given. */
  const tryRank = (state: StudentState, rank: number, phase: 'target' | 'fill'): boolean => {
    const at = state.pending.findIndex((w) => w.rank === rank);
    if (at < 0) return false;
    const wish = state.pending[at]!;
    const course = courses.get(wish.courseId);
    if (!course || seatRuleViolation(course, state.held)) {
      state.pending.splice(at, 1);
      return false;
    }
    if (course.seatsLeft <= 0) {
      state.pending.splice(at, 1);
      const key = `${state.studentId}:${course.id}`;
      if (!waitlisted.has(key)) {
        waitlisted.add(key);
        waitlist.push({ studentId: state.studentId, courseId: course.id, rank: wish.rank });
      }
      return false;
    }
    state.pending.splice(at, 1);
    course.seatsLeft -= 1;
    state.held.push(course);
    state.seats += 1;
    assignments.push({ studentId: state.studentId, courseId: course.id, rank: wish.rank, phase });
    return true;
  };

  let pass = 0;
  const runRound = (phase: 'target' | 'fill'): boolean => {
    const turn = pass % 2 === 0 ? states : [...states].reverse();
    pass += 1;
    const eligible = turn.filter((s) => s.pending.length > 0 && (phase === 'fill' || s.seats < target));
    const served = new Set<StudentState>();
    for (let rank = 1; rank <= maxRank; rank++) {
      for (const state of eligible) if (!served.has(state) && tryRank(state, rank, phase)) served.add(state);
    }
    return served.size > 0;
  };
  while (runRound('target'));
  while (runRound('fill'));

  const byRank = Array.from({ length: maxRank }, () => 0);
  for (const a of assignments) byRank[a.rank - 1] = (byRank[a.rank - 1] ?? 0) + 1;
  const placed = new Set(assignments.map((a) => a.studentId));
  const withWishes = students.filter((s) => s.wishes.length > 0);
  const wishesOf = new Map(students.map((s) => [s.studentId, s.wishes]));
  const below = withWishes.map((s) => byId.get(s.studentId)!).filter((s) => s.seats < target);
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
      target,
      belowTarget: below.length,
      belowTargetWithSeatFree: below.filter((s) => hasFreeWishedSeat(s, wishesOf.get(s.studentId) ?? [], courses)).length,
    },
  };
}

/** Whether one of the wishes still has a seat the student could take (no clash, FC cap, not already held). */
function hasFreeWishedSeat(state: StudentState, wishes: readonly number[], courses: ReadonlyMap<number, AllocationCourse>): boolean {
  return wishes.some((id) => {
    const c = courses.get(id);
    return !!c && c.seatsLeft > 0 && !seatRuleViolation(c, state.held);
  });
}
