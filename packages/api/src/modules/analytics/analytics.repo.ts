/**
 * The funnel's database reads (decision 066). Every figure is one grouped query over
 * student_profiles (plus the released offer's time): no per-student loops, so 50,000 students cost three scans.
 * Stage timestamps are the journey columns the application, payment and admission modules already write.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUNNEL_STAGES, type FunnelGroup } from '@summit/domain';
import type { Db } from '../../db/client.ts';

export interface FunnelFilter {
  /** Registration (activated_at) in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  batch?: 'early' | 'regular' | undefined;
  province?: number | undefined;
  school?: number | undefined;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** docs/product/states.md: early batch when batch_str contains "eb" in any case. */
const EARLY = sql`p.batch_str ~* 'eb'`;
const beijingDay = (col: SQL) => sql`to_char((${col} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * The filtered cohort with one column per stage, in FUNNEL_STAGES order (s0 … s6). An offer counts once it is
 * released (offer_letter = 1), at the decision's release time.
 */
function cohortOf(f: FunnelFilter): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.from) conds.push(sql`p.activated_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`p.activated_at < ${f.to.toISOString()}::timestamptz`);
  if (f.batch === 'early') conds.push(EARLY);
  if (f.batch === 'regular') conds.push(sql`not (${EARLY})`);
  if (f.province !== undefined) conds.push(sql`p.school_state_id = ${f.province}`);
  if (f.school !== undefined) conds.push(sql`p.school_id = ${f.school}`);
  return sql`
    select p.account_id, p.batch_str, p.school_state_id, p.school_id, p.school_name,
      p.activated_at as s0, p.info_completed_at as s1, p.step1_submitted_at as s2, p.apply_paid_at as s3,
      p.step2_submitted_at as s4,
      case when p.offer_letter = 1 then coalesce(d.released_at, p.offer_created_at, p.updated_at) end as s5,
      p.tuition_paid_at as s6
    from student_profiles p
    left join admission_decisions d on d.account_id = p.account_id and d.decision = 'offer'
    where ${sql.join(conds, sql` and `)}`;
}

const stageCounts = sql.raw(FUNNEL_STAGES.map((_, i) => `count(c.s${i})::int as n${i}`).join(', '));

export interface GroupCountsRow {
  key: string;
  label: string | null;
  counts: number[];
}

type CountRow = Record<string, unknown> & { key: string; label: string | null };
const countsOf = (r: Record<string, unknown>) => FUNNEL_STAGES.map((_, i) => Number(r[`n${i}`] ?? 0));

/** The whole cohort's count per stage. */
export async function funnelTotals(db: Db, f: FunnelFilter): Promise<number[]> {
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`with c as (${cohortOf(f)}) select ${stageCounts} from c`);
  return row ? countsOf(row) : FUNNEL_STAGES.map(() => 0);
}

/** Counts per stage for each group; schools with the most registrations first, capped at `limit` rows. */
export async function funnelByGroup(db: Db, f: FunnelFilter, group: FunnelGroup, limit: number): Promise<GroupCountsRow[]> {
  const key =
    group === 'day' ? beijingDay(sql`c.s0`)
    : group === 'batch' ? sql`case when c.batch_str ~* 'eb' then 'early' else 'regular' end`
    : group === 'province' ? sql`coalesce(c.school_state_id::text, '')`
    : sql`coalesce(c.school_id::text, '')`;
  const label = group === 'school' ? sql`max(coalesce(s.name, c.school_name))` : sql`null`;
  const join = group === 'school' ? sql`left join schools s on s.id = c.school_id` : sql``;
  const order = group === 'day' ? sql`1` : group === 'batch' ? sql`1` : sql`n0 desc, 1`;
  const rows = await rowsOf<CountRow>(
    db,
    sql`with c as (${cohortOf(f)}) select ${key} as key, ${label} as label, ${stageCounts} from c ${join} group by 1 order by ${order} limit ${limit}`,
  );
  return rows.map((r) => ({ key: String(r.key), label: r.label ?? null, counts: countsOf(r) }));
}

/** Per Beijing day, how many of the cohort reached each stage that day (by the stage's own timestamp). */
export async function funnelSeries(db: Db, f: FunnelFilter, maxDays: number): Promise<Array<{ date: string; counts: number[] }>> {
  const stamps = sql.raw(FUNNEL_STAGES.map((_, i) => `(${i}, c.s${i})`).join(', '));
  // Group on a date (cheap) and format only the grouped rows; the newest `maxDays` days are kept below.
  const rows = await rowsOf<{ day: string; stage: number; n: number }>(
    db,
    sql`with c as (${cohortOf(f)})
      select to_char(d, 'YYYY-MM-DD') as day, stage, n from (
        select ((v.at at time zone 'UTC') + interval '8 hours')::date as d, v.stage, count(*)::int as n
        from c cross join lateral (values ${stamps}) as v(stage, at) where v.at is not null group by 1, 2
      ) g order by d`,
  );
  const byDay = new Map<string, number[]>();
  for (const r of rows) {
    const counts = byDay.get(r.day) ?? FUNNEL_STAGES.map(() => 0);
    counts[Number(r.stage)] = Number(r.n);
    byDay.set(r.day, counts);
  }
  return [...byDay].slice(-maxDays).map(([date, counts]) => ({ date, counts }));
}

export interface ProfileRow {
  accountId: number;
  phoneCode: string;
  phone: string;
  email: string | null;
  gender: number | null;
  activeType: number;
  batchStr: string;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  schoolId: number | null;
  schoolName: string | null;
  activatedAt: Date;
  infoCompletedAt: Date | null;
  step1SubmittedAt: Date | null;
  applyPaidAt: Date | null;
  step2SubmittedAt: Date | null;
}

const profileColumns = sql`
  p.account_id as "accountId", a.phone_code as "phoneCode", a.phone, a.email,
  case when app.step1->>'gender' in ('1', '2') then (app.step1->>'gender')::int end as gender,
  p.active_type as "activeType", p.batch_str as "batchStr", p.school_country_id as "countryId",
  p.school_state_id as "stateId", p.school_city_id as "cityId", p.school_id as "schoolId",
  coalesce(s.name, p.school_name) as "schoolName",
  p.activated_at as "activatedAt", p.info_completed_at as "infoCompletedAt", p.step1_submitted_at as "step1SubmittedAt",
  p.apply_paid_at as "applyPaidAt", p.step2_submitted_at as "step2SubmittedAt"`;

const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
function profileOf(r: Record<string, unknown>): ProfileRow {
  return {
    ...(r as unknown as ProfileRow),
    accountId: Number(r.accountId),
    gender: r.gender == null ? null : Number(r.gender),
    activeType: Number(r.activeType),
    activatedAt: toDate(r.activatedAt) as Date,
    infoCompletedAt: toDate(r.infoCompletedAt),
    step1SubmittedAt: toDate(r.step1SubmittedAt),
    applyPaidAt: toDate(r.applyPaidAt),
    step2SubmittedAt: toDate(r.step2SubmittedAt),
  };
}

export async function findProfile(db: Db, accountId: number): Promise<ProfileRow | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${profileColumns} from student_profiles p join accounts a on a.id = p.account_id
      left join applications app on app.account_id = p.account_id left join schools s on s.id = p.school_id
      where p.account_id = ${accountId}`,
  );
  return row ? profileOf(row) : null;
}

/** One keyset page of the cohort's profiles, by account id. */
export async function profilePage(db: Db, f: FunnelFilter, after: number, limit: number): Promise<ProfileRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with c as (${cohortOf(f)})
      select ${profileColumns} from c join student_profiles p on p.account_id = c.account_id join accounts a on a.id = p.account_id
      left join applications app on app.account_id = p.account_id left join schools s on s.id = p.school_id
      where p.account_id > ${after} order by p.account_id limit ${limit}`,
  );
  return rows.map(profileOf);
}
