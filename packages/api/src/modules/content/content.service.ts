/**
 * The content store (docs/decisions/013-content-store.md): public reads of the published pages, and the
 * admin's draft → preview → publish cycle with an audit row per write. Rich text is sanitised on every write.
 */
import {
  AppError,
  CONTENT_SLUGS,
  MSG,
  STUDENT_CONTENT_PAGES,
  contentSlugDef,
  contentTokenValues,
  fillDocumentTokens,
  fillTokens,
  pageDocumentSchema,
  type ContentTokenValues,
  type AdminContentList,
  type ContentSlugDef,
  type AdminContentPage,
  type Catalogue,
  type ContentDraftRequest,
  type PageDocument,
  type PublicPage,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { DEFAULT_CONTENT } from './default-content/index.ts';
import { sanitizeDocument } from '../../lib/content-sanitiser.ts';
import { getFees } from '../settings/settings.service.ts';
import { getDeadlines } from '../settings/deadlines.service.ts';
import { getStoredProgrammeFacts } from '../settings/programme.service.ts';
import { getContact } from '../site/site.service.ts';
import {
  discardDraftAudited,
  existingSlugs,
  findPageRow,
  insertPagesIfMissing,
  listPageRows,
  publishDraftAudited,
  saveDraftAudited,
  type ContentPageRow,
} from './content.repo.ts';

const seeded = new WeakMap<AppContext, Promise<void>>();

/** Inserts the default page of every slug that has no row yet (once per app; retried after a failure). */
export function ensureDefaultContent(ctx: AppContext): Promise<void> {
  let pending = seeded.get(ctx);
  if (!pending) {
    pending = (async () => {
      const slugs = [...CONTENT_SLUGS.map((s) => s.slug), ...STUDENT_CONTENT_PAGES.map((s) => s.slug)];
      const have = await existingSlugs(ctx.db, slugs);
      const missing = slugs.filter((slug) => !have.has(slug));
      await insertPagesIfMissing(
        ctx.db,
        missing.map((slug) => {
          const d = DEFAULT_CONTENT[slug]!;
          // The same sanitiser as an admin write, so stored pages are always in one form (links get rel).
          return { slug, title: d.title, description: d.description, document: sanitizeDocument(d.document) };
        }),
        ctx.now(),
      );
    })();
    pending.catch(() => seeded.delete(ctx));
    seeded.set(ctx, pending);
  }
  return pending;
}

/** The student pages (orientation, unlockable reading, decision 048): edited here, never served publicly. */
const STUDENT_SLUG_DEFS: readonly ContentSlugDef[] = STUDENT_CONTENT_PAGES.map((s) => ({ slug: s.slug, path: `/${s.slug}`, navTitle: s.title, amcHidden: false }));

function knownSlug(slug: string, scope: 'public' | 'staff' = 'public') {
  const def = contentSlugDef(slug) ?? (scope === 'staff' ? STUDENT_SLUG_DEFS.find((s) => s.slug === slug) : undefined);
  if (!def) throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  return def;
}

/** A stored document that no longer parses (a manual edit) falls back to the default words, never a 500. */
function storedDocument(slug: string, value: unknown): PageDocument {
  const parsed = pageDocumentSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  return DEFAULT_CONTENT[slug]?.document ?? { hero: { title: slug, subtitle: '' }, sections: [] };
}

async function rowOf(ctx: AppContext, slug: string, scope: 'public' | 'staff' = 'public'): Promise<ContentPageRow> {
  knownSlug(slug, scope);
  let row = await findPageRow(ctx.db, slug);
  if (!row) {
    await ensureDefaultContent(ctx);
    row = await findPageRow(ctx.db, slug);
  }
  if (!row) throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  return row;
}

function toPublic(row: ContentPageRow): PublicPage {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    document: storedDocument(row.slug, row.published),
    published_at: row.publishedAt.toISOString(),
  };
}

/** On the AMC variant (`amc`), the pages flagged amcHidden do not exist (decision 015). */
export interface VariantOptions {
  amc?: boolean;
}

/** The placeholders' current values: fees, deadlines (decision 019) and the programme facts (decision 029). */
export async function tokenValuesOf(ctx: AppContext): Promise<ContentTokenValues> {
  const [fees, deadlines, programme, contact] = await Promise.all([getFees(ctx), getDeadlines(ctx), getStoredProgrammeFacts(ctx), getContact(ctx)]);
  return contentTokenValues(fees, deadlines, programme, contact);
}

export async function getPublicPage(ctx: AppContext, slug: string, variant: VariantOptions = {}): Promise<PublicPage> {
  if (variant.amc && knownSlug(slug).amcHidden) throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  const [page, tokens] = await Promise.all([rowOf(ctx, slug).then(toPublic), tokenValuesOf(ctx)]);
  return {
    ...page,
    title: fillTokens(page.title, tokens),
    description: fillTokens(page.description, tokens),
    document: fillDocumentTokens(page.document, tokens),
  };
}

export async function getCatalogue(ctx: AppContext, variant: VariantOptions = {}): Promise<Catalogue> {
  await ensureDefaultContent(ctx);
  const rows = new Map((await listPageRows(ctx.db)).map((r) => [r.slug, r]));
  return {
    pages: CONTENT_SLUGS.filter((def) => !(variant.amc && def.amcHidden)).map((def) => ({
      slug: def.slug,
      path: def.path,
      title: rows.get(def.slug)?.title ?? DEFAULT_CONTENT[def.slug]?.title ?? def.navTitle,
      nav_title: def.navTitle,
      amc_hidden: def.amcHidden,
    })),
  };
}

export async function listAdminPages(ctx: AppContext): Promise<AdminContentList> {
  await ensureDefaultContent(ctx);
  const rows = new Map((await listPageRows(ctx.db)).map((r) => [r.slug, r]));
  const pages: AdminContentList['pages'] = [];
  for (const def of [...CONTENT_SLUGS, ...STUDENT_SLUG_DEFS]) {
    const row = rows.get(def.slug);
    if (!row) continue;
    pages.push({
      slug: def.slug,
      path: def.path,
      title: row.title,
      nav_title: def.navTitle,
      amc_hidden: def.amcHidden,
      published_at: row.publishedAt.toISOString(),
      has_draft: row.draft !== null,
      draft_updated_at: row.draft && row.draftUpdatedAt ? row.draftUpdatedAt.toISOString() : null,
    });
  }
  return { pages };
}

function toAdmin(row: ContentPageRow, tokens: ContentTokenValues): AdminContentPage {
  const def = knownSlug(row.slug, 'staff');
  return {
    tokens,
    slug: row.slug,
    path: def.path,
    published: {
      title: row.title,
      description: row.description,
      document: storedDocument(row.slug, row.published),
      published_at: row.publishedAt.toISOString(),
      published_by: row.publishedBy,
    },
    draft: row.draft
      ? {
          title: row.draftTitle ?? row.title,
          description: row.draftDescription ?? row.description,
          document: storedDocument(row.slug, row.draft),
          updated_at: (row.draftUpdatedAt ?? row.publishedAt).toISOString(),
          updated_by: row.draftUpdatedBy,
        }
      : null,
  };
}

export async function getAdminPage(ctx: AppContext, slug: string): Promise<AdminContentPage> {
  return toAdmin(await rowOf(ctx, slug, 'staff'), await tokenValuesOf(ctx));
}

export async function saveDraft(ctx: AppContext, auth: AuthState, slug: string, input: ContentDraftRequest): Promise<AdminContentPage> {
  await rowOf(ctx, slug, 'staff');
  const document = sanitizeDocument(input.document);
  const row = await saveDraftAudited(ctx.db, {
    slug,
    actorId: auth.accountId,
    now: ctx.now(),
    draft: { title: input.title, description: input.description, document },
  });
  if (!row) throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  return toAdmin(row, await tokenValuesOf(ctx));
}

export async function publishDraft(ctx: AppContext, auth: AuthState, slug: string): Promise<AdminContentPage> {
  await rowOf(ctx, slug, 'staff');
  const outcome = await publishDraftAudited(ctx.db, { slug, actorId: auth.accountId, now: ctx.now() });
  if (outcome.kind === 'missing') throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  if (outcome.kind === 'no-draft') throw AppError.message(MSG.CONTENT_NO_DRAFT);
  ctx.bus.publish({ channel: 'content-changed', slug });
  return toAdmin(outcome.row, await tokenValuesOf(ctx));
}

/** Discarding a page without a draft is a no-op that answers the page (idempotent; no audit row). */
export async function discardDraft(ctx: AppContext, auth: AuthState, slug: string): Promise<AdminContentPage> {
  const current = await rowOf(ctx, slug, 'staff');
  const outcome = await discardDraftAudited(ctx.db, { slug, actorId: auth.accountId, now: ctx.now() });
  if (outcome.kind === 'missing') throw AppError.notFound(MSG.PAGE_NOT_FOUND);
  return toAdmin(outcome.kind === 'done' ? outcome.row : current, await tokenValuesOf(ctx));
}

/** A student content page (orientation, reading) as published, placeholders filled; the caller checks the gate. */
export async function getStudentContentPage(ctx: AppContext, slug: string): Promise<PublicPage> {
  const [page, tokens] = await Promise.all([rowOf(ctx, slug, 'staff').then(toPublic), tokenValuesOf(ctx)]);
  return { ...page, title: fillTokens(page.title, tokens), description: fillTokens(page.description, tokens), document: fillDocumentTokens(page.document, tokens) };
}
