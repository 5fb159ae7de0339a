/**
 * The public site's content store (docs/api-contract.md "Content", docs/decisions/013-content-store.md).
 *
 * Each info page of docs/product/screens-and-routes.md has a row in `content_pages` keyed by its slug (the path without the leading slash,
 * '' for the home page). Its words are a PageDocument: a hero and a list of sections, each with sanitised rich
 * text and/or structured items (FAQ, people, timeline, cards, stats). Page layouts are code in the web; the
 * words come from here.
 */
import { z } from 'zod';
import { envelopeSchema } from './envelope.ts';
import { MSG } from './messages.ts';
import { requestObjectSchema, timestampSchema } from './api/common.ts';

// Houses and slugs: zod-free in content-slugs.ts (the web shell and the server's prerender read them).
export * from './content-slugs.ts';

/** The shape of a slug ('' or path segments of letters, digits and '-'); whether it exists is the server's answer. */
export const contentSlugSchema = z
  .string({ error: MSG.PARAM_INVALID })
  .max(100, { error: MSG.PARAM_INVALID })
  .regex(/^(?:[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)?$/, { error: MSG.PARAM_INVALID });

/** `?slug=` of every content endpoint. A missing slug is the home page's ''. */
export const contentSlugQuerySchema = requestObjectSchema({ slug: contentSlugSchema.default('') });
export type ContentSlugQuery = z.infer<typeof contentSlugQuerySchema>;

// Rich text -------------------------------------------------------------------------------------------------

/**
 * The editor's indent is stored as `data-indent="N"` (N = 1..CONTENT_MAX_INDENT) on p, h1, h2 and li; the
 * server's sanitiser keeps exactly that and drops any other attribute, class or style.
 */
export const CONTENT_INDENT_ATTR = 'data-indent';
export const CONTENT_MAX_INDENT = 8;
/** The tags the server keeps in rich text (a keeps href, and gets rel="noopener"). */
export const CONTENT_ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'h1', 'h2', 'ol', 'ul', 'li', 'blockquote', 'a'] as const;

// Limits of a document; larger input is a 4003, never stored.
export const CONTENT_LIMITS = {
  title: 120,
  description: 300,
  heading: 200,
  shortText: 500,
  text: 4_000,
  html: 50_000,
  sections: 40,
  entries: 100,
} as const;

function text(max: number, required = true) {
  const s = z.string({ error: MSG.PARAM_INVALID }).trim().max(max, { error: MSG.PARAM_INVALID });
  return required ? s.min(1, { error: MSG.TEXT_REQUIRED }) : s;
}

const entries = <T extends z.ZodType>(entry: T) =>
  z.array(entry, { error: MSG.PARAM_INVALID }).max(CONTENT_LIMITS.entries, { error: MSG.PARAM_INVALID });

export const faqEntrySchema = z.object({ q: text(CONTENT_LIMITS.shortText), a: text(CONTENT_LIMITS.html) });
export const personEntrySchema = z.object({
  name: text(CONTENT_LIMITS.heading),
  title: text(CONTENT_LIMITS.heading),
  bio: text(CONTENT_LIMITS.text, false),
  initials: text(4, false).optional(),
});
export const timelineEntrySchema = z.object({
  date: text(CONTENT_LIMITS.heading),
  label: text(CONTENT_LIMITS.shortText),
  note: text(CONTENT_LIMITS.text, false).optional(),
});
export const cardEntrySchema = z.object({
  title: text(CONTENT_LIMITS.heading),
  text: text(CONTENT_LIMITS.text, false),
  tag: text(40, false).optional(),
});
export const statEntrySchema = z.object({ value: text(40), label: text(CONTENT_LIMITS.heading) });

export const sectionItemsSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('faq'), entries: entries(faqEntrySchema) }),
    z.object({ kind: z.literal('people'), entries: entries(personEntrySchema) }),
    z.object({ kind: z.literal('timeline'), entries: entries(timelineEntrySchema) }),
    z.object({ kind: z.literal('cards'), entries: entries(cardEntrySchema) }),
    z.object({ kind: z.literal('stats'), entries: entries(statEntrySchema) }),
  ],
  { error: MSG.PARAM_INVALID },
);
export type SectionItems = z.infer<typeof sectionItemsSchema>;
export type SectionItemsKind = SectionItems['kind'];
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export type PersonEntry = z.infer<typeof personEntrySchema>;
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export type CardEntry = z.infer<typeof cardEntrySchema>;
export type StatEntry = z.infer<typeof statEntrySchema>;

export const pageSectionSchema = z.object(
  {
    /** Kebab-case anchor, unique in the page. */
    id: z
      .string({ error: MSG.PARAM_INVALID })
      .max(60, { error: MSG.PARAM_INVALID })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: MSG.PARAM_INVALID }),
    heading: text(CONTENT_LIMITS.heading),
    /** Sanitised rich text (the server sanitises on every write). */
    html: z.string({ error: MSG.PARAM_INVALID }).max(CONTENT_LIMITS.html, { error: MSG.PARAM_INVALID }).optional(),
    items: sectionItemsSchema.optional(),
  },
  { error: MSG.PARAM_INVALID },
);
export type PageSection = z.infer<typeof pageSectionSchema>;

export const pageDocumentSchema = z
  .object(
    {
      hero: z.object(
        { title: text(CONTENT_LIMITS.heading), subtitle: text(CONTENT_LIMITS.shortText, false) },
        { error: MSG.PARAM_INVALID },
      ),
      sections: z
        .array(pageSectionSchema, { error: MSG.PARAM_INVALID })
        .max(CONTENT_LIMITS.sections, { error: MSG.PARAM_INVALID }),
    },
    { error: MSG.PARAM_INVALID },
  )
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.sections.forEach((section, i) => {
      if (seen.has(section.id)) {
        ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: MSG.CONTENT_SECTION_ID_DUPLICATE });
      }
      seen.add(section.id);
    });
  });
export type PageDocument = z.infer<typeof pageDocumentSchema>;

export const contentTitleSchema = text(CONTENT_LIMITS.title);
export const contentDescriptionSchema = text(CONTENT_LIMITS.description, false);

// GET /api/content/pages?slug= (public) -----------------------------------------------------------------------
export const publicPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  document: pageDocumentSchema,
  published_at: timestampSchema,
});
export type PublicPage = z.infer<typeof publicPageSchema>;
export const publicPageResponseSchema = envelopeSchema(publicPageSchema);

// GET /api/content/catalogue (public) ----------------------------------------------------------------------
export const catalogueEntrySchema = z.object({
  slug: z.string(),
  path: z.string(),
  /** The page's published title. */
  title: z.string(),
  nav_title: z.string(),
  amc_hidden: z.boolean(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;
export const catalogueSchema = z.object({ pages: z.array(catalogueEntrySchema) });
export type Catalogue = z.infer<typeof catalogueSchema>;
export const catalogueResponseSchema = envelopeSchema(catalogueSchema);

// GET /api/admin/content/pages (admin) ---------------------------------------------------------------------
export const adminContentListItemSchema = z.object({
  slug: z.string(),
  path: z.string(),
  title: z.string(),
  nav_title: z.string(),
  amc_hidden: z.boolean(),
  published_at: timestampSchema,
  has_draft: z.boolean(),
  draft_updated_at: timestampSchema.nullable(),
});
export type AdminContentListItem = z.infer<typeof adminContentListItemSchema>;
export const adminContentListSchema = z.object({ pages: z.array(adminContentListItemSchema) });
export type AdminContentList = z.infer<typeof adminContentListSchema>;
export const adminContentListResponseSchema = envelopeSchema(adminContentListSchema);

// GET /api/admin/content/page?slug= (admin) ----------------------------------------------------------------
export const adminContentPageSchema = z.object({
  slug: z.string(),
  path: z.string(),
  published: z.object({
    title: z.string(),
    description: z.string(),
    document: pageDocumentSchema,
    published_at: timestampSchema,
    published_by: z.number().int().nullable(),
  }),
  /** null when there is no unpublished change. */
  draft: z
    .object({
      title: z.string(),
      description: z.string(),
      document: pageDocumentSchema,
      updated_at: timestampSchema,
      updated_by: z.number().int().nullable(),
    })
    .nullable(),
  /** Current values of the placeholders (content-tokens.ts) for the editor's hint and preview. */
  tokens: z.record(z.string(), z.string()),
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;
export const adminContentPageResponseSchema = envelopeSchema(adminContentPageSchema);

// PUT /api/admin/content/page/draft?slug= (admin) ----------------------------------------------------------
export const contentDraftRequestSchema = requestObjectSchema({
  title: contentTitleSchema,
  description: contentDescriptionSchema,
  document: pageDocumentSchema,
});
export type ContentDraftRequest = z.infer<typeof contentDraftRequestSchema>;
// The answer of PUT draft, POST publish and DELETE draft is the page as GET page returns it (after the change).

/**
 * Endpoint paths. Slugs contain '/' and the home page's slug is '', so the slug travels in `?slug=` everywhere
 * rather than as a path segment.
 */
export const CONTENT_API = {
  page: (slug: string) => `/api/content/pages?slug=${encodeURIComponent(slug)}`,
  catalogue: '/api/content/catalogue',
  adminList: '/api/admin/content/pages',
  adminPage: (slug: string) => `/api/admin/content/page?slug=${encodeURIComponent(slug)}`,
  adminDraft: (slug: string) => `/api/admin/content/page/draft?slug=${encodeURIComponent(slug)}`,
  adminPublish: (slug: string) => `/api/admin/content/page/publish?slug=${encodeURIComponent(slug)}`,
} as const;

/** The `<title>` prefix of every public page (crawler HTML and the SPA's document.title). */
export const SITE_TITLE_PREFIX = 'Summit 高中生夏季学术项目 - ';

