/**
 * Admin messages (decision 061): saved segments (a named student filter) and the messages sent
 * to them. Delivery writes one student_notices row per recipient (schema-course-centre.ts), keyed by the message,
 * and an SMS outbox row for each opted-in recipient.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import type { SegmentFilter } from '@summit/domain';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const messageSegments = pgTable(
  'message_segments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_segments_name_uq').on(t.name)],
);

export const adminMessages = pgTable(
  'admin_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** Plain text, or rich text already sanitised (format 'html'). */
    body: text('body').notNull(),
    format: text('format', { enum: ['text', 'html'] }).notNull().default('text'),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    segmentId: integer('segment_id').references(() => messageSegments.id, { onDelete: 'set null' }),
    segmentName: text('segment_name'),
    sms: boolean('sms').notNull().default(true),
    /** scheduled → sent; editable and deletable only while scheduled. */
    status: text('status', { enum: ['scheduled', 'sent'] }).notNull().default('scheduled'),
    sendAt: tstz('send_at').notNull(),
    sentAt: tstz('sent_at'),
    recipientCount: integer('recipient_count'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('admin_messages_created_idx').on(t.createdAt)],
);
