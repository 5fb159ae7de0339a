import type { Db } from '../db/client.ts';
import { insertSchools } from '../modules/region/region.repo.ts';
import { SCHOOLS } from './schools-data.ts';

/** Adds the sample schools that are not there yet (same name and country); returns how many were added. */
export async function seedSchools(db: Db): Promise<number> {
  return insertSchools(db, SCHOOLS);
}
