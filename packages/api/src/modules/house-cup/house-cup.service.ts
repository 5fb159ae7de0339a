import {
  AppError,
  HOUSE_CUP_MSG,
  HOUSE_CUP_RECENT,
  rankHouses,
  type HouseCupEntry,
  type HouseCupEntryInput,
  type HouseCupLeaderboard,
  type HouseCupLedger,
  type HouseCupLedgerQuery,
  type StudentHouseCup,
} from '@summit/domain';
import type { Readable } from 'node:stream';
import type { AppContext, AuthState } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { ensureHouses } from '../venues/venues.queries.ts';
import { getSuccessCardStatus } from '../placement/placement.service.ts';
import { findEntry, houseExists, houseTotals, insertEntryAudited, ledgerKeysetPage, listLedger, recentOfHouse, reverseEntryAudited, venueExists } from './house-cup.repo.ts';

const DEFAULT_PAGE_SIZE = 20;

export async function getLeaderboard(ctx: AppContext): Promise<HouseCupLeaderboard> {
  await ensureHouses(ctx.db);
  const { totals, updatedAt } = await houseTotals(ctx.db);
  return { houses: rankHouses(totals), updated_at: updatedAt ? updatedAt.toISOString() : null };
}

/** The board, and the student's own house once its result is out for them (the same rule as the success card). */
export async function getStudentHouseCup(ctx: AppContext, auth: AuthState): Promise<StudentHouseCup> {
  const [board, card] = await Promise.all([getLeaderboard(ctx), getSuccessCardStatus(ctx, auth)]);
  const code = card.user.house?.code ?? null;
  const mine = code ? (board.houses.find((h) => h.code === code) ?? null) : null;
  return { ...board, my_house: mine, recent: mine ? await recentOfHouse(ctx.db, mine.house_id, HOUSE_CUP_RECENT) : [] };
}

export async function getLedger(ctx: AppContext, q: HouseCupLedgerQuery): Promise<HouseCupLedger> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { items, total } = await listLedger(ctx.db, { houseId: q.house_id, venueId: q.venue_id, page, pageSize });
  return { items, total, page, page_size: pageSize };
}

const LEDGER_COLUMNS: readonly SheetColumn<HouseCupEntry>[] = [
  { header: '编号', value: (e) => e.id },
  { header: '时间', width: 17, value: (e) => beijingTime(e.created_at) },
  { header: '学院', value: (e) => e.house.name },
  { header: '会场', value: (e) => e.venue?.name ?? '' },
  { header: '分数', width: 8, value: (e) => e.points },
  { header: '原因', width: 40, value: (e) => e.reason },
  { header: '操作人', value: (e) => e.giver.name },
  { header: '冲正', width: 18, value: (e) => (e.reverses_id !== null ? `冲正 #${e.reverses_id}` : e.reversed_by_id !== null ? `已被 #${e.reversed_by_id} 冲正` : '') },
];

/** 学院杯 ledger export (decisions 065, 066): the list's house and venue filters, every entry, oldest first. */
export function exportLedger(ctx: AppContext, q: HouseCupLedgerQuery): { fileName: string; stream: Readable } {
  const f = { houseId: q.house_id, venueId: q.venue_id };
  const day = beijingTime(ctx.now()).slice(0, 10).replace(/-/g, '');
  return { fileName: `学院杯积分-${day}.xlsx`, stream: streamSheet('学院杯', LEDGER_COLUMNS, keysetBatches((after, limit) => ledgerKeysetPage(ctx.db, f, after, limit), (e) => e.id)) };
}

async function mustFind(ctx: AppContext, id: number): Promise<HouseCupEntry> {
  const entry = await findEntry(ctx.db, id);
  if (!entry) throw AppError.notFound(HOUSE_CUP_MSG.ENTRY_NOT_FOUND);
  return entry;
}

export async function giveHousePoints(ctx: AppContext, auth: AuthState, input: HouseCupEntryInput): Promise<HouseCupEntry> {
  await ensureHouses(ctx.db);
  const house = await houseExists(ctx.db, input.house_id);
  if (!house) throw AppError.param('house_id', HOUSE_CUP_MSG.HOUSE_NOT_FOUND);
  const venueId = input.venue_id ?? null;
  if (venueId !== null && !(await venueExists(ctx.db, venueId))) throw AppError.param('venue_id', HOUSE_CUP_MSG.VENUE_NOT_FOUND);
  const id = await insertEntryAudited(ctx.db, { houseId: house.id, houseName: house.name, venueId, points: input.points, reason: input.reason, giverId: auth.accountId, now: ctx.now() });
  return mustFind(ctx, id);
}

/** PUT /api/admin/house-cup/{id}: the entry is not changed; a counter-entry cancels its points. */
export async function reverseHousePoints(ctx: AppContext, auth: AuthState, id: number, reason: string): Promise<HouseCupEntry> {
  let outcome;
  try {
    outcome = await reverseEntryAudited(ctx.db, { id, reason, actorId: auth.accountId, now: ctx.now() });
  } catch (error) {
    // Two reversals of one entry at once: the unique index lets one through.
    if (pgErrorCode(error) === '23505') throw AppError.message(HOUSE_CUP_MSG.ALREADY_REVERSED);
    throw error;
  }
  if (outcome.kind === 'missing') throw AppError.notFound(HOUSE_CUP_MSG.ENTRY_NOT_FOUND);
  if (outcome.kind === 'is-reversal') throw AppError.message(HOUSE_CUP_MSG.REVERSAL_NOT_REVERSIBLE);
  if (outcome.kind === 'already') throw AppError.message(HOUSE_CUP_MSG.ALREADY_REVERSED);
  return mustFind(ctx, outcome.id);
}
