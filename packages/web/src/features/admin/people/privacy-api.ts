/** Requests of the student privacy panel (decision 064), parsed with the domain's schemas. */
import { idNumberRevealSchema, privacyEraseResultSchema, studentPrivacySchema } from '@summit/domain/api/privacy';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';

export const PRIVACY_KEYS = { student: (userId: number) => ['admin', 'student-privacy', userId] as const };

export const fetchStudentPrivacy = (userId: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/admin/students/${userId}/privacy`, { schema: studentPrivacySchema, ...(signal ? { signal } : {}) });

export const revealIdNumber = (userId: number) => api.post(`/admin/students/${userId}/id-number/reveal`, {}, { schema: idNumberRevealSchema });

export const eraseStudentData = (userId: number, confirmPhone: string) =>
  api.post(`/admin/students/${userId}/erase`, { confirm_phone: confirmPhone }, { schema: privacyEraseResultSchema, fieldNames: ['confirm_phone'] });

/** The export is behind the admin's token: fetched, then handed to the browser as a download. */
export const downloadStudentData = (userId: number, format: 'json' | 'xlsx') =>
  downloadFile(`/admin/students/${userId}/data-export`, { query: { format }, expect: format === 'xlsx' ? 'spreadsheetml' : 'json', fallbackName: `学生个人数据-${userId}.${format}` });
