/**
 * E-mail verification (decision 027). A student's address counts as verified when a link sent to that very
 * address was used: changing the e-mail therefore drops the verified state without touching `accounts`.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (lower-cased). */
    email: text('email').notNull(),
    /** SHA-256 of the link's token, hex; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    /** Set when a newer link to the account replaced this one: only the latest link works. */
    supersededAt: tstz('superseded_at'),
  },
  (t) => [uniqueIndex('email_verifications_token_uq').on(t.tokenHash), index('email_verifications_account_idx').on(t.accountId, t.createdAt)],
);

/** Every e-mail the platform sends, whatever the provider: the audit trail and, for the outbox provider, the delivery. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The body as sent by the outbox provider; with a real provider the one-time link is masked. */
    text: text('text').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress, t.createdAt)],
);
