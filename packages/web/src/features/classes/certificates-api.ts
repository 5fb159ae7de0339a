import { z } from 'zod';
import {
  certificateVerificationSchema,
  certificateViewSchema,
} from '@summit/domain/api/certificates';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

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

/** The PDF with the session's bearer token, saved under the course's name. */
export const downloadCertificatePdf = (id: number, courseTitle: string) =>
  downloadFile(`/student/certificates/${id}/pdf`, { expect: 'application/pdf', fallbackName: `结业证书-${courseTitle}.pdf`, fileName: `结业证书-${courseTitle}.pdf` });
