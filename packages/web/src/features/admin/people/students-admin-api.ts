import type { SegmentFilter } from '@summit/domain/api/messages';
import { adminStudentDetailSchema, adminStudentListSchema, queryOfSegmentFilter, studentTagsResultSchema, type StudentSort, type StudentUpdateRequest } from '@summit/domain/api/students';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

/** 学生管理 (decision 062): the filter is the message segment filter, sent as query parameters. */
export const STUDENT_ADMIN_KEYS = {
  all: ['admin', 'students'] as const,
  list: (q: StudentListParams) => ['admin', 'students', 'list', q] as const,
  detail: (id: number) => ['admin', 'students', 'detail', id] as const,
};

export interface StudentListParams {
  filter: SegmentFilter;
  sort: StudentSort;
  order: 'asc' | 'desc';
  page: number;
  page_size: number;
}

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});
const EDIT_FIELDS = ['name', 'gender', 'grade', 'school_id', 'batch', 'active_type', 'tags', 'admin_note'] as const;

export const fetchStudents = (p: StudentListParams, signal?: AbortSignal) =>
  api.get('/admin/students', { query: { ...queryOfSegmentFilter(p.filter), sort: p.sort, order: p.order, page: String(p.page), page_size: String(p.page_size) }, schema: adminStudentListSchema, ...sig(signal) });
export const fetchStudent = (id: number, signal?: AbortSignal) => api.get(`/admin/students/${id}`, { schema: adminStudentDetailSchema, ...sig(signal) });
export const updateStudent = (id: number, body: StudentUpdateRequest) => api.request(`/admin/students/${id}`, { method: 'PUT', body, schema: adminStudentDetailSchema, fieldNames: EDIT_FIELDS });
export const tagStudents = (filter: SegmentFilter, add: string[], remove: string[]) => api.post('/admin/students/tags', { filter, add, remove }, { schema: studentTagsResultSchema });

/** The export behind the admin's token, handed to the browser as a download. */
export const downloadStudentExport = (filter: SegmentFilter) =>
  downloadFile('/admin/students/export', { query: queryOfSegmentFilter(filter), expect: 'spreadsheetml', fallbackName: '学生名单.xlsx' });
