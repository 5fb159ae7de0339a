import { activityHubSchema, activityJoinSchema, studentActivityCardSchema, teacherCeremonySchema, type ActivityKind, type CeremonyKind } from '@summit/domain/activities';
import { api } from '../../lib/api-client.ts';

export const ACTIVITY_KEYS = {
  all: ['activities'] as const,
  hub: ['activities', 'hub'] as const,
  card: (kind: ActivityKind, id: number | null) => ['activities', 'card', kind, id] as const,
  teacher: (kind: CeremonyKind) => ['activities', 'teacher', kind] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchHub = (signal?: AbortSignal) => api.get('/student/activities/hub', { schema: activityHubSchema, ...withSignal(signal) });
export const fetchCard = (kind: ActivityKind, id: number | null, signal?: AbortSignal) =>
  api.get(`/student/activities/card/${kind}`, { schema: studentActivityCardSchema, ...(id !== null ? { query: { id } } : {}), ...withSignal(signal) });
export const joinActivity = (id: number) => api.post(`/student/activities/${id}/join`, {}, { schema: activityJoinSchema });
export const fetchTeacherCeremony = (kind: CeremonyKind, signal?: AbortSignal) => api.get(`/teacher/ceremonies/${kind}`, { schema: teacherCeremonySchema, ...withSignal(signal) });
