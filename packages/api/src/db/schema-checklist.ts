/**
 * The admitted student's checklist and the health-data permission (decisions 046/047).
 * The forms themselves live in `student_forms` (schema-admission.ts); the health form's value there is a
 * ciphertext only.
 */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { CHECKLIST_KINDS } from '@summit/domain/checklist';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });
const student = () =>
  integer('student_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
const item = () =>
  integer('item_id')
    .notNull()
    .references(() => checklistItems.id, { onDelete: 'cascade' });

/** One thing an admitted student must or may do; `key` names the record that marks it done (completion.ts). */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: CHECKLIST_KINDS }).notNull(),
    required: boolean('required').notNull().default(true),
    dueAt: tstz('due_at'),
    targetPath: text('target_path').notNull().default(''),
    /** Professional track (the programme) it is for; null = all. */
    track: text('track'),
    /** EB1 / EB2 / RD; null = all. */
    batch: text('batch'),
    sort: integer('sort').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('checklist_items_sort_idx').on(t.sort, t.id)],
);

/** Staff excused this student from this item. */
export const checklistWaivers = pgTable(
  'checklist_waivers',
  {
    itemId: item(),
    studentId: student(),
    waivedBy: integer('waived_by').references(() => accounts.id, { onDelete: 'set null' }),
    waivedAt: tstz('waived_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'checklist_waivers_pk', columns: [t.itemId, t.studentId] })],
);

/** The student's own 我已阅读 / 我已确认 for a `confirm:<slug>` key (keyed by key, so it survives re-creating the item). */
export const checklistConfirmations = pgTable(
  'checklist_confirmations',
  {
    studentId: student(),
    key: text('key').notNull(),
    confirmedAt: tstz('confirmed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'checklist_confirmations_pk', columns: [t.studentId, t.key] })],
);

/** One reminder per item and student: the row makes the durable job's effect idempotent. */
export const checklistReminders = pgTable(
  'checklist_reminders',
  {
    itemId: item(),
    studentId: student(),
    sentAt: tstz('sent_at').notNull(),
    sms: boolean('sms').notNull().default(false),
  },
  (t) => [primaryKey({ name: 'checklist_reminders_pk', columns: [t.itemId, t.studentId] })],
);

/** The student's choice to also get reminders by SMS (off unless they opt in). */
export const checklistPreferences = pgTable('checklist_preferences', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  smsReminders: boolean('sms_reminders').notNull().default(false),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Per-staff permissions beyond is_admin (decision 047): health_read lets an admin open students' health forms. */
export const staffPermissions = pgTable(
  'staff_permissions',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    healthRead: boolean('health_read').notNull().default(false),
    grantedBy: integer('granted_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('staff_permissions_health_idx').on(t.healthRead)],
);
