import { describe, expect, it } from 'vitest';
import { HOUSE_CUP_MSG, houseCupEntryInputSchema, houseCupReverseSchema, rankHouses, type HouseTotal } from './house-cup.ts';

const house = (id: number, points: number, sort = id): HouseTotal => ({ house_id: id, code: `h${id}`, name: `学院${id}`, english_name: '', colour: '#000000', sort, points });

describe('rankHouses', () => {
  it('orders by points, equal points share a rank and the next rank skips (1, 1, 3)', () => {
    const board = rankHouses([house(1, 5), house(2, 20), house(3, 20), house(4, -3), house(5, 0)]);
    expect(board.map((h) => [h.house_id, h.points, h.rank])).toEqual([
      [2, 20, 1],
      [3, 20, 1],
      [1, 5, 3],
      [5, 0, 4],
      [4, -3, 5],
    ]);
  });

  it('ties are listed in the houses’ own order, not by id', () => {
    expect(rankHouses([house(1, 0, 3), house(2, 0, 1), house(3, 0, 2)]).map((h) => h.house_id)).toEqual([2, 3, 1]);
  });

  it('an empty ledger is every house first with zero points', () => {
    expect(rankHouses([house(1, 0), house(2, 0)]).map((h) => h.rank)).toEqual([1, 1]);
  });
});

describe('houseCupEntryInputSchema', () => {
  it('accepts negative points and trims the reason', () => {
    expect(houseCupEntryInputSchema.parse({ house_id: 3, points: -5, reason: '  迟到  ' })).toEqual({ house_id: 3, points: -5, reason: '迟到' });
  });
  it.each([
    [{ house_id: 3, points: 0, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 3, points: 1.5, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 3, points: 1001, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 3, points: 5, reason: '   ' }, 'reason', HOUSE_CUP_MSG.REASON],
    [{ house_id: 3, points: 5, reason: '字'.repeat(201) }, 'reason', HOUSE_CUP_MSG.REASON],
    [{ house_id: 0, points: 5, reason: 'x' }, 'house_id', HOUSE_CUP_MSG.HOUSE_REQUIRED],
    [{ points: 5, reason: 'x' }, 'house_id', HOUSE_CUP_MSG.HOUSE_REQUIRED],
  ])('refuses %j on %s', (body, field, msg) => {
    const r = houseCupEntryInputSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: [field], message: msg });
  });
  it('a reversal needs a reason', () => {
    expect(houseCupReverseSchema.safeParse({}).success).toBe(false);
    expect(houseCupReverseSchema.parse({ reason: '记错学院' })).toEqual({ reason: '记错学院' });
  });
});
