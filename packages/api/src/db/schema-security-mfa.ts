/**
 * Two-factor sign-in (decision 036). The TOTP secret is AES-256-GCM ciphertext (never the base32 text), recovery
 * codes and challenge tokens are keyed hashes / hashes: a copy of the database alone signs nobody in.
 */
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const accountMfa = pgTable('account_mfa', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The confirmed secret, encrypted; null until an enrolment is confirmed. */
  secretEnc: text('secret_enc'),
  /** A secret shown for scanning but not yet confirmed with a code. */
  pendingSecretEnc: text('pending_secret_enc'),
  pendingCreatedAt: tstz('pending_created_at'),
  enabledAt: tstz('enabled_at'),
  /** The last accepted TOTP time step: a code of this or an earlier step is a replay. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes since the last right one; reaching the limit locks until locked_until. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the normalised code under the data key, hex. */
    codeHash: text('code_hash').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_uq').on(t.accountId, t.codeHash)],
);

/** Between a right password and a session: a 5-minute, single-use token that only the second step accepts. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** verify: answer with a code; enrol: the account must bind an authenticator first. */
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    plat: text('plat'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('mfa_challenges_token_uq').on(t.tokenHash), index('mfa_challenges_account_idx').on(t.accountId)],
);
