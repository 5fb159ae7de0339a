import { SCHOOL_SEARCH_LIMIT, type AreaCodeItem, type RegionItem, type SchoolItem } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { listAreaCodes } from './area-codes.ts';
import { CHINA_ID, regionCatalog, type RegionNode } from './region-catalog.ts';
import { searchSchools, type SchoolFilter } from './region.repo.ts';

const toItem = (n: RegionNode): RegionItem => ({ id: n.id, name: n.name, aliases: n.aliases });

export function listCountries(): RegionItem[] {
  return regionCatalog().countries.map(toItem);
}

/** An unknown parent answers an empty list, like a country without states: the picker just shows nothing. */
export function listStates(countryId: number): RegionItem[] {
  return (regionCatalog().countryById.get(countryId)?.children ?? []).map(toItem);
}

export function listCities(stateId: number): RegionItem[] {
  return (regionCatalog().stateById.get(stateId)?.children ?? []).map(toItem);
}

export function listZones(cityId: number): RegionItem[] {
  return (regionCatalog().cityById.get(cityId)?.children ?? []).map(toItem);
}

export function getAreaCodes(): AreaCodeItem[] {
  return listAreaCodes();
}

export interface RegionRef {
  countryId: number;
  stateId?: number | null | undefined;
  cityId?: number | null | undefined;
  zoneId?: number | null | undefined;
}

const childOf = (parent: RegionNode, id: number) => parent.children.find((c) => c.id === id);

/**
 * True when the country exists and each given id is a child of the one before. Missing ids are allowed
 * only at the tail (state, city, zone in that order); China needs at least a state; a country without
 * states takes none.
 */
export function regionExists(ref: RegionRef): boolean {
  const country = regionCatalog().countryById.get(ref.countryId);
  if (!country) return false;
  const path = [ref.stateId ?? null, ref.cityId ?? null, ref.zoneId ?? null];
  const given = path.findIndex((id) => id === null);
  const depth = given === -1 ? path.length : given;
  if (path.slice(depth).some((id) => id !== null)) return false;
  if (ref.countryId === CHINA_ID && depth === 0) return false;
  let parent = country;
  for (const id of path.slice(0, depth)) {
    const child = childOf(parent, id as number);
    if (!child) return false;
    parent = child;
  }
  return true;
}

export async function findSchools(ctx: AppContext, filter: SchoolFilter): Promise<SchoolItem[]> {
  const rows = await searchSchools(ctx.db, filter, SCHOOL_SEARCH_LIMIT);
  return rows.map((s) => ({ id: s.id, name: s.name, country_id: s.countryId, state_id: s.stateId, city_id: s.cityId, type: s.type }));
}
