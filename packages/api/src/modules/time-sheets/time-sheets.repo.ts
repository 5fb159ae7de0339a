/**
 * Time-sheet entries (decision 065): the only code that touches time_sheet_entries. Every write inserts its
 * audit_log row in the same transaction, with the entry before and after.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TIME_SHEET_ACTIVE_TYPES, type TimeSheetStatus } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { timeSheetEntries } from '../../db/schema-time-sheets.ts';

export const TIME_SHEET_AUDIT_ENTITY = 'time_sheet';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type EntryRow = typeof timeSheetEntries.$inferSelect;

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function findPerson(db: Db, studentId: number): Promise<{ id: number; name: string; phone: string; activeType: number } | null> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, phone: accounts.phone, activeType: studentProfiles.activeType })
    .from(accounts)
    .innerJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .where(and(eq(accounts.id, studentId), eq(accounts.role, 'student')));
  return row ?? null;
}

const recorder = alias(accounts, 'recorder');
const decider = alias(accounts, 'decider');

export interface EntryView extends EntryRow {
  recorderName: string | null;
  deciderName: string | null;
}

export async function listEntries(db: Db, studentId: number): Promise<EntryView[]> {
  const rows = await db
    .select({ e: timeSheetEntries, recorderName: recorder.name, deciderName: decider.name })
    .from(timeSheetEntries)
    .leftJoin(recorder, eq(recorder.id, timeSheetEntries.recordedBy))
    .leftJoin(decider, eq(decider.id, timeSheetEntries.decidedBy))
    .where(eq(timeSheetEntries.studentId, studentId))
    .orderBy(sql`${timeSheetEntries.workDate} desc`, sql`${timeSheetEntries.id} desc`);
  return rows.map((r) => ({ ...r.e, recorderName: r.recorderName, deciderName: r.deciderName }));
}

const snapshot = (e: EntryRow) => ({ id: e.id, student_id: e.studentId, work_date: e.workDate, minutes: e.minutes, activity: e.activity, status: e.status, note: e.note, decided_by: e.decidedBy });

function audit(tx: Tx, v: { actorId: number; action: string; before: EntryRow | null; after: EntryRow; now: Date }) {
  return tx.insert(auditLog).values({
    actorId: v.actorId,
    action: v.action,
    entity: TIME_SHEET_AUDIT_ENTITY,
    entityId: String(v.after.id),
    before: v.before ? snapshot(v.before) : null,
    after: snapshot(v.after),
    createdAt: v.now,
  });
}

export async function insertEntryAudited(db: Db, v: { studentId: number; workDate: string; minutes: number; activity: string; actorId: number; now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(timeSheetEntries)
      .values({ studentId: v.studentId, workDate: v.workDate, minutes: v.minutes, activity: v.activity, recordedBy: v.actorId, createdAt: v.now, updatedAt: v.now })
      .returning();
    await audit(tx, { actorId: v.actorId, action: 'time_sheet.add', before: null, after: row!, now: v.now });
    return row!.id;
  });
}

/** Changes an entry of this student; it goes back to pending. false: no such entry of theirs. */
export async function editEntryAudited(db: Db, v: { studentId: number; id: number; workDate: string; minutes: number; activity: string; actorId: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(timeSheetEntries).where(and(eq(timeSheetEntries.id, v.id), eq(timeSheetEntries.studentId, v.studentId))).for('update');
    if (!before) return false;
    const [after] = await tx
      .update(timeSheetEntries)
      .set({ workDate: v.workDate, minutes: v.minutes, activity: v.activity, status: 'pending', note: '', decidedBy: null, decidedAt: null, updatedAt: v.now })
      .where(eq(timeSheetEntries.id, v.id))
      .returning();
    await audit(tx, { actorId: v.actorId, action: 'time_sheet.edit', before, after: after!, now: v.now });
    return true;
  });
}

export type DecideOutcome = { kind: 'ok' } | { kind: 'missing' } | { kind: 'not-pending' };

/** Approves or rejects pending entries of this student, all or none, one audit row each. */
export async function decideEntriesAudited(db: Db, v: { studentId: number; ids: number[]; status: Exclude<TimeSheetStatus, 'pending'>; note: string; actorId: number; now: Date }): Promise<DecideOutcome> {
  const ids = [...new Set(v.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(timeSheetEntries)
      .where(and(inArray(timeSheetEntries.id, ids), eq(timeSheetEntries.studentId, v.studentId)))
      .orderBy(timeSheetEntries.id)
      .for('update');
    if (rows.length !== ids.length) return { kind: 'missing' } as const;
    if (rows.some((r) => r.status !== 'pending')) return { kind: 'not-pending' } as const;
    const updated = await tx
      .update(timeSheetEntries)
      .set({ status: v.status, note: v.note, decidedBy: v.actorId, decidedAt: v.now, updatedAt: v.now })
      .where(inArray(timeSheetEntries.id, ids))
      .returning();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const after of updated) await audit(tx, { actorId: v.actorId, action: v.status === 'approved' ? 'time_sheet.approve' : 'time_sheet.reject', before: byId.get(after.id) ?? null, after, now: v.now });
    return { kind: 'ok' } as const;
  });
}

export interface PersonTotalsRow {
  student_id: number;
  name: string;
  phone: string;
  active_type: number;
  school: string;
  entries: number;
  last_work_date: string | null;
  approved_minutes: number;
  pending_minutes: number;
  rejected_minutes: number;
  total: number;
}

const typeList = sql.join(TIME_SHEET_ACTIVE_TYPES.map((t) => sql`${t}`), sql`, `);

/** Every volunteer and trainee (and anyone with entries) with their totals; by name, or by id for the export's keyset. */
export async function listPeople(db: Db, f: { keyword?: string | undefined; activeType?: number | undefined; pendingOnly: boolean; limit: number; offset: number; afterId?: number }): Promise<PersonTotalsRow[]> {
  const conds: SQL[] = [sql`a.role = 'student'`, sql`(p.active_type in (${typeList}) or exists (select 1 from time_sheet_entries x where x.student_id = a.id))`];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(a.name like ${like} or a.phone like ${like})`);
  }
  if (f.activeType !== undefined) conds.push(sql`p.active_type = ${f.activeType}`);
  if (f.afterId !== undefined) conds.push(sql`a.id > ${f.afterId}`);
  const having = f.pendingOnly ? sql`having count(*) filter (where t.status = 'pending') > 0` : sql``;
  const rows = await rowsOf<PersonTotalsRow>(
    db,
    sql`select a.id as student_id, a.name, a.phone, p.active_type, coalesce(p.school_name, '') as school,
          count(t.id)::int as entries, max(t.work_date)::text as last_work_date,
          coalesce(sum(t.minutes) filter (where t.status = 'approved'), 0)::int as approved_minutes,
          coalesce(sum(t.minutes) filter (where t.status = 'pending'), 0)::int as pending_minutes,
          coalesce(sum(t.minutes) filter (where t.status = 'rejected'), 0)::int as rejected_minutes,
          count(*) over ()::int as total
        from accounts a join student_profiles p on p.account_id = a.id
        left join time_sheet_entries t on t.student_id = a.id
        where ${sql.join(conds, sql` and `)}
        group by a.id, a.name, a.phone, p.active_type, p.school_name
        ${having}
        order by ${f.afterId !== undefined ? sql`a.id` : sql`a.name, a.id`}
        limit ${f.limit} offset ${f.offset}`,
  );
  return rows.map((r) => ({
    ...r,
    student_id: Number(r.student_id),
    active_type: Number(r.active_type),
    entries: Number(r.entries),
    approved_minutes: Number(r.approved_minutes),
    pending_minutes: Number(r.pending_minutes),
    rejected_minutes: Number(r.rejected_minutes),
    total: Number(r.total),
  }));
}

export interface EntryExportRow {
  id: number;
  student_id: number;
  name: string;
  phone: string;
  active_type: number;
  work_date: string;
  minutes: number;
  activity: string;
  status: TimeSheetStatus;
  note: string;
  recorded_by: string | null;
  created_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
}

/** Every entry, by id (the export's keyset), with the filters of the list. */
export async function listEntriesAfter(db: Db, f: { keyword?: string | undefined; activeType?: number | undefined; afterId: number; limit: number }): Promise<EntryExportRow[]> {
  const conds: SQL[] = [sql`t.id > ${f.afterId}`];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(a.name like ${like} or a.phone like ${like})`);
  }
  if (f.activeType !== undefined) conds.push(sql`p.active_type = ${f.activeType}`);
  const rows = await rowsOf<EntryExportRow>(
    db,
    sql`select t.id, t.student_id, a.name, a.phone, coalesce(p.active_type, 0) as active_type, t.work_date::text as work_date, t.minutes, t.activity, t.status, t.note,
          r.name as recorded_by, t.created_at, d.name as decided_by, t.decided_at
        from time_sheet_entries t join accounts a on a.id = t.student_id left join student_profiles p on p.account_id = a.id
        left join accounts r on r.id = t.recorded_by left join accounts d on d.id = t.decided_by
        where ${sql.join(conds, sql` and `)}
        order by t.id limit ${f.limit}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), student_id: Number(r.student_id), active_type: Number(r.active_type), minutes: Number(r.minutes), created_at: new Date(r.created_at), decided_at: r.decided_at ? new Date(r.decided_at) : null }));
}
