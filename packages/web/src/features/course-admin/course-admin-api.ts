import { courseRosterCandidateListSchema, courseRosterSchema } from '@summit/domain/api/course-admin';
import { courseGradesTabSchema, courseSignsTabSchema } from '@summit/domain/api/operations';
import { api } from '../../lib/api-client.ts';

export const ROSTER_KEYS = {
  all: ['course-roster'] as const,
  roster: (courseId: number, period: number) => ['course-roster', courseId, period] as const,
  candidates: (courseId: number, period: number, keyword: string) => ['course-roster', courseId, period, 'candidates', keyword] as const,
  grades: (courseId: number, period: number) => ['course-roster', courseId, period, 'grades'] as const,
  signs: (courseId: number, period: number) => ['course-roster', courseId, period, 'signs'] as const,
};

const base = (courseId: number, period: number) => `/admin/course-detail/${courseId}/${period}`;
const s = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchRoster = (courseId: number, period: number, signal?: AbortSignal) => api.get(`${base(courseId, period)}/students`, { schema: courseRosterSchema, ...s(signal) });
export const fetchCandidates = (courseId: number, period: number, keyword: string, signal?: AbortSignal) =>
  api.get(`${base(courseId, period)}/candidates?keyword=${encodeURIComponent(keyword)}`, { schema: courseRosterCandidateListSchema, ...s(signal) });
export const addToCourse = (courseId: number, period: number, studentId: number) => api.post(`${base(courseId, period)}/students`, { student_id: studentId }, { schema: courseRosterSchema });
export const removeFromCourse = (courseId: number, period: number, studentId: number) =>
  api.request(`${base(courseId, period)}/students/${studentId}`, { method: 'DELETE', schema: courseRosterSchema });

export const fetchCourseGrades = (courseId: number, period: number, signal?: AbortSignal) => api.get(`${base(courseId, period)}/grades`, { schema: courseGradesTabSchema, ...s(signal) });
export const fetchCourseSigns = (courseId: number, period: number, signal?: AbortSignal) => api.get(`${base(courseId, period)}/signs`, { schema: courseSignsTabSchema, ...s(signal) });
