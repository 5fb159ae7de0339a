/**
 * 十二学院攻城 (/xii-siege, decision 105): the map is recomputed on every read from the 学院杯 ledger's net totals
 * (decision 060) by the domain's rule (`siegeMap`); nothing is stored, so a counter-entry moves the map back at once.
 */
import { siegeMap, type Siege } from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { getLeaderboard } from '../house-cup/house-cup.service.ts';
import { houseOfStudent } from './games.repo.ts';

export async function getSiege(ctx: AppContext, auth: AuthState): Promise<Siege> {
  const [board, house] = await Promise.all([getLeaderboard(ctx), auth.role === 'student' ? houseOfStudent(ctx.db, auth.accountId) : Promise.resolve(null)]);
  const map = siegeMap(board.houses.map((h) => ({ house_id: h.house_id, name: h.name, colour: h.colour, points: h.points })));
  return { ...map, my_house_id: house?.id ?? null, updated_at: board.updated_at };
}
