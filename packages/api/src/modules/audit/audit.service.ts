import { auditEntityLabel, type AuditEntities, type AuditPage, type AuditQuery } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { auditEntityCounts, listAudit } from './audit.repo.ts';

const DEFAULT_PAGE_SIZE = 20;

export async function searchAudit(ctx: AppContext, q: AuditQuery): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { items, total } = await listAudit(ctx.db, {
    actor: q.actor,
    entity: q.entity,
    entityId: q.entity_id,
    action: q.action,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    page,
    pageSize,
  });
  return { items, total, page, page_size: pageSize };
}

export async function listAuditEntities(ctx: AppContext): Promise<AuditEntities> {
  return (await auditEntityCounts(ctx.db)).map((r) => ({ ...r, label: auditEntityLabel(r.entity) }));
}
