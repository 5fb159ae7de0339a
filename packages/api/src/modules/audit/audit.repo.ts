/**
 * Reads of audit_log for the 操作日志 console (decision 060). The console only reads: the rows are written by
 * the transactions whose change they record (newer ones through audit-write.repo.ts), and the database refuses
 * any UPDATE, DELETE or TRUNCATE of them (decision 067).
 */
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema.ts';

export interface AuditFilter {
  actor?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** LIKE treats % and _ as wildcards: an admin's text is matched literally. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The accounts an actor search names: `#12` is account 12; digits are part of a phone number (four or more,
 * fewer would match nearly everyone, so `12` is account 12 too); anything else is part of a name.
 */
function actorCondition(actor: string): SQL {
  const id = /^#(\d{1,10})$/.exec(actor)?.[1] ?? /^(\d{1,3})$/.exec(actor)?.[1];
  if (id) return Number(id) <= 2_147_483_647 ? eq(auditLog.actorId, Number(id)) : sql`false`;
  if (/^\d{4,15}$/.test(actor)) return inArray(auditLog.actorId, sql`(select ${accounts.id} from ${accounts} where ${accounts.phone} like ${likeText(actor)})`);
  return inArray(auditLog.actorId, sql`(select ${accounts.id} from ${accounts} where ${accounts.name} ilike ${likeText(actor)})`);
}

function whereOf(f: AuditFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.actor) conds.push(actorCondition(f.actor));
  if (f.entity) conds.push(eq(auditLog.entity, f.entity));
  if (f.entityId) conds.push(eq(auditLog.entityId, f.entityId));
  if (f.action) conds.push(ilike(auditLog.action, likeText(f.action)));
  if (f.from) conds.push(gte(auditLog.createdAt, f.from));
  if (f.to) conds.push(lte(auditLog.createdAt, f.to));
  return conds.length ? and(...conds) : undefined;
}

function auditSelect(db: Db) {
  return db
    .select({
      a: auditLog,
      actor: { id: accounts.id, name: accounts.name, role: accounts.role, teacherType: accounts.teacherType, isAdmin: accounts.isAdmin },
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorId));
}

type AuditSelectRow = Awaited<ReturnType<ReturnType<typeof auditSelect>['where']>>[number];

function entryOf({ a, actor }: AuditSelectRow): AuditEntry {
  return {
    id: a.id,
    actor_id: a.actorId,
    actor: actor ? { id: actor.id, name: actor.name, role: actor.role, teacher_type: actor.teacherType, is_admin: actor.isAdmin } : null,
    action: a.action,
    entity: a.entity,
    entity_id: a.entityId,
    before: a.before ?? null,
    after: a.after ?? null,
    created_at: a.createdAt.toISOString(),
  };
}

/** The export's batches (decisions 065, 066): the search's filter, oldest first after `after` (keyset on id). */
export async function auditKeysetPage(db: Db, f: Omit<AuditFilter, 'page' | 'pageSize'>, after: number, limit: number): Promise<AuditEntry[]> {
  const rows = await auditSelect(db).where(and(whereOf({ ...f, page: 1, pageSize: limit }), gt(auditLog.id, after))).orderBy(asc(auditLog.id)).limit(limit);
  return rows.map(entryOf);
}

export async function listAudit(db: Db, f: AuditFilter): Promise<{ items: AuditEntry[]; total: number }> {
  const where = whereOf(f);
  const [rows, [n]] = await Promise.all([
    auditSelect(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map(entryOf),
    total: n?.n ?? 0,
  };
}

/** The object types recorded so far, with how many rows each. */
export async function auditEntityCounts(db: Db): Promise<Array<{ entity: string; count: number }>> {
  const rows = await db.select({ entity: auditLog.entity, count: count() }).from(auditLog).groupBy(auditLog.entity).orderBy(auditLog.entity);
  return rows.map((r) => ({ entity: r.entity, count: Number(r.count) }));
}
