/**
 * Games (decision 105): 脑力奥赛 quiz rounds inside an activity of kind 'brain-olympics', their questions (the time a
 * question was pushed is stored here: the server times every answer against it) and the answers, one per student per
 * question (unique). The house of an answer is copied at answer time so the leaderboard is one grouped read.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUIZ_ROUND_STATUSES } from '@summit/domain/games';
import { accounts } from './schema.ts';
import { activities } from './schema-activities.ts';
import { houses } from './schema-courses.ts';

const tstz = (name: string) => timestamp(name, { withTimezone: true });

export const quizRounds = pgTable(
  'games_quiz_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    status: text('status', { enum: QUIZ_ROUND_STATUSES }).notNull().default('draft'),
    /** The question on screen now (the last one pushed), or null before the first push. */
    currentQuestionId: integer('current_question_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    endedAt: tstz('ended_at'),
  },
  (t) => [uniqueIndex('games_quiz_rounds_title_uq').on(t.activityId, t.title), index('games_quiz_rounds_status_idx').on(t.status)],
);

export const quizQuestions = pgTable(
  'games_quiz_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer('round_id')
      .notNull()
      .references(() => quizRounds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    answer: integer('answer').notNull(),
    seconds: integer('seconds').notNull(),
    points: integer('points').notNull(),
    /** Set once, by the server, when the question is pushed. */
    openedAt: tstz('opened_at'),
  },
  (t) => [uniqueIndex('games_quiz_questions_position_uq').on(t.roundId, t.position), check('games_quiz_questions_seconds_ck', sql`${t.seconds} between 1 and 3600`)],
);

export const quizAnswers = pgTable(
  'games_quiz_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => quizRounds.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    houseId: integer('house_id').references(() => houses.id, { onDelete: 'set null' }),
    choice: integer('choice').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    answeredAt: tstz('answered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('games_quiz_answers_one_uq').on(t.questionId, t.studentId), index('games_quiz_answers_round_idx').on(t.roundId, t.houseId)],
);
