/**
 * Minors' personal data (decision 064). The ID card number never sits in plain text: it is
 * kept here, AES-256-GCM encrypted, beside a keyed hash (search and uniqueness by the full number) and the last
 * four characters in clear (the Students list's ID-suffix search). The application's step-1 JSON keeps
 * `card_type` only. An erased student keeps this row with `erased_at` set and the number columns null.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const studentIdentity = pgTable(
  'student_identity',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    cardType: text('card_type'),
    /** "v1.<key id>.<iv>.<tag>.<ciphertext>" (base64url), bound to the account by the associated data. */
    idNumberCipher: text('id_number_cipher'),
    /** HMAC-SHA256 (hex) of the upper-cased number under a key derived from the data key. */
    idNumberHash: text('id_number_hash'),
    /** The last 4 characters, upper-case: what the Students list's "ID suffix" search matches. */
    idNumberTail: text('id_number_tail'),
    /** Which data key sealed the cipher text (also inside it): rotation finds the rows still under an old key. */
    keyId: text('key_id'),
    erasedAt: tstz('erased_at'),
    erasedBy: integer('erased_by'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('student_identity_hash_idx').on(t.idNumberHash), index('student_identity_tail_idx').on(t.idNumberTail)],
);
