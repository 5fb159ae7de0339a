import { clockSchema } from '@summit/domain/api/common';
import { houseCupLeaderboardSchema, studentHouseCupSchema } from '@summit/domain/api/house-cup';
import { houseRulesSchema, myHouseSchema, rosterDetailSchema, rosterListSchema, sortingCeremonySchema, successCardStatusSchema, twelveHousesSchema } from '@summit/domain/api/placement';
import { MSG } from '@summit/domain/messages';
import { api } from '../../lib/api-client.ts';

export const PLACEMENT_KEYS = {
  card: ['student', 'success-card-status'] as const,
  house: ['student', 'house'] as const,
  ceremony: ['student', 'sorting-ceremony'] as const,
  twelve: ['houses'] as const,
  roster: (place: string | null) => ['roster', place ?? ''] as const,
  rules: (role: 'student' | 'teacher') => [role, 'house-rules'] as const,
  clock: ['clock'] as const,
  houseCup: ['house-cup'] as const,
  myHouseCup: ['student', 'house-cup'] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchCard = (signal?: AbortSignal) => api.get('/student/success-card-status', { schema: successCardStatusSchema, ...sig(signal) });
/** The reveal page shows 尚未公布house信息！ itself (no toast); docs/product/errors.md gates still go through the single handler. */
export const fetchMyHouse = (signal?: AbortSignal) => api.get('/student/house', { schema: myHouseSchema, quietMessages: [MSG.HOUSE_NOT_PUBLISHED], ...sig(signal) });
export const fetchCeremony = (signal?: AbortSignal) => api.get('/student/sorting-ceremony', { schema: sortingCeremonySchema, ...sig(signal) });
export const fetchTwelveHouses = (signal?: AbortSignal) => api.get('/houses', { schema: twelveHousesSchema, ...sig(signal) });
/** 学院杯 (decision 060): the public board, and the student's own house's standing and latest entries. */
export const fetchHouseCup = (signal?: AbortSignal) => api.get('/house-cup', { schema: houseCupLeaderboardSchema, ...sig(signal) });
export const fetchMyHouseCup = (signal?: AbortSignal) => api.get('/student/house-cup', { schema: studentHouseCupSchema, ...sig(signal) });
export const fetchRosterList = (signal?: AbortSignal) => api.get('/roster', { schema: rosterListSchema, ...sig(signal) });
export const fetchRosterDetail = (place: string, signal?: AbortSignal) => api.get(`/roster/${encodeURIComponent(place)}`, { schema: rosterDetailSchema, ...sig(signal) });
export const fetchHouseRules = (role: 'student' | 'teacher', signal?: AbortSignal) => api.get(`/${role}/house-rules`, { schema: houseRulesSchema, ...sig(signal) });
export const markSeen = (kind: 'venue' | 'house') => api.post('/student/placement/seen', { kind }, { schema: successCardStatusSchema, quiet: true });

/** Server time minus client time, from one /api/clock round trip (countdowns follow the server clock). */
export async function fetchClockOffset(): Promise<number> {
  const sentAt = Date.now();
  const { now } = await api.get('/clock', { schema: clockSchema, quiet: true });
  return Math.round(now - (sentAt + Date.now()) / 2);
}
