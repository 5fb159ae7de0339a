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
});
