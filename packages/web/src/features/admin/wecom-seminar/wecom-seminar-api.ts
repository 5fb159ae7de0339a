/** Requests of the console's 说明会顾问 section (decision 099). */
import { adminSeminarListSchema, adminSeminarSchema, adminSeminarSignupPageSchema, counsellorListSchema, counsellorSchema, type CounsellorInput, type SeminarInput, type SeminarSignupQuery } from '@summit/domain/api/wecom-seminar';
import { api } from '../../../lib/api-client.ts';

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const WS_KEYS = {
  all: ['admin', 'wecom-seminar'] as const,
  counsellors: ['admin', 'wecom-seminar', 'counsellors'] as const,
  seminars: ['admin', 'wecom-seminar', 'seminars'] as const,
  signups: (q: object) => ['admin', 'wecom-seminar', 'signups', q] as const,
};

export const fetchCounsellors = (signal?: AbortSignal) => api.get('/admin/wecom-seminar/counsellors', { schema: counsellorListSchema, ...sig(signal) });
export const saveCounsellor = (id: number | null, body: CounsellorInput, fieldNames: readonly string[]) =>
  id === null
    ? api.post('/admin/wecom-seminar/counsellors', body, { schema: counsellorSchema, fieldNames })
    : api.request(`/admin/wecom-seminar/counsellors/${id}`, { method: 'PUT', body, schema: counsellorSchema, fieldNames });
export const fetchAdminSeminars = (signal?: AbortSignal) => api.get('/admin/wecom-seminar/seminars', { schema: adminSeminarListSchema, ...sig(signal) });
export const saveSeminar = (id: number | null, body: SeminarInput, fieldNames: readonly string[]) =>
  id === null
    ? api.post('/admin/wecom-seminar/seminars', body, { schema: adminSeminarSchema, fieldNames })
    : api.request(`/admin/wecom-seminar/seminars/${id}`, { method: 'PUT', body, schema: adminSeminarSchema, fieldNames });
export const fetchSeminarSignups = (query: SeminarSignupQuery, signal?: AbortSignal) =>
  api.get('/admin/wecom-seminar/signups', { query: query as Record<string, string | number | undefined>, schema: adminSeminarSignupPageSchema, ...sig(signal) });
