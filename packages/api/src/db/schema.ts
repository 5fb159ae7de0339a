import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** One account per phone, with exactly one role (docs/decisions/004). Admin is a teacher with is_admin. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['student', 'teacher', 'school', 'sl'] }).notNull(),
    phoneCode: text('phone_code').notNull().default('86'),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    email: text('email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isDl: boolean('is_dl').notNull().default(false),
    /** Teachers: 1 teacher, 2 TF, 3 CSL, 4 staff, 9 admin. */
    teacherType: smallint('teacher_type'),
    /** Schools: the school this account speaks for. */
    schoolId: integer('school_id'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    disabledAt: tstz('disabled_at'),
  },
  (t) => [
    uniqueIndex('accounts_phone_uq').on(t.phoneCode, t.phone),
    // The Students console's default sort, newest registration first, pages from this at 50,000 students (decision 062).
    index('accounts_created_idx').on(t.createdAt, t.id),
    // The Students console sorts by name (bench:admin: 230 ms without it at 50,000 students, under 1 ms with it).
    index('accounts_name_idx').on(t.name, t.id),
  ],
);

/** A student's profile and journey flags; later modules (application, payments, offers) write the journey columns. */
export const studentProfiles = pgTable('student_profiles', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  activeType: smallint('active_type').notNull().default(1),
  batchStr: text('batch_str').notNull().default(''),
  schoolCountryId: integer('school_country_id'),
  schoolStateId: integer('school_state_id'),
  schoolCityId: integer('school_city_id'),
  schoolZoneId: integer('school_zone_id'),
  schoolId: integer('school_id'),
  schoolName: text('school_name'),
  activatedAt: tstz('activated_at').notNull().defaultNow(),
  infoCompletedAt: tstz('info_completed_at'),
  step1SubmittedAt: tstz('step1_submitted_at'),
  step2SubmittedAt: tstz('step2_submitted_at'),
  applyPaidAt: tstz('apply_paid_at'),
  tuitionPaidAt: tstz('tuition_paid_at'),
  /** null = no decision; 0 = decided, not released; 1 = released (docs/product/data.md offer_letter). */
  offerLetter: smallint('offer_letter'),
  offerCreatedAt: tstz('offer_created_at'),
  placeName: text('place_name'),
  professionalTrack: text('professional_track'),
  userTags: jsonb('user_tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Staff's note on the student (Students console, decision 062); never shown to the student. */
  adminNote: text('admin_note').notNull().default(''),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
},
  (t) => [
    // The school portal lists one school's students (decision 059).
    index('student_profiles_school_idx').on(t.schoolId),
    // The Students console's paid-at sort pages from an index at 50,000 students (decision 062).
    index('student_profiles_tuition_paid_idx').on(t.tuitionPaidAt, t.accountId),
    // Tag filter (user_tags @> '["x"]').
    index('student_profiles_tags_idx').using('gin', t.userTags),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['student', 'teacher', 'school', 'sl'] }).notNull(),
    plat: text('plat'),
    /** The address and browser that logged in, shown to the account owner on 登录设备 (decision 037). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Absolute lifetime end, per role (env TOKEN_TTL_DAYS / STAFF_TOKEN_TTL_DAYS). */
    expiresAt: tstz('expires_at').notNull(),
    /**
     * Coarse last activity: moved at most once per SESSION_TOUCH_MS, never on every request (decision 037).
     * Existing rows get the migration's now().
     */
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** last_seen_at + the role's idle lifetime; null for tokens issued before idle limits existed. */
    idleExpiresAt: tstz('idle_expires_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_account_idx').on(t.accountId)],
);

/** The arithmetic question asked before an SMS code is sent; one answer per challenge. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    answer: integer('answer').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    answeredAt: tstz('answered_at'),
    /** A wrong answer locks sending for this phone until then (spec: 3 s). */
    lockedUntil: tstz('locked_until'),
  },
  (t) => [index('captcha_phone_idx').on(t.phoneCode, t.phone, t.createdAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phoneCode, t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Every SMS the platform sends, whatever the provider: the audit trail and, for the outbox provider, the delivery. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneCode: text('phone_code').notNull(),
    phone: text('phone').notNull(),
    content: text('content').notNull(),
    /** Only the outbox provider keeps the code readable (demo mode reads it back). */
    code: text('code'),
    provider: text('provider').notNull(),
    /**
     * Verification codes are sent first and recorded as sent/failed. Result notifications (decision released,
     * tuition received) are written as 'pending' in the transaction of their event and delivered after commit
     * (docs/decisions/026): pending → sending (claimed) → sent | failed (retried while attempts remain).
     */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** Notifications only: one message per event, however often the event's request is retried. */
    eventKey: text('event_key'),
    /** Notifications only: the message kind (its template) and the template's parameters. */
    kind: text('kind'),
    params: jsonb('params'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: tstz('claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    uniqueIndex('sms_outbox_event_uq').on(t.eventKey),
    index('sms_outbox_status_idx').on(t.status, t.createdAt),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    ip: text('ip'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_phone_idx').on(t.phone, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

export const schools = pgTable(
  'schools',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    aliases: text('aliases').notNull().default(''),
    countryId: integer('country_id').notNull(),
    stateId: integer('state_id'),
    cityId: integer('city_id'),
    zoneId: integer('zone_id'),
    /** Level, the spec's school-filter `type` (domain SCHOOL_TYPES): 1 中学, 2 大学. */
    type: smallint('type').notNull().default(1),
    /** Ownership for admins' reports: 1 public, 2 private, 3 international school or programme. */
    category: smallint('category').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('schools_area_idx').on(t.countryId, t.stateId, t.cityId), uniqueIndex('schools_name_area_uq').on(t.name, t.countryId)],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    anonId: text('anon_id').notNull(),
    accountId: integer('account_id'),
    plat: text('plat'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_event_idx').on(t.event, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // The 操作日志 console pages newest first and filters by actor or time (decision 060).
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * Start-up steps that have committed (decision 022): each step's row is written in the same transaction as
 * its last write, so a start killed part-way re-runs exactly the steps that have no row.
 */
export const startupSteps = pgTable('startup_steps', {
  name: text('name').primaryKey(),
  completedAt: tstz('completed_at').notNull(),
});
