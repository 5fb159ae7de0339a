/**
 * House sorting (decisions 039–045): a venue's students dealt into houses so that house sizes differ by at most one, and,
 * where the data exists, each group (gender, school) is spread as evenly as the sizes allow. Deterministic from a
 * stored seed so a run can be reproduced and audited: the same seed and the same students give the same houses.
 */

import { seededRandom, shuffled } from './seeded-random.ts';

export interface SortingStudent {
  id: number;
  /** Optional balancing keys; students with the same key are spread across houses. */
  gender?: string | null;
  school?: string | null;
}

export interface HousePlacement {
  studentId: number;
  houseId: number;
}

/**
 * Deals students into houses. Students are put in a canonical order (by id) first so the result depends only on
 * the set of students and the seed, not on how the database returned them. Within a group (gender, then school)
 * the order is shuffled; groups follow one another and a single dealing rotation runs across all of them, so
 * every house receives one student before any receives a second (sizes differ by ≤ 1) and each group is spread
 * round the houses. The houses' order in the rotation is shuffled too, so the "extra" students land on random houses.
 */
export function sortIntoHouses(students: readonly SortingStudent[], houseIds: readonly number[], seed: string): HousePlacement[] {
  if (houseIds.length === 0) return [];
  const random = seededRandom(seed);
  const canonical = [...new Map(students.map((s) => [s.id, s])).values()].sort((a, b) => a.id - b.id);
  const groupKey = (s: SortingStudent) => `${s.gender ?? ''}\u0000${s.school ?? ''}`;
  const groups = new Map<string, SortingStudent[]>();
  for (const s of canonical) {
    const key = groupKey(s);
    const list = groups.get(key);
    if (list) list.push(s);
    else groups.set(key, [s]);
  }
  // Larger groups first, ties by key: a stable order that spreads the biggest groups most evenly.
  const order = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const rotation = shuffled([...new Set(houseIds)].sort((a, b) => a - b), random);
  const placements: HousePlacement[] = [];
  let next = 0;
  for (const [, members] of order) {
    for (const s of shuffled(members, random)) {
      placements.push({ studentId: s.id, houseId: rotation[next % rotation.length] as number });
      next++;
    }
  }
  return placements.sort((a, b) => a.studentId - b.studentId);
}

/** A fresh seed for a new run: readable, so an admin can note it and reproduce the run. */
export function newSortingSeed(random: () => number = Math.random): string {
  return Math.floor(random() * 0xffffffff).toString(36).padStart(7, '0');
}

export interface HouseSize {
  houseId: number;
  members: number;
}

/**
 * A latecomer's house (decision 045): a student who arrives in a venue after its houses were sorted joins the
 * smallest house there, so sizes still differ by at most one when they did before. Ties are broken by a
 * shuffle seeded with the venue's sorting seed and the student's id, so the choice is reproducible from the
 * audit row and does not always favour the same house.
 */
export function houseForLatecomer(sizes: readonly HouseSize[], seed: string, studentId: number): number | null {
  if (sizes.length === 0) return null;
  const smallest = Math.min(...sizes.map((s) => s.members));
  const tied = [...new Set(sizes.filter((s) => s.members === smallest).map((s) => s.houseId))].sort((a, b) => a - b);
  return shuffled(tied, seededRandom(`${seed}:late:${studentId}`))[0] ?? null;
}
