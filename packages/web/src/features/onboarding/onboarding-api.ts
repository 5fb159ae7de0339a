/** Requests of the onboarding pages (decisions 048–049). */
import { studentOfferingsSchema, studentReadingSchema, type StudentContentSlug } from '@summit/domain/api/onboarding';
import type { OfferingKind } from '@summit/domain/onboarding';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';

export const ONBOARDING_KEYS = {
  offerings: (kind: OfferingKind) => ['student', 'onboarding', kind] as const,
  reading: (slug: StudentContentSlug) => ['student', 'onboarding', 'reading', slug] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchOfferings = (kind: OfferingKind, signal?: AbortSignal) => api.get('/student/onboarding/offerings', { query: { kind }, schema: studentOfferingsSchema, ...sig(signal) });
export const signUp = (offeringId: number) => api.post('/student/onboarding/signup', { offering_id: offeringId }, { schema: studentOfferingsSchema });
export const cancelSignUp = (offeringId: number) => api.post('/student/onboarding/cancel', { offering_id: offeringId }, { schema: studentOfferingsSchema });
export const fetchReading = (slug: StudentContentSlug, signal?: AbortSignal) => api.get('/student/onboarding/reading', { query: { slug }, schema: studentReadingSchema, ...sig(signal) });

/** The .ics needs the bearer token, so it is fetched and handed to the browser as a blob (docs/api-contract.md download by blob). */
export const downloadIcs = (offeringId: number) =>
  downloadFile(`/student/onboarding/info-sessions/${offeringId}/ics`, { expect: 'text/calendar', fallbackName: `info-session-${offeringId}.ics`, fileName: `info-session-${offeringId}.ics` });
