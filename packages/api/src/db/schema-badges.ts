/**
 * Badges and the honour roll (decision 104). A badge is a published achievement with a criterion; an award
 * gives one badge to one student at most once (the unique index makes automatic awards idempotent), and each
 * award is issued as an Open Badges 3.0 credential signed by the programme's key. An award is never deleted:
 * revocation stamps it, and the public verification page says so.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

export const badges = pgTable(
  'badges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** How the badge is earned, in words (the credential's achievement.criteria.narrative). */
    criteriaText: text('criteria_text').notNull(),
    /** manual | attendance_week | mission_x_accepted | talent_finalist | ... (BADGE_CRITERIA). */
    criterion: text('criterion').notNull(),
    /** The emblem drawn on the badge image (one or two characters) and its colour. */
    emblem: text('emblem').notNull(),
    colour: text('colour').notNull(),
    /** Drafts are invisible to students and never awarded automatically. */
    published: boolean('published').notNull().default(false),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('badges_name_uq').on(t.name), index('badges_criterion_idx').on(t.criterion, t.published)],
);

export const badgeAwards = pgTable(
  'badge_awards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The credential's public id (urn:uuid:…) and the verification link's key: unguessable. */
    publicId: text('public_id').notNull(),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** What earned it: 'manual', or the criterion's source (e.g. 'mission-x-submission', 'attendance-week'). */
    sourceKind: text('source_kind').notNull(),
    sourceId: text('source_id'),
    /** Staff who gave it by hand; null: awarded automatically. */
    awardedBy: integer('awarded_by').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note'),
    awardedAt: timestamp('awarded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed credential (VC-JWT, compact JWS), written once on first read; null until then. */
    credentialJwt: text('credential_jwt'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => accounts.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('badge_awards_badge_account_uq').on(t.badgeId, t.accountId),
    uniqueIndex('badge_awards_public_id_uq').on(t.publicId),
    index('badge_awards_account_idx').on(t.accountId, t.id),
    check('badge_awards_revoked_ck', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
  ],
);

/** The honour roll: a citation published by staff. Drafts (published_at null) are seen only in the console. */
export const honours = pgTable(
  'honours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    citation: text('citation').notNull(),
    /** Who is honoured, as shown (a student, a group, a house). */
    honoureeName: text('honouree_name').notNull(),
    /** The student honoured, when it is one student. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('honours_published_idx').on(t.publishedAt, t.id)],
);
