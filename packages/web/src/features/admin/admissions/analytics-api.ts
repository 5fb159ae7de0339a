import { funnelReportSchema, type FunnelGroup } from '@summit/domain/api/analytics';
import { api } from '../../../lib/api-client.ts';
import type { FunnelFilters } from './analytics-model.ts';
import { funnelQueryText } from './analytics-model.ts';

export const ANALYTICS_KEY = ['admin', 'analytics', 'funnel'] as const;

export const fetchFunnel = (filters: FunnelFilters, group: FunnelGroup, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('/admin/analytics/funnel', { query: { ...funnelQueryText(filters), group }, schema: funnelReportSchema, ...(signal ? { signal } : {}) });
