/**
 * Requests of the 课程概览, 成绩, 出勤 and 工时 views (decision 065), parsed with the
 * domain's schemas. Exports go through the console's one download helper.
 */
import { opsCoursePageSchema, opsGradePageSchema, opsSignPageSchema, type OpsCourseQuery, type OpsGradeQuery, type OpsSignQuery } from '@summit/domain/api/operations';
import { timeSheetPageSchema, timeSheetSchema, type TimeSheetListQuery, type TimeSheetUpdateRequest } from '@summit/domain/api/time-sheets';
import { api } from '../../../lib/api-client.ts';
import { downloadXlsx } from '../shell/admin-api.ts';

export const OPS_VIEW_KEYS = {
  courses: (q: object) => ['admin', 'ops', 'courses', q] as const,
  grades: (q: object) => ['admin', 'ops', 'grades', q] as const,
  signs: (q: object) => ['admin', 'ops', 'signs', q] as const,
  timeSheets: ['admin', 'time-sheets'] as const,
  timeSheetList: (q: object) => ['admin', 'time-sheets', 'list', q] as const,
  timeSheet: (id: number) => ['admin', 'time-sheets', 'person', id] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = ({ signal }: Signal) => (signal ? { signal } : {});
/** Drops empty filters so the query string (and the cache key) only names what is set. */
export const queryOf = (q: object): Record<string, string> =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

export const fetchCoursesOverview = (q: OpsCourseQuery, o: Signal = {}) => api.get('/admin/courses/overview', { query: queryOf(q), schema: opsCoursePageSchema, ...withSignal(o) });
export const fetchGradesOverview = (q: OpsGradeQuery, o: Signal = {}) => api.get('/admin/grades', { query: queryOf(q), schema: opsGradePageSchema, ...withSignal(o) });
export const fetchSignsOverview = (q: OpsSignQuery, o: Signal = {}) => api.get('/admin/signs/overview', { query: queryOf(q), schema: opsSignPageSchema, ...withSignal(o) });

export const fetchTimeSheets = (q: TimeSheetListQuery, o: Signal = {}) => api.get('/admin/time-sheets', { query: queryOf(q), schema: timeSheetPageSchema, ...withSignal(o) });
export const fetchTimeSheet = (id: number, o: Signal = {}) => api.get(`/admin/students/${id}/time-sheets`, { schema: timeSheetSchema, ...withSignal(o) });
export const updateTimeSheet = (id: number, body: TimeSheetUpdateRequest) =>
  api.request(`/admin/students/${id}/time-sheets`, { method: 'PUT', body, schema: timeSheetSchema, fieldNames: ['work_date', 'hours', 'activity', 'ids', 'note', 'id'] });

/** Downloads one of the lists as .xlsx with the filters on screen (paging dropped: the file holds every row). */
export function downloadList(path: string, q: object, fallbackName: string): void {
  const { page: _page, page_size: _size, ...filters } = q as Record<string, unknown>;
  void downloadXlsx(path, queryOf(filters), fallbackName).catch(() => undefined);
}
