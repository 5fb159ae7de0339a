import { z } from 'zod';
import { clockSchema, clockOffsetMs } from '@summit/domain/api/common';
import { centreConfigSchema, centreCourseSchema, centreCourseListSchema, grabResultSchema, listItemSchema, submitResultSchema, timetableSchema } from '@summit/domain/api/course-centre';
import type { CourseCategory } from '@summit/domain/course-terms';
import { api } from '../../lib/api-client.ts';

const base = '/student/course-center';
const listSchema = z.array(listItemSchema);

export const CC_KEYS = {
  config: ['course-centre', 'config'] as const,
  courses: (filter: object) => ['course-centre', 'courses', filter] as const,
  course: (id: number) => ['course-centre', 'course', id] as const,
  wish: ['course-centre', 'wish'] as const,
  cart: ['course-centre', 'cart'] as const,
  my: ['course-centre', 'my'] as const,
  all: ['course-centre'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchConfig = (signal?: AbortSignal) => api.get(`${base}/config`, { schema: centreConfigSchema, ...withSignal(signal) });
export const fetchCourses = (filter: { category?: CourseCategory | undefined; keyword?: string | undefined; period?: number | undefined }, signal?: AbortSignal) =>
  api.get(`${base}/courses`, { schema: centreCourseListSchema, query: { category: filter.category, keyword: filter.keyword || undefined, period: filter.period }, ...withSignal(signal) });
export const fetchCourse = (id: number, signal?: AbortSignal) => api.get(`${base}/courses/${id}`, { schema: centreCourseSchema, ...withSignal(signal) });
export const fetchWish = (signal?: AbortSignal) => api.get(`${base}/wish`, { schema: listSchema, ...withSignal(signal) });
export const fetchCart = (signal?: AbortSignal) => api.get(`${base}/cart`, { schema: listSchema, ...withSignal(signal) });
export const fetchMy = (signal?: AbortSignal) => api.get(`${base}/my`, { schema: timetableSchema, ...withSignal(signal) });

export const addWish = (courseId: number) => api.post(`${base}/wish`, { course_id: courseId }, { schema: listSchema });
export const removeWish = (courseId: number) => api.request(`${base}/wish/${courseId}`, { method: 'DELETE', schema: listSchema });
export const sortWish = (ids: number[]) => api.post(`${base}/wish/sort`, { course_ids: ids }, { schema: listSchema });
export const addCart = (courseId: number) => api.post(`${base}/cart`, { course_id: courseId }, { schema: listSchema });
export const removeCart = (courseId: number) => api.request(`${base}/cart/${courseId}`, { method: 'DELETE', schema: listSchema });
export const sortCart = (ids: number[]) => api.post(`${base}/cart/sort`, { course_ids: ids }, { schema: listSchema });
export const submitCart = () => api.post(`${base}/cart/submit`, {}, { schema: submitResultSchema });
export const grabCourse = (courseId: number) => api.post(`${base}/cart/grab`, { course_id: courseId }, { schema: grabResultSchema });
export const dropCourse = (courseId: number) => api.request(`${base}/enrolments/${courseId}`, { method: 'DELETE', schema: timetableSchema });
export const joinWaitlist = (courseId: number) => api.post(`${base}/waitlist`, { course_id: courseId }, { schema: timetableSchema });
export const leaveWaitlist = (courseId: number) => api.request(`${base}/waitlist/${courseId}`, { method: 'DELETE', schema: timetableSchema });

/** Server time minus this browser's time (ms), measured once per page from /api/clock (docs/api-contract.md). */
export async function measureClockOffset(): Promise<number> {
  const sent = Date.now();
  const clock = await api.get('/clock', { schema: clockSchema, quiet: true });
  return clockOffsetMs(clock.now, sent, Date.now());
}
