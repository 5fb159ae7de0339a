/**
 * The house cup (学院杯, decision 060): an append-only ledger of points per house. An entry is
 * never edited or deleted; a mistake is answered by a reversal, a counter-entry of the opposite points that
 * names the entry it reverses. The leaderboard is the ledger summed per house.
 */
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { DB_INT_MAX, boundedStringSchema, requestObjectSchema, timestampSchema } from './common.ts';

export const HOUSE_CUP_MSG = {
  HOUSE_REQUIRED: '请选择学院',
  HOUSE_NOT_FOUND: '学院不存在',
  VENUE_NOT_FOUND: '会场不存在',
  POINTS: '分数须为 -1000 到 1000 之间的非零整数',
  REASON: '请填写原因（不超过 200 字）',
  ENTRY_NOT_FOUND: '记录不存在',
  ALREADY_REVERSED: '该记录已冲正，不能重复冲正',
  REVERSAL_NOT_REVERSIBLE: '冲正记录不能再次冲正',
  GIVEN: '已记录',
  REVERSED: '已冲正',
} as const;

/** The largest number of points one entry may give or take: a typo of an extra zero stays visible, not decisive. */
export const HOUSE_CUP_POINTS_MAX = 1000;
export const HOUSE_CUP_REASON_MAX = 200;
/** The student's card lists this many of their house's latest entries. */
export const HOUSE_CUP_RECENT = 10;

const int4Id = (msg: string) => z.number({ error: msg }).int({ error: msg }).positive({ error: msg }).max(DB_INT_MAX, { error: msg });
const reasonSchema = boundedStringSchema(HOUSE_CUP_REASON_MAX + 50)
  .trim()
  .min(1, { error: HOUSE_CUP_MSG.REASON })
  .max(HOUSE_CUP_REASON_MAX, { error: HOUSE_CUP_MSG.REASON });

/** POST /api/admin/house-cup: give (or take, with negative points) points to one house. */
export const houseCupEntryInputSchema = requestObjectSchema({
  house_id: int4Id(HOUSE_CUP_MSG.HOUSE_REQUIRED),
  points: z
    .number({ error: HOUSE_CUP_MSG.POINTS })
    .int({ error: HOUSE_CUP_MSG.POINTS })
    .min(-HOUSE_CUP_POINTS_MAX, { error: HOUSE_CUP_MSG.POINTS })
    .max(HOUSE_CUP_POINTS_MAX, { error: HOUSE_CUP_MSG.POINTS })
    .refine((n) => n !== 0, { error: HOUSE_CUP_MSG.POINTS }),
  reason: reasonSchema,
  /** Where the points were earned; null or absent: programme-wide. */
  venue_id: int4Id(HOUSE_CUP_MSG.VENUE_NOT_FOUND).nullable().optional(),
});
export type HouseCupEntryInput = z.infer<typeof houseCupEntryInputSchema>;

/** PUT /api/admin/house-cup/{id}: reverse the entry (a counter-entry); the reason says why. */
export const houseCupReverseSchema = requestObjectSchema({ reason: reasonSchema });
export type HouseCupReverse = z.infer<typeof houseCupReverseSchema>;

const blankAsAbsent = (v: unknown) => (v === '' ? undefined : v);
const queryInt = (max: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number({ error: MSG.PARAM_INVALID }).int({ error: MSG.PARAM_INVALID }).min(1, { error: MSG.PARAM_INVALID }).max(max, { error: MSG.PARAM_INVALID }).optional());

/** GET /api/admin/house-cup: the ledger, newest first, server-paged. */
export const houseCupLedgerQuerySchema = requestObjectSchema({
  house_id: queryInt(DB_INT_MAX),
  venue_id: queryInt(DB_INT_MAX),
  page: queryInt(100_000),
  page_size: queryInt(100),
});
export type HouseCupLedgerQuery = z.infer<typeof houseCupLedgerQuerySchema>;

const houseRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string(), colour: z.string() });

export const houseCupEntrySchema = z.object({
  id: z.number().int(),
  house: houseRefSchema,
  venue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  points: z.number().int(),
  reason: z.string(),
  giver: z.object({ id: z.number().int(), name: z.string() }),
  created_at: timestampSchema,
  /** This entry is the reversal of that one. */
  reverses_id: z.number().int().nullable(),
  /** This entry has been reversed by that one. */
  reversed_by_id: z.number().int().nullable(),
});
export type HouseCupEntry = z.infer<typeof houseCupEntrySchema>;

export const houseCupLedgerSchema = z.object({ items: z.array(houseCupEntrySchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type HouseCupLedger = z.infer<typeof houseCupLedgerSchema>;

export const houseStandingSchema = z.object({
  house_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  english_name: z.string(),
  colour: z.string(),
  points: z.number().int(),
  /** 1 = first; houses with equal points share a rank (1, 1, 3). */
  rank: z.number().int(),
});
export type HouseStanding = z.infer<typeof houseStandingSchema>;

/** GET /api/house-cup (public, /12house) and GET /api/admin/house-cup/leaderboard. */
export const houseCupLeaderboardSchema = z.object({ houses: z.array(houseStandingSchema), updated_at: timestampSchema.nullable() });
export type HouseCupLeaderboard = z.infer<typeof houseCupLeaderboardSchema>;

/** GET /api/student/house-cup: the board, the student's own house (once its result is out) and its latest entries. */
export const studentHouseCupSchema = houseCupLeaderboardSchema.extend({
  my_house: houseStandingSchema.nullable(),
  recent: z.array(z.object({ id: z.number().int(), points: z.number().int(), reason: z.string(), created_at: timestampSchema })),
});
export type StudentHouseCup = z.infer<typeof studentHouseCupSchema>;

export interface HouseTotal {
  house_id: number;
  code: string;
  name: string;
  english_name: string;
  colour: string;
  /** Display order of the house (ties are listed in this order). */
  sort: number;
  points: number;
}

/**
 * The leaderboard from each house's total: most points first, equal points share a rank and are listed in
 * the houses' own order, the next rank skips the shared places (standard competition ranking: 1, 1, 3).
 */
export function rankHouses(totals: readonly HouseTotal[]): HouseStanding[] {
  const ordered = [...totals].sort((a, b) => b.points - a.points || a.sort - b.sort || a.house_id - b.house_id);
  let rank = 0;
  return ordered.map((h, i) => {
    if (i === 0 || h.points !== ordered[i - 1]!.points) rank = i + 1;
    return { house_id: h.house_id, code: h.code, name: h.name, english_name: h.english_name, colour: h.colour, points: h.points, rank };
  });
}

