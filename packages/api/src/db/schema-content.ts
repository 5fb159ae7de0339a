/**
 * The public site's content store (decisions 013–019): each info page's words live here, edited by programme staff in
 * /admin. `published` is what visitors see; `draft` is what an editor has saved and may preview before
 * publishing (null when there is no unpublished change). Blocks are keyed by name; a block is sanitised
 * HTML (rich text) or structured JSON (FAQ entries, instructors, partners), as the page's layout expects.
 */
import { jsonb, pgTable, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const contentPages = pgTable('content_pages', {
  /** The page's path without the leading slash ('' for the home page), e.g. 'academic/pedagogy'. */
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  published: jsonb('published').$type<Record<string, unknown>>().notNull(),
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  draftTitle: text('draft_title'),
  draftDescription: text('draft_description'),
  publishedAt: tstz('published_at').notNull().defaultNow(),
  publishedBy: integer('published_by').references(() => accounts.id),
  draftUpdatedAt: tstz('draft_updated_at'),
  draftUpdatedBy: integer('draft_updated_by').references(() => accounts.id),
});
