import { z } from 'zod';
import {
  certificateVerificationSchema,
  certificateViewSchema,
} from '@summit/domain/api/certificates';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';

export const CERT_KEYS = {
  mine: ['certificates', 'mine'] as const,
  one: (id: number) => ['certificates', 'one', id] as const,
  verify: (token: string) => ['certificates', 'verify', token] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchMyCertificates = (signal?: AbortSignal) => api.get('/student/certificates', { schema: z.array(certificateViewSchema), ...withSignal(signal) });
export const fetchMyCertificate = (id: number, signal?: AbortSignal) => api.get(`/student/certificates/${id}`, { schema: certificateViewSchema, ...withSignal(signal) });
export const fetchCertificateVerification = (token: string, signal?: AbortSignal) =>
  api.get(`/certificate/verify/${encodeURIComponent(token)}`, { schema: certificateVerificationSchema, quiet: true, ...withSignal(signal) });

/** Fetches the PDF with the session's bearer token and saves it (the envelope of an error goes through the client). */
export async function downloadCertificatePdf(id: number, courseTitle: string): Promise<void> {
  const token = authStorage.currentToken();
  const res = await fetch(`/api/student/certificates/${id}/pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    await api.get(`/student/certificates/${id}/pdf`);
    throw new Error('certificate PDF unavailable');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `结业证书-${courseTitle}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
