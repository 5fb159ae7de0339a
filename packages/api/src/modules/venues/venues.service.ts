import { AppError, COURSE_MSG, type HouseRecord, type HouseUpdate, type Venue, type VenueInput } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { deleteVenueAudited, ensureHouses, getVenue, insertVenueAudited, listHouses, listVenues, updateHouseAudited, updateVenueAudited } from './venues.repo.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';

export { listVenues };

async function mustGetVenue(ctx: AppContext, id: number): Promise<Venue> {
  const venue = await getVenue(ctx.db, id);
  if (!venue) throw AppError.notFound(COURSE_MSG.VENUE_NOT_FOUND);
  return venue;
}

/** A place_name already taken is the admin's to fix: 4003 on the field, never a 500. */
async function uniquePlaceName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw AppError.param('place_name', COURSE_MSG.PLACE_NAME_TAKEN);
    throw error;
  }
}

export async function createVenue(ctx: AppContext, auth: AuthState, input: VenueInput): Promise<Venue> {
  const id = await uniquePlaceName(() => insertVenueAudited(ctx.db, input, auth.accountId, ctx.now()));
  return mustGetVenue(ctx, id);
}

export async function updateVenue(ctx: AppContext, auth: AuthState, id: number, input: VenueInput): Promise<Venue> {
  const found = await uniquePlaceName(() => updateVenueAudited(ctx.db, id, input, auth.accountId, ctx.now()));
  if (!found) throw AppError.notFound(COURSE_MSG.VENUE_NOT_FOUND);
  return mustGetVenue(ctx, id);
}

export async function deleteVenue(ctx: AppContext, auth: AuthState, id: number): Promise<void> {
  const outcome = await deleteVenueAudited(ctx.db, id, auth.accountId, ctx.now());
  if (outcome === 'missing') throw AppError.notFound(COURSE_MSG.VENUE_NOT_FOUND);
  if (outcome === 'in-use') throw AppError.message(COURSE_MSG.VENUE_IN_USE);
}

export async function getHouses(ctx: AppContext): Promise<HouseRecord[]> {
  await ensureHouses(ctx.db);
  return listHouses(ctx.db);
}

export async function updateHouse(ctx: AppContext, auth: AuthState, id: number, input: HouseUpdate): Promise<HouseRecord> {
  await ensureHouses(ctx.db);
  if (!(await updateHouseAudited(ctx.db, id, input, auth.accountId, ctx.now()))) throw AppError.notFound(COURSE_MSG.HOUSE_NOT_FOUND);
  const house = (await listHouses(ctx.db)).find((h) => h.id === id);
  if (!house) throw AppError.notFound(COURSE_MSG.HOUSE_NOT_FOUND);
  return house;
}
