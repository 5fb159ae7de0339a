/** Requests of the admin pages, parsed with the domain's schemas (docs/api-contract.md "Admin admissions"). */
import { adminAidItemSchema, adminAidListSchema, adminApplicationDetailSchema, adminApplicationListSchema, admissionDecisionSchema, releaseResultSchema, type AdminApplicationListQuery, type AidDecideRequest, type DecisionSaveRequest, type FinancialAidStatus } from '@summit/domain/api/admissions';
import { deadlinesSchema, type DeadlineItem } from '@summit/domain/api/application';
import { feeSettingsSchema } from '@summit/domain/api/payments';
import { teacherInfoSchema } from '@summit/domain/api/profile';
import { regionItemSchema } from '@summit/domain/api/region';
import { feePlanSchema, type FeePlanUpdateRequest } from '@summit/domain/fee-plan';
import { sessionsRevokedSchema } from '@summit/domain/sessions';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export const ADMIN_KEYS = {
  teacher: ['admin', 'teacher-info'] as const,
  applications: ['admin', 'applications'] as const,
  application: (id: number) => ['admin', 'application', id] as const,
  aid: ['admin', 'financial-aid'] as const,
  fees: ['admin', 'settings', 'fees'] as const,
  feePlan: ['admin', 'settings', 'fee-plan'] as const,
  deadlines: ['admin', 'settings', 'deadlines'] as const,
  provinces: ['admin', 'provinces'] as const,
};

type Signal = { signal?: AbortSignal };

/** After a decision or aid write: the list, every open detail and the aid table are stale (not settings or regions). */
export function refreshAdmissions(queryClient: QueryClient) {
  for (const queryKey of [ADMIN_KEYS.applications, ['admin', 'application'], ADMIN_KEYS.aid]) void queryClient.invalidateQueries({ queryKey });
}

export const fetchTeacherInfo = ({ signal }: Signal = {}) => api.get('/teacher/info', { schema: teacherInfoSchema, ...(signal ? { signal } : {}) });

export const fetchProvinces = ({ signal }: Signal = {}) =>
  api.get('/region/states', { query: { country_id: 1 }, schema: regionItemSchema.array(), ...(signal ? { signal } : {}) });

export const fetchApplications = (query: AdminApplicationListQuery, { signal }: Signal = {}) =>
  api.get('/admin/applications', { query: { ...query }, schema: adminApplicationListSchema, ...(signal ? { signal } : {}) });

export const fetchApplication = (id: number, { signal }: Signal = {}) =>
  api.get(`/admin/applications/${id}`, { schema: adminApplicationDetailSchema, ...(signal ? { signal } : {}) });

export const saveDecision = (id: number, body: DecisionSaveRequest) =>
  api.request(`/admin/applications/${id}/decision`, { method: 'PUT', body, schema: admissionDecisionSchema, fieldNames: ['place_name', 'professional_track', 'note'] });

export const deleteDecision = (id: number) => api.request(`/admin/applications/${id}/decision`, { method: 'DELETE' });

export const withdrawDecision = (id: number) => api.post(`/admin/applications/${id}/decision/withdraw`, {}, { schema: admissionDecisionSchema });

/** Ends every signed-in device of the account (lost phone, shared computer); audited (decision 037). */
export const endAccountSessions = (userId: number) => api.post(`/admin/accounts/${userId}/sessions/revoke`, {}, { schema: sessionsRevokedSchema });

export const releaseDecisions = (userIds: number[]) => api.post('/admin/applications/release', { user_ids: userIds }, { schema: releaseResultSchema });

export const fetchAid = (status: FinancialAidStatus | undefined, page: number, { signal }: Signal = {}) =>
  api.get('/admin/financial-aid', { query: { status, page, page_size: 20 }, schema: adminAidListSchema, ...(signal ? { signal } : {}) });

export const decideAid = (id: number, body: AidDecideRequest) =>
  api.request(`/admin/financial-aid/${id}`, { method: 'PUT', body, schema: adminAidItemSchema });

export const fetchFees = ({ signal }: Signal = {}) => api.get('/admin/settings/fees', { schema: feeSettingsSchema, ...(signal ? { signal } : {}) });

export const saveFees = (body: { apply_fen: number; tuition_fen: number }) =>
  api.request('/admin/settings/fees', { method: 'PUT', body, schema: feeSettingsSchema });

export const fetchFeePlan = ({ signal }: Signal = {}) => api.get('/admin/settings/fee-plan', { schema: feePlanSchema, ...(signal ? { signal } : {}) });

export const saveFeePlan = (body: FeePlanUpdateRequest) => api.request('/admin/settings/fee-plan', { method: 'PUT', body, schema: feePlanSchema });

export const fetchDeadlines = ({ signal }: Signal = {}) => api.get('/admin/settings/deadlines', { schema: deadlinesSchema, ...(signal ? { signal } : {}) });

export const saveDeadlines = (items: DeadlineItem[]) =>
  api.request('/admin/settings/deadlines', { method: 'PUT', body: { items }, schema: deadlinesSchema });

/** An .xlsx behind the admin's token, handed to the browser as a download. */
export const downloadXlsx = (path: string, query: Record<string, string>, fallbackName: string) => downloadFile(path, { query, expect: 'spreadsheetml', fallbackName });
