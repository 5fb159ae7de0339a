import { describe, expect, it } from 'vitest';
import type { ClassCourse } from '@summit/domain/api/classes';
import { classCoursePath, meetingsInOrder } from './class-format.ts';

const course = (id: number, category: ClassCourse['category'], starts: string[]): ClassCourse => ({
  id,
  code: `C${id}`,
  title: `课程${id}`,
  category,
  session_key: 'first',
  period: 2,
  teacher_name: '',
  description: '',
  syllabus: '',
  meetings: starts.map((s) => ({ starts_at: s, ends_at: s, location: '' })),
  phase: 'upcoming',
  feedback_given: false,
  can_feedback: false,
  can_request_letter: false,
});

describe('class pages', () => {
  it('send master classes and capstones to their own detail routes', () => {
    expect(classCoursePath(course(3, 'seminar', []))).toBe('/student/manage/course-detail/3/2');
    expect(classCoursePath(course(4, 'master_class', []))).toBe('/student/course/mc-detail/4');
    expect(classCoursePath(course(5, 'capstone', []))).toBe('/student/course/capstone-report/5');
  });

  it('list every meeting of every course in time order', () => {
    const a = course(1, 'seminar', ['2026-08-12T01:00:00Z', '2026-08-10T01:00:00Z']);
    const b = course(2, 'major', ['2026-08-11T01:00:00Z']);
    expect(meetingsInOrder([a, b]).map((m) => [m.course.id, m.starts_at.slice(0, 10)])).toEqual([
      [1, '2026-08-10'],
      [2, '2026-08-11'],
      [1, '2026-08-12'],
    ]);
  });
});
