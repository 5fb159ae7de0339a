/**
 * The WeChat mini-program (decision 097). Identities are wechat_identities rows under the mini-program's app id
 * (decision 069's table: an open id is only meaningful with the app id that issued it); these tables hold the
 * one-time codes between the mini-program and the site, the scan-to-log-in scenes, referral codes and bindings,
 * and the landings /mini/{id} opens.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A single-use hand-over, kept as the SHA-256 of its random value: `webview` (60 s, the web-view's URL to the
 * site's session) or `bind` (10 min, an unbound WeChat to the phone login that follows).
 */
export const miniprogramTickets = pgTable(
  'miniprogram_tickets',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind', { enum: ['webview', 'bind'] }).notNull(),
    app: text('app', { enum: ['main', 'com'] }).notNull(),
    appId: text('app_id').notNull(),
    openId: text('open_id').notNull(),
    unionId: text('union_id'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('miniprogram_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * One scan-to-log-in attempt. The scene id is public (it is in the code); the poll secret, of which only the hash is
 * kept, stays in the browser that asked, so only that browser can collect the session.
 */
export const miniprogramScenes = pgTable(
  'miniprogram_scenes',
  {
    sceneId: text('scene_id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    status: text('status', { enum: ['pending', 'scanned', 'confirmed', 'consumed', 'cancelled'] }).notNull().default('pending'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The WeChat that scanned (and confirmed). */
    appId: text('app_id'),
    openId: text('open_id'),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('miniprogram_scenes_expires_idx').on(t.expiresAt)],
);

/** Each account's own referral code (the `mini_referrer_id` its shares carry): random, not its account id. */
export const miniprogramReferrers = pgTable(
  'miniprogram_referrers',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('miniprogram_referrers_code_uq').on(t.code)],
);

/** Who referred an account: the first binding stays. */
export const miniprogramReferrals = pgTable('miniprogram_referrals', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  referrerAccountId: integer('referrer_account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  boundAt: tstz('bound_at').notNull().defaultNow(),
});

/**
 * What /mini/{id} opens: a page of the site and the referrer to keep. A mini-program code's scene holds 32
 * characters, too few for a path, so codes and cards name a landing by id. Id 1 is the built-in programme entry.
 */
export const miniprogramLandings = pgTable(
  'miniprogram_landings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100 }),
    targetPath: text('target_path').notNull(),
    title: text('title').notNull(),
    referrerAccountId: integer('referrer_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('miniprogram_landings_target_referrer_uq').on(t.targetPath, t.referrerAccountId)],
);
