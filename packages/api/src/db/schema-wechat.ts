/**
 * The WeChat browser (decision 069): open ids bound to accounts, per official-account app id; the OAuth states
 * that carry a login, a binding or a payer's open id across WeChat's redirect; and the access token and
 * jsapi_ticket every process shares.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WECHAT_OAUTH_PURPOSES } from '@summit/domain';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** An open id is only meaningful under the app id that issued it: both are the identity. */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    boundAt: tstz('bound_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_identities_app_open_uq').on(t.appId, t.openId), uniqueIndex('wechat_identities_account_app_uq').on(t.accountId, t.appId)],
);

/**
 * One OAuth round trip (or, purpose 'link', the hand-over of an unbound open id to the login that follows).
 * Only the SHA-256 of the random state is kept; used_at makes it single use.
 */
export const wechatOauthStates = pgTable(
  'wechat_oauth_states',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    purpose: text('purpose', { enum: WECHAT_OAUTH_PURPOSES }).notNull(),
    returnPath: text('return_path').notNull(),
    appId: text('app_id').notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Purpose 'link' only: the open id WeChat vouched for, waiting for the person to log in. */
    openId: text('open_id'),
    unionId: text('union_id'),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('wechat_oauth_states_expires_idx').on(t.expiresAt)],
);

/** access_token and jsapi_ticket per app: one fetch refreshes them for every process (row lock). */
export const wechatCredentials = pgTable(
  'wechat_credentials',
  {
    appId: text('app_id').notNull(),
    kind: text('kind', { enum: ['access_token', 'jsapi_ticket'] }).notNull(),
    value: text('value'),
    expiresAt: tstz('expires_at'),
    refreshedAt: tstz('refreshed_at'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.kind] })],
);
