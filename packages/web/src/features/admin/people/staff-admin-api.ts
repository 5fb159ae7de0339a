import { staffListSchema, staffSavedSchema, type StaffCreateRequest, type StaffListQuery, type StaffUpdateRequest } from '@summit/domain/api/staff';
import { api } from '../../../lib/api-client.ts';

/** The 员工账号 tab (decision 063). */
export const STAFF_ADMIN_KEYS = {
  all: ['admin', 'staff'] as const,
  list: (q: StaffListQuery) => ['admin', 'staff', q] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});
const FIELDS = ['kind', 'phone', 'name', 'type', 'is_admin', 'school_id', 'disabled'] as const;

export const fetchStaff = (q: StaffListQuery, signal?: AbortSignal) => api.get('/admin/staff', { query: { ...q }, schema: staffListSchema, ...sig(signal) });
export const createStaff = (body: StaffCreateRequest) => api.post('/admin/staff', body, { schema: staffSavedSchema, fieldNames: FIELDS });
export const updateStaff = (id: number, body: StaffUpdateRequest) => api.request(`/admin/staff/${id}`, { method: 'PUT', body, schema: staffSavedSchema, fieldNames: FIELDS });
