/** Requests of the school portal, parsed with the domain's schemas (docs/api-contract.md "School portal"). */
import { schoolRecommendResultSchema, schoolStudentDetailSchema, schoolStudentHistorySchema, schoolStudentListSchema, type SchoolStudentFilter, type SchoolStudentListQuery } from '@summit/domain/api/school';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

export const SCHOOL_KEYS = {
  students: ['school', 'students'] as const,
  student: (id: number) => ['school', 'student', id] as const,
  history: (id: number) => ['school', 'history', id] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = ({ signal }: Signal) => (signal ? { signal } : {});

/** Only the filters that are set, as query-string values. */
export function filterQuery(f: SchoolStudentFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(f)) if (value !== undefined && value !== '') out[key] = String(value);
  return out;
}

export const fetchStudents = (query: SchoolStudentListQuery, s: Signal = {}) =>
  api.get('/school/student-apply', { query: { ...query }, schema: schoolStudentListSchema, ...withSignal(s) });

export const fetchStudent = (id: number, s: Signal = {}) => api.get(`/school/student-admission/${id}`, { schema: schoolStudentDetailSchema, ...withSignal(s) });

export const fetchHistory = (id: number, s: Signal = {}) => api.get(`/school/student-history/${id}`, { schema: schoolStudentHistorySchema, ...withSignal(s) });

export const saveRecommendation = (id: number, comment: string) =>
  api.request(`/school/student-apply/${id}/recommend`, { method: 'PUT', body: { recommended: true, comment }, schema: schoolRecommendResultSchema, fieldNames: ['comment'] });

export const withdrawRecommendation = (id: number) =>
  api.request(`/school/student-apply/${id}/recommend`, { method: 'PUT', body: { recommended: false }, schema: schoolRecommendResultSchema });

/** The export behind the school's token, handed to the browser as a download. */
export const downloadExport = (filter: SchoolStudentFilter) => downloadFile('/school/export', { query: filterQuery(filter), expect: 'spreadsheetml', fallbackName: '学生名单.xlsx' });
