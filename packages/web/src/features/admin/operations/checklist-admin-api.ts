import { checklistItemListSchema, checklistItemSchema, checklistMessageResultSchema, checklistProgressSchema, type ChecklistItemInput } from '@summit/domain/checklist';
import { adminHealthRecordSchema, adminOnboardingFormsSchema, staffPermissionListSchema } from '@summit/domain/onboarding-forms';
import { api } from '../../../lib/api-client.ts';

/** The admin's 入学清单 (decision 046) and the health-data permission (decision 047). */
export const CHECKLIST_ADMIN_KEYS = {
  items: ['admin', 'checklist', 'items'] as const,
  progress: (f: object) => ['admin', 'checklist', 'progress', f] as const,
  permissions: ['admin', 'staff-permissions'] as const,
};

export interface ProgressFilter {
  behind?: '1';
  item_id?: number;
  q?: string;
}

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});
const queryOf = (f: ProgressFilter) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));

export const fetchItems = (signal?: AbortSignal) => api.get('/admin/checklist/items', { schema: checklistItemListSchema, ...sig(signal) });
export const fetchProgress = (f: ProgressFilter, signal?: AbortSignal) => api.get('/admin/checklist/progress', { query: queryOf(f), schema: checklistProgressSchema, ...sig(signal) });
export const saveItem = (id: number | null, body: Omit<ChecklistItemInput, 'description' | 'target_path' | 'track' | 'batch' | 'sort'> & Partial<ChecklistItemInput>) =>
  id === null
    ? api.post('/admin/checklist/items', body, { schema: checklistItemSchema, fieldNames: ['key', 'title', 'target_path', 'due_at', 'track', 'batch', 'kind'] })
    : api.request(`/admin/checklist/items/${id}`, { method: 'PUT', body, schema: checklistItemSchema, fieldNames: ['key', 'title', 'target_path', 'due_at', 'track', 'batch', 'kind'] });
export const deleteItem = (id: number) => api.request(`/admin/checklist/items/${id}`, { method: 'DELETE' });
export const waive = (body: { student_id: number; item_id: number; waived: boolean }) => api.post('/admin/checklist/waive', body);
export const messageStudents = (body: { student_ids: number[]; title: string; body: string }) => api.post('/admin/checklist/message', body, { schema: checklistMessageResultSchema });
export const fetchPermissions = (signal?: AbortSignal) => api.get('/admin/staff-permissions', { schema: staffPermissionListSchema, ...sig(signal) });
export const setHealthRead = (accountId: number, on: boolean) =>
  api.request(`/admin/staff-permissions/${accountId}`, { method: 'PUT', body: { health_read: on }, schema: staffPermissionListSchema });
export const fetchForms = (studentId: number) => api.get(`/admin/onboarding/students/${studentId}/forms`, { schema: adminOnboardingFormsSchema });
export const fetchHealth = (studentId: number) => api.get(`/admin/onboarding/students/${studentId}/health`, { schema: adminHealthRecordSchema });


export const progressQuery = queryOf;
