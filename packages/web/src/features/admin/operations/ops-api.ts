/** Requests of the 学院杯 and 操作日志 tabs (decision 060), parsed with the domain's schemas. */
import { auditEntitiesSchema, auditPageSchema, type AuditQuery } from '@summit/domain/api/audit';
import { houseCupEntrySchema, houseCupLeaderboardSchema, houseCupLedgerSchema, type HouseCupEntryInput, type HouseCupLedgerQuery } from '@summit/domain/api/house-cup';
import { api } from '../../../lib/api-client.ts';

export const OPS_KEYS = {
  ledger: ['admin', 'house-cup', 'ledger'] as const,
  leaderboard: ['admin', 'house-cup', 'leaderboard'] as const,
  audit: ['admin', 'audit'] as const,
  auditEntities: ['admin', 'audit', 'entities'] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = ({ signal }: Signal) => (signal ? { signal } : {});

export const HOUSE_CUP_FIELDS = ['house_id', 'points', 'reason', 'venue_id'] as const;

export const fetchLedger = (query: HouseCupLedgerQuery, o: Signal = {}) => api.get('/admin/house-cup', { query: { ...query }, schema: houseCupLedgerSchema, ...withSignal(o) });
export const fetchLeaderboard = (o: Signal = {}) => api.get('/admin/house-cup/leaderboard', { schema: houseCupLeaderboardSchema, ...withSignal(o) });
export const giveHousePoints = (body: HouseCupEntryInput) => api.request('/admin/house-cup', { method: 'POST', body, schema: houseCupEntrySchema, fieldNames: HOUSE_CUP_FIELDS });
export const reverseHousePoints = (id: number, reason: string) => api.request(`/admin/house-cup/${id}`, { method: 'PUT', body: { reason }, schema: houseCupEntrySchema, fieldNames: ['reason'] });

export const fetchAudit = (query: AuditQuery, o: Signal = {}) => api.get('/admin/audit', { query: { ...query }, schema: auditPageSchema, ...withSignal(o) });
export const fetchAuditEntities = (o: Signal = {}) => api.get('/admin/audit/entities', { schema: auditEntitiesSchema, ...withSignal(o) });
