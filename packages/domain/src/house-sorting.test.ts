import { describe, expect, it } from 'vitest';
import { houseForLatecomer, sortIntoHouses } from './house-sorting.ts';
import { hashSeed, seededRandom } from './seeded-random.ts';

const houses = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
const students = (n: number, extra: (i: number) => { gender?: string } = () => ({})) => Array.from({ length: n }, (_, i) => ({ id: 1000 + i, ...extra(i) }));
const sizes = (placements: Array<{ houseId: number }>) => {
  const m = new Map<number, number>();
  for (const p of placements) m.set(p.houseId, (m.get(p.houseId) ?? 0) + 1);
  return m;
};

describe('seeded random', () => {
  it('is reproducible and differs between seeds', () => {
    const a = seededRandom('abc');
    const b = seededRandom('abc');
    const c = seededRandom('abd');
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect([c(), c(), c()]).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
    expect(hashSeed('')).toBe(0x811c9dc5);
  });
});

describe('sortIntoHouses', () => {
  it('places every student exactly once and keeps house sizes within one', () => {
    for (const n of [0, 1, 11, 12, 13, 100, 257]) {
      const result = sortIntoHouses(students(n), houses, 'seed-1');
      expect(result.map((p) => p.studentId)).toEqual(students(n).map((s) => s.id));
      const counts = [...sizes(result).values()];
      if (n >= houses.length) expect(counts).toHaveLength(houses.length);
      if (counts.length) expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      for (const p of result) expect(houses).toContain(p.houseId);
    }
  });

  it('gives the same result for the same seed whatever order the students come in, and another for another seed', () => {
    const list = students(60);
    const first = sortIntoHouses(list, houses, 'reproduce');
    expect(sortIntoHouses([...list].reverse(), [...houses].reverse(), 'reproduce')).toEqual(first);
    expect(sortIntoHouses(list, houses, 'other')).not.toEqual(first);
  });

  it('spreads each gender across houses as evenly as the sizes allow', () => {
    const list = students(48, (i) => ({ gender: i % 3 === 0 ? 'F' : 'M' }));
    const result = sortIntoHouses(list, houses, 'g');
    const girls = new Set(list.filter((s) => s.gender === 'F').map((s) => s.id));
    const perHouse = sizes(result.filter((p) => girls.has(p.studentId)));
    const counts = houses.map((h) => perHouse.get(h) ?? 0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('returns nothing when there are no houses', () => {
    expect(sortIntoHouses(students(3), [], 'x')).toEqual([]);
  });
});

describe('houseForLatecomer (decision 045)', () => {
  it('picks a smallest house, reproducibly from the seed and the student', () => {
    const counts = houses.map((h) => ({ houseId: h, members: h === 13 || h === 20 ? 2 : 3 }));
    const pick = houseForLatecomer(counts, 'seed-a', 42);
    expect([13, 20]).toContain(pick);
    expect(houseForLatecomer(counts, 'seed-a', 42)).toBe(pick);
    expect(houseForLatecomer([...counts].reverse(), 'seed-a', 42)).toBe(pick);
    expect(houseForLatecomer([{ houseId: 5, members: 0 }, { houseId: 6, members: 1 }], 's', 1)).toBe(5);
    expect(houseForLatecomer([], 's', 1)).toBeNull();
  });

  it('spreads ties across houses rather than always choosing the same one', () => {
    const even = houses.map((h) => ({ houseId: h, members: 4 }));
    const picks = new Set(Array.from({ length: 60 }, (_, i) => houseForLatecomer(even, 'seed-b', 1000 + i)));
    expect(picks.size).toBeGreaterThan(6);
  });

  it('keeps sizes within one when latecomers keep arriving', () => {
    const m = new Map(houses.map((h) => [h, h % 2]));
    for (let id = 1; id <= 50; id++) {
      const h = houseForLatecomer([...m].map(([houseId, members]) => ({ houseId, members })), 'seed-c', id)!;
      m.set(h, m.get(h)! + 1);
    }
    expect(Math.max(...m.values()) - Math.min(...m.values())).toBeLessThanOrEqual(1);
  });
});
