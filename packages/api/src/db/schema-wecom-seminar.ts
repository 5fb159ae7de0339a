/**
 * The information seminar over WeCom (decision 099): seminars, counsellors with the provinces and schools they cover
 * and their capacity, sign-ups with the counsellor they were assigned and whether they added that counsellor on
 * WeCom, and the WeCom callbacks received (a replayed signature is refused).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schema.ts';

export const wecomSeminars = pgTable('wecom_seminars', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  location: text('location').notNull().default(''),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** Taking sign-ups. */
  open: boolean('open').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wecomCounsellors = pgTable(
  'wecom_counsellors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The counsellor's member id in the corporation's WeCom (add_contact_way's `user`). */
    wecomUserid: text('wecom_userid').notNull(),
    intro: text('intro').notNull().default(''),
    capacity: integer('capacity').notNull(),
    /** Sign-ups assigned so far; raised in the assignment's transaction, never past capacity. */
    assigned: integer('assigned').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wecom_counsellors_userid_uq').on(t.wecomUserid), check('wecom_counsellors_load_ck', sql`${t.assigned} >= 0 and ${t.assigned} <= ${t.capacity}`)],
);

/** Provinces (region state ids) a counsellor covers. */
export const wecomCounsellorProvinces = pgTable(
  'wecom_counsellor_provinces',
  {
    counsellorId: integer('counsellor_id')
      .notNull()
      .references(() => wecomCounsellors.id, { onDelete: 'cascade' }),
    stateId: integer('state_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.counsellorId, t.stateId] })],
);

export const wecomCounsellorSchools = pgTable(
  'wecom_counsellor_schools',
  {
    counsellorId: integer('counsellor_id')
      .notNull()
      .references(() => wecomCounsellors.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.counsellorId, t.schoolId] })],
);

export const wecomSeminarSignups = pgTable(
  'wecom_seminar_signups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => wecomSeminars.id, { onDelete: 'restrict' }),
    /** SHA-256 of the sign-up's secret key (the browser holds the key). */
    keyHash: text('key_hash').notNull(),
    role: text('role').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    grade: text('grade').notNull(),
    stateId: integer('state_id').notNull(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    schoolName: text('school_name').notNull().default(''),
    counsellorId: integer('counsellor_id').references(() => wecomCounsellors.id, { onDelete: 'restrict' }),
    /** Which tier of the rule chose the counsellor: school, province or general. */
    assignRule: text('assign_rule'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The contact-me code's `state` (≤ 30 characters, random): how WeCom's callback names this sign-up. */
    contactState: text('contact_state').notNull(),
    configId: text('config_id'),
    qrCode: text('qr_code'),
    externalUserid: text('external_userid'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wecom_seminar_signups_phone_uq').on(t.seminarId, t.phone),
    uniqueIndex('wecom_seminar_signups_state_uq').on(t.contactState),
    index('wecom_seminar_signups_counsellor_idx').on(t.counsellorId),
    check('wecom_seminar_signups_role_ck', sql`${t.role} in ('student', 'parent')`),
  ],
);

/** Every accepted WeCom callback by its signature: the same signed message twice is a replay. */
export const wecomCallbackReceipts = pgTable(
  'wecom_callback_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    signature: text('signature').notNull(),
    event: text('event').notNull(),
    changeType: text('change_type').notNull().default(''),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wecom_callback_receipts_signature_uq').on(t.signature)],
);
