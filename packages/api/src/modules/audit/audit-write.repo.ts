/**
 * The one insert the write paths added for decision 067 share. It takes the caller's transaction, so the audit row
 * commits or rolls back with the change it records; before/after are what the 操作日志 console diffs, and callers
 * keep secrets, tokens, letter bodies and students' phones or ID numbers out of them (ids and counts only).
 */
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditWrite {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  now: Date;
}

export async function recordAudit(tx: Db | Tx, w: AuditWrite): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: w.actorId,
    action: w.action,
    entity: w.entity,
    entityId: w.entityId === null ? null : String(w.entityId),
    before: w.before ?? null,
    after: w.after ?? null,
    createdAt: w.now,
  });
}
