import { regionItemSchema, schoolItemSchema, type RegionItem, type SchoolItem } from '@summit/domain/api/region';
import { api } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';

// Region lists change only with a data release, so they are cached for the whole visit and shared by
// every widget (country select, area cascader, school search).

const regionListSchema = regionItemSchema.array();
const schoolListSchema = schoolItemSchema.array();

export type RegionLevel = 'states' | 'cities' | 'zones';

const PARENT_PARAM: Record<RegionLevel, string> = { states: 'country_id', cities: 'state_id', zones: 'city_id' };

// Query options (key + raw fetcher) so hooks use useQuery(x) and imperative code fetchQuery(x) on the same
// cache entry. A queryFn must never call fetchQuery on its own key: it would wait for itself.

export function countriesQuery() {
  return {
    queryKey: ['region', 'countries'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<RegionItem[]> =>
      api.get('/region/countries', { schema: regionListSchema, signal }),
    staleTime: Infinity,
  };
}

export function regionChildrenQuery(level: RegionLevel, parentId: number) {
  return {
    queryKey: ['region', level, parentId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<RegionItem[]> =>
      api.get(`/region/${level}`, { query: { [PARENT_PARAM[level]]: parentId }, schema: regionListSchema, signal }),
    staleTime: Infinity,
  };
}

export function fetchRegionChildren(level: RegionLevel, parentId: number): Promise<RegionItem[]> {
  return queryClient.fetchQuery(regionChildrenQuery(level, parentId));
}

export interface SchoolFilter {
  country_id?: number | null;
  state_id?: number | null;
  city_id?: number | null;
  /** 1 中学, 2 大学 (domain SCHOOL_TYPES); absent searches both. */
  type?: number | null;
  name?: string;
}

export function searchSchools(filter: SchoolFilter, signal?: AbortSignal): Promise<SchoolItem[]> {
  return api.get('/region/schools', {
    query: {
      country_id: filter.country_id,
      state_id: filter.state_id,
      city_id: filter.city_id,
      type: filter.type,
      name: filter.name?.trim(),
    },
    schema: schoolListSchema,
    ...(signal ? { signal } : {}),
  });
}
