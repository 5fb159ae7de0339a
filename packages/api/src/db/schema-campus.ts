/**
 * Campus (decision 106): interest clusters/clubs with a capacity, and their members (one row per student per
 * cluster). Joining locks the cluster row so the capacity holds under concurrent joins.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const campusClusters = pgTable(
  'campus_clusters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull(),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campus_clusters_name_uq').on(t.name), check('campus_clusters_capacity_ck', sql`${t.capacity} >= 1`)],
);

export const campusClusterMembers = pgTable(
  'campus_cluster_members',
  {
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => campusClusters.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.studentId] }), index('campus_cluster_members_student_idx').on(t.studentId)],
);
