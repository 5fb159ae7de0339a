import { useQuery } from '@tanstack/react-query';
import { parentLinkSchema, paymentOrderSchema } from '@summit/domain/api/payments';
import { passportStateSchema, programmePageSchema, programmePortalSchema, programmeWeekViewSchema, visaStateSchema, type PassportRequest, type ProgrammePaymentRequest, type VisaRequest } from '@summit/domain/api/programme-portal';
import { api } from '../../lib/api-client.ts';
import type { PayOption } from '../../components/payment/pay-channels.ts';
import { payBody } from '../../components/payment/payment-api.ts';

/**
 * The after-offer portal of a programme (decision 075): TanStack Query hooks over the endpoints of
 * domain api/programme-portal.ts. Every page reads the portal first: it carries the docs/product/users-and-roles.md gates, so a page shows
 * its locked state without asking a gated endpoint.
 */

const base = (code: string) => `/student/programmes/${encodeURIComponent(code)}`;


export const PORTAL_KEYS = {
  portal: (code: string) => ['programmes', code, 'portal'] as const,
  week: (code: string, week: number) => ['programmes', code, 'week', week] as const,
  page: (code: string, page: string) => ['programmes', code, 'page', page] as const,
  passport: (code: string) => ['programmes', code, 'passport'] as const,
  visa: (code: string) => ['programmes', code, 'visa'] as const,
};

export const fetchPortal = (code: string, signal?: AbortSignal) => api.get(`${base(code)}/portal`, { schema: programmePortalSchema, ...(signal ? { signal } : {}) });

export const chooseDuration = (code: string, durationKey: string) =>
  api.request(`${base(code)}/duration`, { method: 'PUT', body: { duration_key: durationKey } });

export const createProgrammePayment = (code: string, kind: ProgrammePaymentRequest['kind'], option: PayOption) =>
  api.post(`${base(code)}/payment`, { kind, ...payBody(option) }, { schema: paymentOrderSchema, fieldNames: ['wx_payer'] });

export const createProgrammeParentLink = (code: string) => api.post(`${base(code)}/parent-link`, {}, { schema: parentLinkSchema });

export const fetchWeek = (code: string, week: number) => api.get(`${base(code)}/weeks/${week}`, { schema: programmeWeekViewSchema });
export const fetchProgrammePage = (code: string, page: 'intro' | 'course' | 'announcement') =>
  api.get(`${base(code)}/pages/${page}`, { schema: programmePageSchema });

export const fetchPassport = (code: string) => api.get(`${base(code)}/passport`, { schema: passportStateSchema });
export const savePassport = (code: string, body: PassportRequest) =>
  api.request(`${base(code)}/passport`, { method: 'PUT', body, fieldNames: ['number', 'name', 'expires_on', 'scan'] });

export const fetchVisa = (code: string) => api.get(`${base(code)}/visa`, { schema: visaStateSchema });
export const saveVisa = (code: string, body: VisaRequest) =>
  api.request(`${base(code)}/visa`, { method: 'PUT', body, fieldNames: ['files', 'note'] });

export function usePortal(code: string) {
  return useQuery({ queryKey: PORTAL_KEYS.portal(code), queryFn: ({ signal }) => fetchPortal(code, signal), retry: false });
}
