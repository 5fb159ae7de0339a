/** Requests of the 其他项目 tab (decision 075), parsed with the domain's schemas (api/programmes.ts). */
import { z } from 'zod';
import { adminProgrammeApplicationSchema, adminProgrammeApplicationRowSchema, adminProgrammeRowSchema, adminProgrammeSchema, adminDecisionSchema, type AdminProgrammeApplicationsQuery, type ProgrammeCreateRequest, type ProgrammeDecisionRequest, type VisaReviewRequest } from '@summit/domain/api/programmes';
import type { ProgrammeDefinition } from '@summit/domain/programmes';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const PROGRAMME_KEYS = {
  list: ['admin', 'programmes'] as const,
  one: (code: string) => ['admin', 'programmes', 'one', code] as const,
  applications: (code: string) => ['admin', 'programmes', 'applications', code] as const,
  application: (code: string, id: number) => ['admin', 'programmes', 'application', code, id] as const,
};

type Signal = { signal?: AbortSignal };
const withSignal = ({ signal }: Signal) => (signal ? { signal } : {});

const applicationListSchema = z.object({ items: z.array(adminProgrammeApplicationRowSchema), total: z.number().int() });
const releasedSchema = z.object({ released: z.number().int() });
const passportNumberSchema = z.object({ number: z.string() });

/** After a decision, a release or a visa review: the list counts, the applications and every open detail. */
export function refreshProgrammeApplications(queryClient: QueryClient, code: string) {
  for (const queryKey of [PROGRAMME_KEYS.list, PROGRAMME_KEYS.applications(code), ['admin', 'programmes', 'application', code]]) void queryClient.invalidateQueries({ queryKey });
}

const base = (code: string) => `/admin/programmes/${encodeURIComponent(code)}`;

export const fetchProgrammes = (opts: Signal = {}) => api.get('/admin/programmes', { schema: z.array(adminProgrammeRowSchema), ...withSignal(opts) });

export const fetchProgramme = (code: string, opts: Signal = {}) => api.get(base(code), { schema: adminProgrammeSchema, ...withSignal(opts) });

/** 4003s naming the code are shown under the code field; the rest (a nested definition field) as a message. */
export const createProgramme = (body: ProgrammeCreateRequest) => api.post('/admin/programmes', body, { schema: adminProgrammeSchema, fieldNames: ['code'] });

export const updateProgramme = (code: string, definition: ProgrammeDefinition) =>
  api.request(base(code), { method: 'PUT', body: { definition }, schema: adminProgrammeSchema });

export const fetchProgrammeApplications = (code: string, query: AdminProgrammeApplicationsQuery, opts: Signal = {}) =>
  api.get(`${base(code)}/applications`, { query: { ...query }, schema: applicationListSchema, ...withSignal(opts) });

export const fetchProgrammeApplication = (code: string, id: number, opts: Signal = {}) =>
  api.get(`${base(code)}/applications/${id}`, { schema: adminProgrammeApplicationSchema, ...withSignal(opts) });

export const saveProgrammeDecision = (code: string, id: number, body: ProgrammeDecisionRequest) =>
  api.request(`${base(code)}/applications/${id}/decision`, { method: 'PUT', body, schema: adminDecisionSchema, fieldNames: ['decision', 'offer_type', 'note'] });

/** 撤回结果: a released result back to a draft; the student is told (decision 090). */
export const withdrawProgrammeDecision = (code: string, id: number) => api.post(`${base(code)}/applications/${id}/decision/withdraw`, {}, { schema: adminDecisionSchema });

export const deleteProgrammeDecision = (code: string, id: number) => api.request(`${base(code)}/applications/${id}/decision`, { method: 'DELETE' });

export const releaseProgrammeDecisions = (code: string, ids: number[]) => api.post(`${base(code)}/release`, { ids }, { schema: releasedSchema });

export const reviewProgrammeVisa = (code: string, id: number, body: VisaReviewRequest) =>
  api.request(`${base(code)}/applications/${id}/visa`, { method: 'PUT', body, fieldNames: ['status', 'note'] });

/** The full passport number (students.reveal_id; the server records the reveal in the audit log). */
export const revealProgrammePassport = (code: string, id: number) => api.get(`${base(code)}/applications/${id}/passport`, { schema: passportNumberSchema });
