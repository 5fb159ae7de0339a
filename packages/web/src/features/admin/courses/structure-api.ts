/** Requests of the programme-structure tabs (期次 / 会场 / 学院 / 课程, decision 039), parsed with the domain's schemas. */
import { courseImportResultSchema, courseListSchema, courseSchema, houseListSchema, houseSchema, teacherOptionListSchema, venueListSchema, venueSchema, type CourseImportError, type CourseImportResult, type CourseInput, type CourseListQuery, type HouseUpdate, type VenueInput } from '@summit/domain/api/courses';
import { MSG } from '@summit/domain/messages';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { authStorage } from '../../../lib/auth-storage.ts';

export const STRUCTURE_KEYS = {
  venues: ['admin', 'venues'] as const,
  houses: ['admin', 'houses'] as const,
  courses: ['admin', 'courses'] as const,
  teachers: ['admin', 'teachers'] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = ({ signal }: Signal) => (signal ? { signal } : {});

export const VENUE_FIELDS = ['place_name', 'name', 'city', 'is_beijing', 'capacity', 'professional_tracks', 'session_keys', 'address', 'sort'] as const;
export const HOUSE_FIELDS = ['name', 'english_name', 'colour', 'motto'] as const;
export const COURSE_FIELDS = ['code', 'title', 'teacher_id', 'teacher_name', 'category', 'session_key', 'period', 'venue_id', 'capacity', 'language', 'description', 'syllabus', 'published', 'meetings'] as const;

export const fetchVenues = (o: Signal = {}) => api.get('/admin/venues', { schema: venueListSchema, ...withSignal(o) });
export const saveVenue = (id: number | null, body: VenueInput) =>
  api.request(id === null ? '/admin/venues' : `/admin/venues/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: venueSchema, fieldNames: VENUE_FIELDS });
export const deleteVenue = (id: number) => api.request(`/admin/venues/${id}`, { method: 'DELETE' });

export const fetchHouses = (o: Signal = {}) => api.get('/admin/houses', { schema: houseListSchema, ...withSignal(o) });
export const saveHouse = (id: number, body: HouseUpdate) => api.request(`/admin/houses/${id}`, { method: 'PUT', body, schema: houseSchema, fieldNames: HOUSE_FIELDS });

export const fetchTeachers = (o: Signal = {}) => api.get('/admin/teachers', { schema: teacherOptionListSchema, ...withSignal(o) });
export const fetchCourses = (query: CourseListQuery, o: Signal = {}) => api.get('/admin/courses', { query: { ...query }, schema: courseListSchema, ...withSignal(o) });
export const saveCourse = (id: number | null, body: CourseInput) =>
  api.request(id === null ? '/admin/courses' : `/admin/courses/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: courseSchema, fieldNames: COURSE_FIELDS });
export const deleteCourse = (id: number) => api.request(`/admin/courses/${id}`, { method: 'DELETE' });

const authHeader = (): Record<string, string> => {
  const token = authStorage.currentToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** The sheets are behind the admin's token: fetched, then handed to the browser as a download. */
export const downloadSheet = (path: '/admin/courses/export' | '/admin/courses/template', query: CourseListQuery, fallbackName: string) =>
  downloadFile(path, { query: query as Record<string, string | number | undefined>, expect: 'spreadsheetml', fallbackName });

export type ImportAnswer = { kind: 'ok'; result: CourseImportResult; msg: string } | { kind: 'rows'; msg: string; errors: CourseImportError[] } | { kind: 'refused'; msg: string };

/** A multipart upload (the JSON client does not send forms); a 4003 with row errors is for the page to list. */
export async function importCourseSheet(file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  let body: { status?: unknown; msg?: unknown; data?: { errors?: CourseImportError[] } };
  try {
    const res = await fetch('/api/admin/courses/import', { method: 'POST', headers: authHeader(), body: form });
    body = (await res.json()) as typeof body;
  } catch {
    return { kind: 'refused', msg: MSG.NETWORK_ERROR };
  }
  const msg = typeof body.msg === 'string' ? body.msg : MSG.NETWORK_ERROR;
  if (body.status === 200) {
    const parsed = courseImportResultSchema.safeParse(body.data);
    return parsed.success ? { kind: 'ok', result: parsed.data, msg } : { kind: 'refused', msg: MSG.NETWORK_ERROR };
  }
  if (body.status === 4003 && Array.isArray(body.data?.errors)) return { kind: 'rows', msg, errors: body.data.errors };
  return { kind: 'refused', msg };
}
