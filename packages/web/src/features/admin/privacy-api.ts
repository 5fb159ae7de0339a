/** Requests of the student privacy panel (decision 064), parsed with the domain's schemas. */
import { idNumberRevealSchema, privacyEraseResultSchema, studentPrivacySchema } from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';

export const PRIVACY_KEYS = { student: (userId: number) => ['admin', 'student-privacy', userId] as const };

export const fetchStudentPrivacy = (userId: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/admin/students/${userId}/privacy`, { schema: studentPrivacySchema, ...(signal ? { signal } : {}) });

export const revealIdNumber = (userId: number) => api.post(`/admin/students/${userId}/id-number/reveal`, {}, { schema: idNumberRevealSchema });

export const eraseStudentData = (userId: number, confirmPhone: string) =>
  api.post(`/admin/students/${userId}/erase`, { confirm_phone: confirmPhone }, { schema: privacyEraseResultSchema, fieldNames: ['confirm_phone'] });

/** The export is behind the admin's token: fetched, then handed to the browser as a download. */
export async function downloadStudentData(userId: number, format: 'json' | 'xlsx'): Promise<void> {
  const path = `/admin/students/${userId}/data-export`;
  const token = authStorage.currentToken();
  const res = await fetch(`/api${path}?format=${format}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || (format === 'xlsx' ? !type.includes('spreadsheetml') : !type.includes('json'))) {
    // Let the api client show the envelope's message (expired login, no permission…).
    await api.get(path, { query: { format } });
    throw new Error('export unavailable');
  }
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : `学生个人数据-${userId}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
