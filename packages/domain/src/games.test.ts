import { describe, expect, it } from 'vitest';
import { SIEGE_TERRITORIES, answerWindow, siegeMap } from './games.ts';

const houses = (points: number[]) => points.map((p, i) => ({ house_id: i + 1, name: `学院${i + 1}`, colour: '#000', points: p }));

describe('siegeMap', () => {
  it('gives every house its home while nobody has points', () => {
    const m = siegeMap(houses(Array(12).fill(0)));
    expect(m.territories.map((t) => t.holder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(m.houses.every((h) => h.territories === 1)).toBe(true);
  });

  it('shares the twelve territories by D’Hondt, homes first, lost homes to the strongest', () => {
    const m = siegeMap(houses([60, 30, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    // Quotients in order: 60, 30, 30, 20, 15, 15, 12, 10, 10, 10, 8.57, 7.5 (ties to the earlier house).
    expect(m.houses.slice(0, 3).map((h) => h.territories)).toEqual([8, 3, 1]);
    expect(m.territories.reduce((n, t) => n + (t.holder === null ? 0 : 1), 0)).toBe(SIEGE_TERRITORIES.length);
    expect(m.territories.slice(0, 3).map((t) => t.holder)).toEqual([1, 2, 3]);
    expect(m.territories.filter((t) => t.holder === 1)).toHaveLength(8);
    // A house with no points needs more than the last winning quotient to take one.
    expect(m.houses[3]!.to_next).toBeGreaterThan(0);
  });

  it('never counts a negative total', () => {
    const m = siegeMap(houses([-5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(m.houses[1]!.territories).toBe(12);
    expect(m.houses[1]!.to_next).toBeNull();
  });
});

describe('answerWindow', () => {
  it('is open from the push to the seconds plus the grace, late after', () => {
    const at = new Date('2026-08-01T00:00:00Z');
    expect(answerWindow(null, 10, at)).toBe('not-open');
    expect(answerWindow(at, 10, new Date(at.getTime() + 10_999))).toBe('open');
    expect(answerWindow(at, 10, new Date(at.getTime() + 11_001))).toBe('late');
  });
});
