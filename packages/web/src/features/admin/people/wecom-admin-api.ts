import { wecomStaffLinkListSchema, wecomStaffLinkSchema, wecomStudentIdentitySchema, type WecomStaffLink } from '@summit/domain/api/wecom';
import { api } from '../../../lib/api-client.ts';

/** Staff links and students' WeCom identities in the admin console (decision 098). */
export const WECOM_ADMIN_KEYS = {
  links: ['admin', 'staff', 'wecom-links'] as const,
  student: (id: number) => ['admin', 'students', id, 'wecom'] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchStaffLinks = (signal?: AbortSignal) => api.get('/admin/wecom/staff-links', { schema: wecomStaffLinkListSchema, ...sig(signal) });
export const linkStaffWecom = (accountId: number, wecomUserId: string): Promise<WecomStaffLink> =>
  api.request(`/admin/staff/${accountId}/wecom`, { method: 'PUT', body: { wecom_user_id: wecomUserId }, schema: wecomStaffLinkSchema, fieldNames: ['wecom_user_id'] });
export const unlinkStaffWecom = (accountId: number) => api.request(`/admin/staff/${accountId}/wecom`, { method: 'DELETE' });
export const fetchStudentWecom = (studentId: number, signal?: AbortSignal) => api.get(`/admin/students/${studentId}/wecom`, { schema: wecomStudentIdentitySchema, ...sig(signal) });
