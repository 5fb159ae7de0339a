import { sessionListSchema, sessionsRevokedSchema, type PasswordChangeRequest } from '@summit/domain/sessions';
import { api } from '../../lib/api-client.ts';

export const SESSIONS_KEY = ['auth', 'sessions'] as const;

export const fetchSessions = (signal?: AbortSignal) => api.get('/auth/sessions', { schema: sessionListSchema, ...(signal ? { signal } : {}) });

export const endSession = (id: number) => api.post(`/auth/sessions/${id}/revoke`);

export const endOtherSessions = () => api.post('/auth/sessions/revoke-others', {}, { schema: sessionsRevokedSchema });

/** Field errors (4003) are shown under the field by the form. */
export const changePassword = (body: PasswordChangeRequest) => api.post('/auth/password', body, { fieldNames: ['password', 'new_password'] });
