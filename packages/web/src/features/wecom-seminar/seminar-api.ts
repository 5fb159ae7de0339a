/**
 * Requests of the information seminar pages (decision 099). A sign-up's own calls carry its secret key in the
 * x-seminar-key header, never in an address: the key lives in this browser only (seminar-storage.ts).
 */
import { SEMINAR_KEY_HEADER, seminarContactSchema, seminarListSchema, seminarSignupResultSchema, seminarSignupViewSchema, type SeminarSignupInput } from '@summit/domain/api/wecom-seminar';
import { api, createApiClient } from '../../lib/api-client.ts';
import { authStorage } from '../../lib/auth-storage.ts';
import { currentPathWithSearch, navigateTo } from '../../lib/navigation.ts';
import { toast } from '../../lib/notifier.ts';
import { currentPlat } from '../../lib/platform.ts';

export const SEMINAR_KEYS = {
  list: ['wecom-seminar', 'list'] as const,
  view: (code: string) => ['wecom-seminar', 'view', code] as const,
};

const sig = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The app's client, with the sign-up's key added to every request it sends. */
function keyed(key: string) {
  return createApiClient({
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), [SEMINAR_KEY_HEADER]: key } }),
    storage: authStorage,
    navigate: navigateTo,
    toast: (kind, text, options) => toast(kind, text, options),
    plat: currentPlat,
    currentPath: currentPathWithSearch,
    reload: () => window.location.reload(),
    back: () => window.history.back(),
    later: (fn, ms) => void setTimeout(fn, ms),
  });
}

export const fetchSeminars = (signal?: AbortSignal) => api.get('/wecom/seminars', { schema: seminarListSchema, ...sig(signal) });

export const signUpForSeminar = (body: SeminarSignupInput, fieldNames: readonly string[]) => api.post('/wecom/seminar/signups', body, { schema: seminarSignupResultSchema, fieldNames });

/** Quiet: the pages turn a failure into the error page's code themselves. */
export const divideSignup = (code: string, key: string) => keyed(key).post('/wecom/seminar/divide', { code }, { schema: seminarSignupViewSchema, quiet: true });

export const fetchSignup = (code: string, key: string, signal?: AbortSignal) => keyed(key).get(`/wecom/seminar/signups/${encodeURIComponent(code)}`, { schema: seminarSignupViewSchema, quiet: true, ...sig(signal) });

export const fetchContact = (code: string, key: string) => keyed(key).post(`/wecom/seminar/signups/${encodeURIComponent(code)}/contact`, {}, { schema: seminarContactSchema, quiet: true });
