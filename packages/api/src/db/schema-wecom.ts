/**
 * WeCom (企业微信, decision 098): staff accounts linked to corp member user ids (their WeCom sign-in), students'
 * WeCom identities (an outsider's open id and external_userid, the "eid"), and the OAuth states and bind tickets
 * that carry a sign-in or a binding across WeCom's redirect and the register page.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** A staff account's WeCom member user id: one per account, one account per (corp, user id). */
export const wecomStaffLinks = pgTable(
  'wecom_staff_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    corpId: text('corp_id').notNull(),
    wecomUserId: text('wecom_user_id').notNull(),
    /** The member's name as WeCom reported it when linked (shown beside the id in the console). */
    wecomName: text('wecom_name'),
    linkedBy: integer('linked_by').references(() => accounts.id, { onDelete: 'set null' }),
    linkedAt: tstz('linked_at').notNull().defaultNow(),
    lastSigninAt: tstz('last_signin_at'),
  },
  (t) => [uniqueIndex('wecom_staff_links_account_uq').on(t.accountId), uniqueIndex('wecom_staff_links_corp_user_uq').on(t.corpId, t.wecomUserId)],
);

/** A student's WeCom identity: one per account and corp, one account per (corp, open id). */
export const wecomStudentBindings = pgTable(
  'wecom_student_bindings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    corpId: text('corp_id').notNull(),
    openId: text('open_id').notNull(),
    /** Present when the student is an external contact of a member (the id the seminar counsellors' calls use). */
    externalUserId: text('external_user_id'),
    boundAt: tstz('bound_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wecom_student_bindings_account_corp_uq').on(t.accountId, t.corpId),
    uniqueIndex('wecom_student_bindings_corp_open_uq').on(t.corpId, t.openId),
    index('wecom_student_bindings_external_idx').on(t.corpId, t.externalUserId),
  ],
);

export const WECOM_STATE_PURPOSES = ['signin', 'bind', 'ticket'] as const;

/**
 * One OAuth round trip ('signin' or 'bind'), or ('ticket') the hand-over of an outsider's identity to the
 * register page, where the student signs in or registers and binds it. Only the SHA-256 of the random value is
 * kept; used_at makes it single use.
 */
export const wecomOauthStates = pgTable(
  'wecom_oauth_states',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    purpose: text('purpose', { enum: WECOM_STATE_PURPOSES }).notNull(),
    returnPath: text('return_path').notNull(),
    corpId: text('corp_id').notNull(),
    openId: text('open_id'),
    externalUserId: text('external_user_id'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('wecom_oauth_states_expires_idx').on(t.expiresAt)],
);
