import { z } from 'zod';
import {
  classCourseDetailSchema,
  classOverviewSchema,
  feedbackSummarySchema,
  letterStudentViewSchema,
  letterTeacherViewSchema,
  letterVerificationSchema,
  teacherSlotSchema,
  type FeedbackRequest,
  type LetterCreateRequest,
  type OfficeHourCreateRequest,
} from '@summit/domain/api/classes';
import { api } from '../../lib/api-client.ts';

export const CLASS_KEYS = {
  all: ['classes'] as const,
  overview: ['classes', 'overview'] as const,
  course: (id: number, period: number | null) => ['classes', 'course', id, period] as const,
  small: (name: string) => ['classes', 'small', name] as const,
  letters: ['classes', 'letters'] as const,
  teacherLetters: ['classes', 'teacher-letters'] as const,
  teacherLetter: (id: number) => ['classes', 'teacher-letter', id] as const,
  slots: (courseId: number) => ['classes', 'slots', courseId] as const,
  feedback: (courseId: number) => ['classes', 'feedback', courseId] as const,
  verify: (code: string) => ['classes', 'verify', code] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const studentLetters = z.array(letterStudentViewSchema);
const slots = z.array(teacherSlotSchema);

export const fetchOverview = (signal?: AbortSignal) => api.get('/student/class/my-courses', { schema: classOverviewSchema, ...withSignal(signal) });
export const fetchClassCourse = (id: number, period: number, signal?: AbortSignal) => api.get(`/student/class/course/${id}/${period}`, { schema: classCourseDetailSchema, ...withSignal(signal) });
export const fetchSmallClass = (name: string, signal?: AbortSignal) => api.get(`/student/class/small-class/${encodeURIComponent(name)}`, { schema: classCourseDetailSchema, ...withSignal(signal) });
export const bookSlot = (slotId: number) => api.post('/student/class/office-hour', { slot_id: slotId }, { schema: classCourseDetailSchema });
export const cancelSlot = (slotId: number) => api.request(`/student/class/office-hour/${slotId}`, { method: 'DELETE', schema: classCourseDetailSchema });
export const sendFeedback = (body: FeedbackRequest) => api.post('/student/class/feedback', body, { schema: classCourseDetailSchema });
export const fetchStudentLetters = (signal?: AbortSignal) => api.get('/student/recommend-letters', { schema: studentLetters, ...withSignal(signal) });
export const requestLetter = (body: LetterCreateRequest) => api.post('/student/recommend-letters', body, { schema: studentLetters, fieldNames: ['recipients'] });

export const fetchTeacherSlots = (courseId: number, signal?: AbortSignal) => api.get('/teacher/hour', { schema: slots, query: { course_id: courseId }, ...withSignal(signal) });
export const createSlot = (body: OfficeHourCreateRequest) => api.post('/teacher/hour', body, { schema: slots });
export const deleteSlot = (id: number) => api.request(`/teacher/hour/${id}`, { method: 'DELETE', schema: slots });
export const fetchFeedbackSummary = (courseId: number, signal?: AbortSignal) => api.get(`/teacher/feedback/${courseId}`, { schema: feedbackSummarySchema, ...withSignal(signal) });
export const fetchTeacherLetters = (signal?: AbortSignal) => api.get('/teacher/recommend-letters', { schema: z.array(letterTeacherViewSchema), ...withSignal(signal) });
export const fetchTeacherLetter = (id: number, signal?: AbortSignal) => api.get(`/teacher/recommend-letters/${id}`, { schema: letterTeacherViewSchema, ...withSignal(signal) });
export const writeLetter = (id: number, body: { body_html: string; submit: boolean }) => api.request(`/teacher/recommend-letters/${id}`, { method: 'PUT', body, schema: letterTeacherViewSchema });
export const resendLetter = (id: number) => api.post(`/teacher/recommend-letters/${id}/resend`, {}, { schema: letterTeacherViewSchema });
export const fetchVerification = (code: string, signal?: AbortSignal) => api.get(`/recommend-letter/verify/${encodeURIComponent(code)}`, { schema: letterVerificationSchema, quiet: true, ...withSignal(signal) });
