import { describe, expect, it } from 'vitest';
import {
  allocateByPreference,
  clashMessage,
  cornerstoneShortfall,
  countdownMs,
  findClash,
  formatCountdown,
  intervalsOverlap,
  roundPhase,
  seatRuleViolation,
  seededShuffle,
  type AllocationCourse,
  type AllocationStudent,
} from './course-allocation.ts';

const at = (h: number, len = 1) => ({ start: h * 3_600_000, end: (h + len) * 3_600_000 });
const course = (id: number, h: number, seats: number, category: AllocationCourse['category'] = 'major'): AllocationCourse => ({ id, title: `课${id}`, category, meetings: [at(h)], seatsLeft: seats });

describe('clashes and seat rules', () => {
  it('half-open intervals: touching is not overlapping', () => {
    expect(intervalsOverlap(at(8), at(9))).toBe(false);
    expect(intervalsOverlap(at(8, 2), at(9))).toBe(true);
  });
  it('names the clashing course; one seat per course; FC cap of 2', () => {
    const held = [course(1, 8, 1), course(2, 10, 1, 'fc'), course(3, 12, 1, 'fc')];
    expect(findClash(course(9, 8, 1), held)?.id).toBe(1);
    expect(seatRuleViolation(course(9, 8, 1), held)).toBe(clashMessage('课1'));
    expect(seatRuleViolation(course(1, 8, 1), held)).toBe('已选该课程');
    expect(seatRuleViolation(course(4, 14, 1, 'fc'), held)).toBe('前沿对话最多可额外选择2门');
    expect(seatRuleViolation(course(5, 14, 1), held)).toBeNull();
  });
  it('Cornerstone Workshop minimum of 2', () => {
    expect(cornerstoneShortfall(['cw', 'major'])).toBe(1);
    expect(cornerstoneShortfall(['cw', 'cw'])).toBe(0);
  });
});

describe('round window and countdown', () => {
  it('phase before / open / after', () => {
    expect([roundPhase(0, 10, 20), roundPhase(10, 10, 20), roundPhase(20, 10, 20)]).toEqual(['before', 'open', 'after']);
  });
  it('corrects the client clock by the server offset and never goes negative', () => {
    expect(countdownMs(10_000, 5_000, 2_000)).toBe(3_000);
    expect(countdownMs(10_000, 9_000, 2_000)).toBe(0);
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(90_061_000)).toBe('1天 01:01:01');
  });
});

describe('preference allocation', () => {
  const students = (n: number, wishes: number[]): AllocationStudent[] => Array.from({ length: n }, (_, i) => ({ studentId: i + 1, wishes, held: [] }));

  it('is reproducible from its seed and differs with another seed', () => {
    const input = { courses: [course(1, 8, 3), course(2, 10, 3), course(3, 12, 3)], students: students(12, [1, 2, 3]) };
    const a = allocateByPreference({ ...input, seed: 's1' });
    const b = allocateByPreference({ ...input, seed: 's1' });
    expect(a).toEqual(b);
    expect(seededShuffle([1, 2, 3, 4, 5, 6, 7, 8], 's1')).not.toEqual(seededShuffle([1, 2, 3, 4, 5, 6, 7, 8], 's2'));
  });

  it('never exceeds capacity, honours clashes and the FC cap, and waitlists the rest', () => {
    const courses = [course(1, 8, 2), course(2, 8, 5), course(3, 12, 1, 'fc'), course(4, 14, 9, 'fc'), course(5, 16, 9, 'fc')];
    const result = allocateByPreference({ seed: 'x', courses, students: students(4, [1, 2, 3, 4, 5]) });
    for (const c of courses) expect(result.assignments.filter((a) => a.courseId === c.id).length).toBeLessThanOrEqual(c.seatsLeft);
    for (const sid of [1, 2, 3, 4]) {
      const mine = result.assignments.filter((a) => a.studentId === sid).map((a) => a.courseId);
      expect(mine.includes(1) && mine.includes(2)).toBe(false);
      expect(mine.filter((id) => id >= 3).length).toBeLessThanOrEqual(2);
    }
    expect(result.waitlist.filter((w) => w.courseId === 1)).toHaveLength(2);
    expect(result.fairness).toMatchObject({ students: 4, first: 2, unplaced: 0 });
  });

  it('the snake order shares first choices: each student gets one seat before anyone gets a second', () => {
    const result = allocateByPreference({ seed: 'y', courses: [course(1, 8, 2), course(2, 10, 2)], students: students(2, [1, 2]) });
    expect(result.fairness).toMatchObject({ first: 2, second: 2, seatsAssigned: 4 });
    const scarce = allocateByPreference({ seed: 'y', courses: [course(1, 8, 1), course(2, 10, 1)], students: students(2, [1, 2]) });
    expect(scarce.fairness).toMatchObject({ first: 1, second: 1, unplaced: 0 });
  });

  it('reaches the target for everyone before anyone gets more (decision 085)', () => {
    // Student 1 wishes four courses; students 2 and 3 share the last two. Without a target the first student
    // could end with four seats while another has one.
    const courses = [course(1, 8, 1), course(2, 10, 1), course(3, 12, 2), course(4, 14, 2)];
    const input = {
      seed: 'fair',
      courses,
      students: [
        { studentId: 1, wishes: [1, 2, 3, 4], held: [] },
        { studentId: 2, wishes: [3, 4], held: [] },
        { studentId: 3, wishes: [3, 4], held: [] },
      ],
    };
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const r = allocateByPreference({ ...input, seed, target: 2 });
      const count = (sid: number) => r.assignments.filter((a) => a.studentId === sid).length;
      expect([count(2), count(3)]).toEqual([2, 2]);
      expect(count(1)).toBe(2);
      expect(r.fairness).toMatchObject({ target: 2, belowTarget: 0, belowTargetWithSeatFree: 0 });
    }
  });

  it('the fill phase gives leftover wished seats beyond the target', () => {
    const courses = [course(1, 8, 1), course(2, 10, 1), course(3, 12, 1), course(4, 14, 5)];
    const r = allocateByPreference({ seed: 'f', target: 1, courses, students: [{ studentId: 1, wishes: [1, 2, 3], held: [] }, { studentId: 2, wishes: [4], held: [] }] });
    expect(r.assignments.filter((a) => a.studentId === 1).map((a) => [a.courseId, a.phase])).toEqual([
      [1, 'target'],
      [2, 'fill'],
      [3, 'fill'],
    ]);
    expect(r.fairness.seatsAssigned).toBe(4);
  });

  it("walks ranks within a round, so nobody's second wish takes another's first", () => {
    // Student A's 1st is full-to-be; their 2nd is B's 1st. Rank by rank, B's first choice is served first.
    const courses = [course(1, 8, 1), course(2, 10, 1)];
    for (const seed of ['p', 'q', 'r', 's']) {
      const r = allocateByPreference({ seed, target: 1, courses, students: [{ studentId: 1, wishes: [1, 2], held: [] }, { studentId: 2, wishes: [1, 2], held: [] }, { studentId: 3, wishes: [2], held: [] }] });
      expect(r.assignments.find((a) => a.studentId === 3)?.courseId).toBe(2);
      expect(r.fairness.first).toBe(2);
    }
  });

  it('random instances: no over-capacity, no clash, FC cap, no one below target beside a free wished seat, deterministic', () => {
    let x = 7;
    const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
    const courses = Array.from({ length: 30 }, (_, i) => course(i + 1, 8 + (i % 6) * 2, 1 + Math.floor(rnd() * 6), i % 5 === 0 ? 'fc' : 'major'));
    const studentsIn = Array.from({ length: 80 }, (_, i) => ({ studentId: i + 1, wishes: [...new Set(Array.from({ length: 6 }, () => 1 + Math.floor(rnd() * 30)))], held: [] }));
    const input = { seed: 'rand', target: 3, courses, students: studentsIn };
    const r = allocateByPreference(input);
    expect(allocateByPreference(input)).toEqual(r);
    for (const c of courses) expect(r.assignments.filter((a) => a.courseId === c.id).length).toBeLessThanOrEqual(c.seatsLeft);
    const byId = new Map(courses.map((c) => [c.id, c]));
    for (const s of studentsIn) {
      const mine = r.assignments.filter((a) => a.studentId === s.studentId).map((a) => byId.get(a.courseId)!);
      for (let i = 0; i < mine.length; i++) expect(findClash(mine[i]!, mine.slice(0, i))).toBeNull();
      expect(mine.filter((c) => c.category === 'fc').length).toBeLessThanOrEqual(2);
    }
    expect(r.fairness.belowTargetWithSeatFree).toBe(0);
    // Nobody holds more than the target while a student below it could still take a wished seat.
    const left = new Map(courses.map((c) => [c.id, c.seatsLeft - r.assignments.filter((a) => a.courseId === c.id).length]));
    for (const s of studentsIn) {
      const mine = r.assignments.filter((a) => a.studentId === s.studentId).map((a) => byId.get(a.courseId)!);
      const free = s.wishes.filter((id) => left.get(id)! > 0 && !seatRuleViolation(byId.get(id)!, mine));
      expect(free).toEqual([]);
    }
  });
});
