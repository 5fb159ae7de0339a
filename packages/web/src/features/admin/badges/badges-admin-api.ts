import { z } from 'zod';
import { adminBadgeAwardSchema, adminBadgeSchema, adminHonourSchema, studentLookupRowSchema, type BadgeInput, type BadgeManualAward, type HonourInput } from '@summit/domain/badges';
import { api } from '../../../lib/api-client.ts';

/** The console's badges and honour roll section (decision 104). */
export const BADGE_KEYS = {
  admin: ['admin', 'badges'] as const,
  adminBadges: ['admin', 'badges', 'list'] as const,
  adminAwards: (badgeId: number | undefined) => ['admin', 'badges', 'awards', badgeId ?? 'all'] as const,
  adminHonours: ['admin', 'badges', 'honours'] as const,
  students: (q: string) => ['admin', 'badges', 'students', q] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = (o: Signal) => (o.signal ? { signal: o.signal } : {});

export const BADGE_FIELDS = ['name', 'description', 'criteria_text', 'criterion', 'emblem', 'colour'] as const;
export const HONOUR_FIELDS = ['title', 'citation', 'honouree_name', 'account_id'] as const;

export const fetchAdminBadges = (o: Signal = {}) => api.get('/admin/badges', { schema: z.array(adminBadgeSchema), ...withSignal(o) });
export const createBadge = (body: BadgeInput) => api.request('/admin/badges', { method: 'POST', body, schema: adminBadgeSchema, fieldNames: BADGE_FIELDS });
export const updateBadge = (id: number, body: BadgeInput) => api.request(`/admin/badges/${id}`, { method: 'PUT', body, schema: adminBadgeSchema, fieldNames: BADGE_FIELDS });
export const fetchAdminAwards = (badgeId: number | undefined, o: Signal = {}) =>
  api.get('/admin/badge-awards', { query: { badge_id: badgeId }, schema: z.array(adminBadgeAwardSchema), ...withSignal(o) });
export const grantBadge = (badgeId: number, body: BadgeManualAward) => api.request(`/admin/badges/${badgeId}/awards`, { method: 'POST', body, schema: adminBadgeAwardSchema, fieldNames: ['account_id', 'note'] });
export const revokeAward = (awardId: number, reason: string) => api.request(`/admin/badge-awards/${awardId}/revoke`, { method: 'POST', body: { reason }, schema: adminBadgeAwardSchema, fieldNames: ['reason'] });
export const findStudents = (q: string, o: Signal = {}) => api.get('/admin/badges/students', { query: { q }, schema: z.array(studentLookupRowSchema), ...withSignal(o) });
export const fetchAdminHonours = (o: Signal = {}) => api.get('/admin/honours', { schema: z.array(adminHonourSchema), ...withSignal(o) });
export const createHonour = (body: HonourInput) => api.request('/admin/honours', { method: 'POST', body, schema: adminHonourSchema, fieldNames: HONOUR_FIELDS });
export const updateHonour = (id: number, body: HonourInput) => api.request(`/admin/honours/${id}`, { method: 'PUT', body, schema: adminHonourSchema, fieldNames: HONOUR_FIELDS });
export const deleteHonour = (id: number) => api.request(`/admin/honours/${id}`, { method: 'DELETE' });
