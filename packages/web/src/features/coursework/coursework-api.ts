import { z } from 'zod';
import { assignmentDetailSchema, assignmentSchema, courseRefSchema, essaySchema, noticeSentSchema, participationSchema, studentCourseAssignmentsSchema, studentGradeSchema, submissionSchema, teacherAssignmentRowSchema, teacherGradeBookSchema, writingCentreSchema } from '@summit/domain/api/coursework';
import type { UploadedFile } from '@summit/domain/uploader';
import { api } from '../../lib/api-client.ts';

export const CW_KEYS = {
  all: ['coursework'] as const,
  teacherAssignments: (courseId: number) => ['coursework', 'teacher-assignments', courseId] as const,
  detail: (id: number, admin: boolean) => ['coursework', 'detail', id, admin] as const,
  participation: (courseId: number) => ['coursework', 'participation', courseId] as const,
  gradeBook: (courseId: number) => ['coursework', 'grade-book', courseId] as const,
  courseEssays: (courseId: number) => ['coursework', 'course-essays', courseId] as const,
  studentAssignments: (courseId: number) => ['coursework', 'student-assignments', courseId] as const,
  myCourses: ['coursework', 'my-courses'] as const,
  writing: ['coursework', 'writing'] as const,
  grades: ['coursework', 'grades'] as const,
  grade: (courseId: number) => ['coursework', 'grade', courseId] as const,
};

const s = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface AssignmentForm {
  course_id: number;
  title: string;
  instructions: string;
  due_at: string;
  allowed_types: string[];
  max_size_mb: number;
  max_score: number;
  rubric: Array<{ name: string; points: number }>;
}
export interface GradingForm {
  score?: number;
  rubric_points?: number[];
  comment: string;
}

// teacher
export const fetchTeacherAssignments = (courseId: number, signal?: AbortSignal) => api.get(`/teacher/assignment/course/${courseId}`, { schema: z.array(teacherAssignmentRowSchema), ...s(signal) });
export const createAssignment = (body: AssignmentForm) => api.post('/teacher/assignment', body, { schema: assignmentSchema, fieldNames: ['title', 'due_at', 'rubric', 'max_size_mb', 'allowed_types'] });
export const updateAssignment = (id: number, body: AssignmentForm) => api.request(`/teacher/assignment/${id}`, { method: 'PUT', body, schema: assignmentSchema, fieldNames: ['title', 'due_at', 'rubric', 'max_size_mb', 'allowed_types'] });
export const deleteAssignment = (id: number) => api.request(`/teacher/assignment/${id}`, { method: 'DELETE', schema: z.null() });
export const fetchAssignmentDetail = (id: number, admin: boolean, signal?: AbortSignal) => api.get(admin ? `/admin/assignment/${id}` : `/teacher/assignment/${id}`, { schema: assignmentDetailSchema, ...s(signal) });
export const fetchParticipation = (courseId: number, signal?: AbortSignal) => api.get(`/teacher/assignment/participation/${courseId}`, { schema: participationSchema, ...s(signal) });
export const gradeSubmission = (id: number, body: GradingForm) => api.request(`/teacher/submission/${id}/grade`, { method: 'PUT', body, schema: submissionSchema });
export const fetchCourseEssays = (courseId: number, signal?: AbortSignal) => api.get(`/teacher/writing/course/${courseId}`, { schema: z.array(essaySchema), ...s(signal) });
export const reviewEssay = (id: number, body: GradingForm) => api.request(`/teacher/writing/${id}/review`, { method: 'PUT', body, schema: essaySchema });
export const fetchGradeBook = (courseId: number, signal?: AbortSignal) => api.get(`/teacher/grade/${courseId}`, { schema: teacherGradeBookSchema, ...s(signal) });
export const saveComponents = (courseId: number, components: Array<{ id?: number; name: string; weight: number; assignment_ids?: number[] }>) =>
  api.request(`/teacher/grade/${courseId}/components`, { method: 'PUT', body: { components }, schema: teacherGradeBookSchema });
export const saveStudentGrade = (courseId: number, studentId: number, scores: Record<string, number>, overrides: Record<string, number | null> = {}) =>
  api.request(`/teacher/grade/${courseId}/student/${studentId}`, { method: 'PUT', body: { scores, overrides }, schema: teacherGradeBookSchema });
export const setPublication = (courseId: number, publishAt: string | null) => api.request(`/teacher/grade/${courseId}/publish`, { method: 'PUT', body: { publish_at: publishAt }, schema: teacherGradeBookSchema });
export const sendNotice = (body: { course_id: number; title: string; body: string }) => api.post('/teacher/notice', body, { schema: noticeSentSchema });

// student
export const fetchMyCourses = (signal?: AbortSignal) => api.get('/student/assignment/courses', { schema: z.array(courseRefSchema), ...s(signal) });
export const fetchStudentAssignments = (courseId: number, signal?: AbortSignal) => api.get(`/student/assignment/course/${courseId}`, { schema: studentCourseAssignmentsSchema, ...s(signal) });
export const submitAssignment = (id: number, body: { text: string; files: UploadedFile[] }) => api.post(`/student/assignment/${id}/submit`, body, { schema: submissionSchema });
export const fetchWriting = (signal?: AbortSignal) => api.get('/student/writing', { schema: writingCentreSchema, ...s(signal) });
export interface EssayForm {
  course_id: number;
  title: string;
  body: string;
  files: UploadedFile[];
  submit: boolean;
}
export const createEssay = (body: EssayForm) => api.post('/student/writing', body, { schema: essaySchema });
export const updateEssay = (id: number, body: EssayForm) => api.request(`/student/writing/${id}`, { method: 'PUT', body, schema: essaySchema });
export const fetchMyGrades = (signal?: AbortSignal) => api.get('/student/grades', { schema: z.array(studentGradeSchema), ...s(signal) });
export const fetchMyGrade = (courseId: number, signal?: AbortSignal) => api.get(`/student/grades/${courseId}`, { schema: studentGradeSchema, ...s(signal) });
