import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { contentPages } from '../../db/schema-content.ts';

export type ContentPageRow = typeof contentPages.$inferSelect;

export interface PageVersion {
  title: string;
  description: string;
  document: Record<string, unknown>;
}

const AUDIT_ENTITY = 'content_page';

/** First writer wins: several processes seeding the same defaults agree; an edited page is never overwritten. */
export async function insertPagesIfMissing(db: Db, pages: ReadonlyArray<PageVersion & { slug: string }>, now: Date): Promise<void> {
  if (pages.length === 0) return;
  await db
    .insert(contentPages)
    .values(pages.map((p) => ({ slug: p.slug, title: p.title, description: p.description, published: p.document, publishedAt: now })))
    .onConflictDoNothing({ target: contentPages.slug });
}

export async function listPageRows(db: Db): Promise<ContentPageRow[]> {
  return db.select().from(contentPages).orderBy(asc(contentPages.slug));
}

export async function existingSlugs(db: Db, slugs: readonly string[]): Promise<Set<string>> {
  const rows = await db.select({ slug: contentPages.slug }).from(contentPages).where(inArray(contentPages.slug, [...slugs]));
  return new Set(rows.map((r) => r.slug));
}

export async function findPageRow(db: Db, slug: string): Promise<ContentPageRow | null> {
  const rows = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
  return rows[0] ?? null;
}

function draftOf(row: ContentPageRow): PageVersion | null {
  if (!row.draft) return null;
  return { title: row.draftTitle ?? row.title, description: row.draftDescription ?? row.description, document: row.draft };
}

function publishedOf(row: ContentPageRow): PageVersion {
  return { title: row.title, description: row.description, document: row.published };
}

interface AuditedWrite {
  slug: string;
  actorId: number;
  now: Date;
}

/** Saves the draft and its audit row in one transaction. Null when the page does not exist. */
export async function saveDraftAudited(db: Db, w: AuditedWrite & { draft: PageVersion }): Promise<ContentPageRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentPages).where(eq(contentPages.slug, w.slug)).for('update');
    if (!current) return null;
    const [updated] = await tx
      .update(contentPages)
      .set({ draft: w.draft.document, draftTitle: w.draft.title, draftDescription: w.draft.description, draftUpdatedAt: w.now, draftUpdatedBy: w.actorId })
      .where(eq(contentPages.slug, w.slug))
      .returning();
    await tx.insert(auditLog).values({
      actorId: w.actorId,
      action: 'content.draft.save',
      entity: AUDIT_ENTITY,
      entityId: w.slug,
      before: draftOf(current),
      after: w.draft,
      createdAt: w.now,
    });
    return updated ?? null;
  });
}

export type PublishOutcome = { kind: 'missing' } | { kind: 'no-draft' } | { kind: 'done'; row: ContentPageRow };

const NO_DRAFT = { draft: null, draftTitle: null, draftDescription: null, draftUpdatedAt: null, draftUpdatedBy: null } as const;

/**
 * Locks the page, and when it has a draft applies `change` to it and writes the audit row, all in one
 * transaction. Publishing and discarding differ only in what they set and what the audit row says.
 */
async function resolveDraftAudited(
  db: Db,
  w: AuditedWrite,
  change: {
    action: string;
    set: (draft: PageVersion) => Partial<typeof contentPages.$inferInsert>;
    audit: (current: ContentPageRow, draft: PageVersion) => { before: unknown; after: unknown };
  },
): Promise<PublishOutcome> {
  return db.transaction(async (tx): Promise<PublishOutcome> => {
    const [current] = await tx.select().from(contentPages).where(eq(contentPages.slug, w.slug)).for('update');
    if (!current) return { kind: 'missing' };
    const draft = draftOf(current);
    if (!draft) return { kind: 'no-draft' };
    const [updated] = await tx.update(contentPages).set(change.set(draft)).where(eq(contentPages.slug, w.slug)).returning();
    await tx.insert(auditLog).values({ actorId: w.actorId, action: change.action, entity: AUDIT_ENTITY, entityId: w.slug, ...change.audit(current, draft), createdAt: w.now });
    if (!updated) return { kind: 'missing' };
    return { kind: 'done', row: updated };
  });
}

/** Makes the draft the published version (and clears the draft), with its audit row, in one transaction. */
export function publishDraftAudited(db: Db, w: AuditedWrite): Promise<PublishOutcome> {
  return resolveDraftAudited(db, w, {
    action: 'content.publish',
    set: (draft) => ({ title: draft.title, description: draft.description, published: draft.document, publishedAt: w.now, publishedBy: w.actorId, ...NO_DRAFT }),
    audit: (current, draft) => ({ before: publishedOf(current), after: draft }),
  });
}

/** Drops the draft with its audit row. Discarding when there is no draft changes nothing and writes no row. */
export function discardDraftAudited(db: Db, w: AuditedWrite): Promise<PublishOutcome> {
  return resolveDraftAudited(db, w, {
    action: 'content.draft.discard',
    set: () => ({ ...NO_DRAFT }),
    audit: (_current, draft) => ({ before: draft, after: null }),
  });
}
