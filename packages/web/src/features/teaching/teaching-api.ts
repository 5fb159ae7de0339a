import { z } from 'zod';
import { teacherInfoSchema } from '@summit/domain/api/profile';
import { checkinResultSchema, myAttendanceSchema, signDetailSchema, signQrSchema, signSummarySchema, studentCalendarSchema, teacherCourseBriefListSchema, teacherCourseDetailSchema, teacherHouseSchema, type AttendanceStatus } from '@summit/domain/api/teaching';
import { STATUS } from '@summit/domain/errors';
import { MSG } from '@summit/domain/messages';
import { ApiError, api } from '../../lib/api-client.ts';

/** The teaching area's calls (decisions 050/051). */
export const TEACHING_KEYS = {
  all: ['teaching'] as const,
  courses: ['teaching', 'courses'] as const,
  course: (id: number, period: number) => ['teaching', 'course', id, period] as const,
  signs: (admin: boolean) => ['teaching', 'signs', admin] as const,
  sign: (id: number) => ['teaching', 'sign', id] as const,
  qr: (id: number) => ['teaching', 'qr', id] as const,
  myAttendance: ['teaching', 'my-attendance'] as const,
  myCourseAttendance: (courseId: number) => ['teaching', 'my-attendance', courseId] as const,
  calendar: ['teaching', 'calendar'] as const,
  me: ['teaching', 'me'] as const,
  house: (houseId: number | undefined) => ['teaching', 'house', houseId ?? 0] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchMyCourses = (signal?: AbortSignal) => api.get('/teacher/course', { schema: teacherCourseBriefListSchema, ...withSignal(signal) });
export const fetchCourseDetail = (id: number, period: number, signal?: AbortSignal) => api.get(`/teacher/course/${id}/${period}`, { schema: teacherCourseDetailSchema, navigate: false, ...withSignal(signal) });
export const fetchHouseStudents = (houseId: number | undefined, signal?: AbortSignal) =>
  api.get(houseId ? `/teacher/house?house_id=${houseId}` : '/teacher/house', { schema: teacherHouseSchema, navigate: false, ...withSignal(signal) });
export const fetchTeacherInfo = (signal?: AbortSignal) => api.get('/teacher/info', { schema: teacherInfoSchema, ...withSignal(signal) });
export const fetchSigns = (admin: boolean, signal?: AbortSignal) => api.get(admin ? '/admin/signs' : '/teacher/sign', { schema: z.array(signSummarySchema), ...withSignal(signal) });
export const fetchSign = (id: number, signal?: AbortSignal) => api.get(`/teacher/sign/${id}`, { schema: signDetailSchema, navigate: false, ...withSignal(signal) });
export const fetchSignQr = (id: number, signal?: AbortSignal) => api.get(`/teacher/sign/${id}/qrcode`, { schema: signQrSchema, quiet: true, ...withSignal(signal) });
export const openSign = (meetingId: number, lateMinutes: number) => api.post('/teacher/sign', { meeting_id: meetingId, late_minutes: lateMinutes }, { schema: signSummarySchema });
export const closeSign = (id: number) => api.post(`/teacher/sign/${id}/close`, {}, { schema: signSummarySchema });
export const overrideAttendance = (id: number, studentId: number, status: AttendanceStatus, note: string) =>
  api.request(`/teacher/sign/${id}/students/${studentId}`, { method: 'PUT', body: { status, note }, schema: signDetailSchema });

export const checkIn = (token: string) => api.post('/student/sign', { t: token }, { schema: checkinResultSchema, quiet: true });
export const fetchMyAttendance = (signal?: AbortSignal) => api.get('/student/sign', { schema: myAttendanceSchema, ...withSignal(signal) });
export const fetchMyCourseAttendance = (courseId: number, signal?: AbortSignal) => api.get(`/student/sign/course/${courseId}`, { schema: myAttendanceSchema, ...withSignal(signal) });
export const fetchCalendar = (signal?: AbortSignal) => api.get('/student/calendar', { schema: studentCalendarSchema, ...withSignal(signal) });
export const resetCalendarFeed = () => api.post('/student/calendar/feed/reset', {}, { schema: studentCalendarSchema });

/** The server's 无权限访问！: the page shows the forbidden state and nothing of the course. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === STATUS.MESSAGE && error.msg === MSG.NO_PERMISSION;
}
