/** Requests of the onboarding pages (issue 17 items 2, 4, 5; decisions 048–049). */
import { studentOfferingsSchema, studentReadingSchema, type OfferingKind, type StudentContentSlug } from '@summit/domain';
import { api } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';

export const ONBOARDING_KEYS = {
  offerings: (kind: OfferingKind) => ['student', 'onboarding', kind] as const,
  reading: (slug: StudentContentSlug) => ['student', 'onboarding', 'reading', slug] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

export const fetchOfferings = (kind: OfferingKind, signal?: AbortSignal) => api.get('/student/onboarding/offerings', { query: { kind }, schema: studentOfferingsSchema, ...sig(signal) });
export const signUp = (offeringId: number) => api.post('/student/onboarding/signup', { offering_id: offeringId }, { schema: studentOfferingsSchema });
export const cancelSignUp = (offeringId: number) => api.post('/student/onboarding/cancel', { offering_id: offeringId }, { schema: studentOfferingsSchema });
export const fetchReading = (slug: StudentContentSlug, signal?: AbortSignal) => api.get('/student/onboarding/reading', { query: { slug }, schema: studentReadingSchema, ...sig(signal) });

/** The .ics needs the bearer token, so it is fetched and handed to the browser as a blob (spec §7 download by blob). */
export async function downloadIcs(offeringId: number): Promise<void> {
  const path = `/student/onboarding/info-sessions/${offeringId}/ics`;
  const token = authStorage.currentToken();
  const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/calendar')) {
    // The envelope (401, 403-10, not signed up) goes through the client's one handler for its toast.
    await api.get(path);
    throw new Error('ics unavailable');
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `info-session-${offeringId}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
