import { z } from 'zod';
import { adminActivityListSchema, adminActivitySchema, activityAttendanceSchema, type ActivityInput, type ActivityKind } from '@summit/domain/activities';
import { api } from '../../../lib/api-client.ts';

type Signal = { signal?: AbortSignal };
const withSignal = (o: Signal) => (o.signal ? { signal: o.signal } : {});

export const ACTIVITY_ADMIN_KEYS = {
  all: ['admin', 'activities'] as const,
  list: (kind: ActivityKind | null) => ['admin', 'activities', 'list', kind] as const,
  options: ['admin', 'activities', 'options'] as const,
  attendance: (id: number) => ['admin', 'activities', 'attendance', id] as const,
};

export const ACTIVITY_FIELDS = ['kind', 'title', 'content', 'opens_at', 'closes_at', 'audience', 'cta_label', 'cta_url', 'live_url', 'replay_url', 'agenda'] as const;
const optionsSchema = z.object({ teachers: z.array(z.object({ id: z.number().int(), name: z.string() })) });

export const fetchActivities = (kind: ActivityKind | null, o: Signal = {}) => api.get('/admin/activities', { query: kind ? { kind } : {}, schema: adminActivityListSchema, ...withSignal(o) });
export const fetchActivityOptions = (o: Signal = {}) => api.get('/admin/activities/options', { schema: optionsSchema, ...withSignal(o) });
export const saveActivity = (id: number | null, body: ActivityInput) =>
  id === null
    ? api.post('/admin/activities', body, { schema: adminActivitySchema, fieldNames: ACTIVITY_FIELDS })
    : api.request(`/admin/activities/${id}`, { method: 'PUT', body, schema: adminActivitySchema, fieldNames: ACTIVITY_FIELDS });
export const publishActivity = (id: number, published: boolean) => api.request(`/admin/activities/${id}/publish`, { method: 'PUT', body: { published }, schema: adminActivitySchema });
export const fetchAttendance = (id: number, o: Signal = {}) => api.get(`/admin/activities/${id}/attendance`, { schema: activityAttendanceSchema, ...withSignal(o) });
