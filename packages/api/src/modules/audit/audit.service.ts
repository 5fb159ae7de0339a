import type { Readable } from 'node:stream';
import { auditEntityLabel, type AuditEntities, type AuditEntry, type AuditPage, type AuditQuery } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { beijingTime, keysetBatches, streamSheet, type SheetColumn } from '../../exports/sheet-stream.ts';
import { auditEntityCounts, auditKeysetPage, listAudit } from './audit.repo.ts';

const DEFAULT_PAGE_SIZE = 20;

function filterOf(q: AuditQuery) {
  return {
    actor: q.actor,
    entity: q.entity,
    entityId: q.entity_id,
    action: q.action,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

/** A cell holds at most 32,767 characters in Excel; a larger before/after is cut with a mark. */
const CELL_MAX = 32_000;
function jsonCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = JSON.stringify(v) ?? '';
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…（已截断）` : text;
}

const AUDIT_COLUMNS: readonly SheetColumn<AuditEntry>[] = [
  { header: '编号', value: (e) => e.id },
  { header: '时间', width: 17, value: (e) => beijingTime(e.created_at) },
  { header: '操作人', width: 14, value: (e) => (e.actor ? e.actor.name : '系统') },
  { header: '操作人编号', value: (e) => e.actor_id },
  { header: '操作', width: 20, value: (e) => e.action },
  { header: '对象类型', value: (e) => auditEntityLabel(e.entity) },
  { header: '对象编号', value: (e) => e.entity_id ?? '' },
  { header: '修改前', width: 40, value: (e) => jsonCell(e.before) },
  { header: '修改后', width: 40, value: (e) => jsonCell(e.after) },
];

/** 操作日志 export (decisions 065, 066): the search applied, every matching row, oldest first. */
export function exportAudit(ctx: AppContext, q: AuditQuery): { fileName: string; stream: Readable } {
  const f = filterOf(q);
  const day = beijingTime(ctx.now()).slice(0, 10).replace(/-/g, '');
  return { fileName: `操作日志-${day}.xlsx`, stream: streamSheet('操作日志', AUDIT_COLUMNS, keysetBatches((after, limit) => auditKeysetPage(ctx.db, f, after, limit), (e) => e.id)) };
}

export async function searchAudit(ctx: AppContext, q: AuditQuery): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { items, total } = await listAudit(ctx.db, { ...filterOf(q), page, pageSize });
  return { items, total, page, page_size: pageSize };
}

export async function listAuditEntities(ctx: AppContext): Promise<AuditEntities> {
  return (await auditEntityCounts(ctx.db)).map((r) => ({ ...r, label: auditEntityLabel(r.entity) }));
}
