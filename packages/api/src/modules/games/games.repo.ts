/**
 * Games (decision 105): the quiz rounds' reads and writes. Staff writes add their audit row in the same transaction.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema.ts';
import { houseAssignments, houses } from '../../db/schema-courses.ts';
import { quizAnswers, quizQuestions, quizRounds } from '../../db/schema-games.ts';
import { recordAudit } from '../audit/audit-write.ts';

export const QUIZ_AUDIT_ENTITY = 'games_quiz_round';
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type RoundRow = typeof quizRounds.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;

export async function findRound(db: Db | Tx, id: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(quizRounds).where(eq(quizRounds.id, id)).limit(1);
  return row;
}

export async function roundsOfActivities(db: Db, activityIds: number[]): Promise<RoundRow[]> {
  if (activityIds.length === 0) return [];
  return db.select().from(quizRounds).where(inArray(quizRounds.activityId, activityIds)).orderBy(desc(quizRounds.createdAt), desc(quizRounds.id));
}

export async function questionsOf(db: Db | Tx, roundIds: number[]): Promise<QuestionRow[]> {
  if (roundIds.length === 0) return [];
  return db.select().from(quizQuestions).where(inArray(quizQuestions.roundId, roundIds)).orderBy(asc(quizQuestions.roundId), asc(quizQuestions.position));
}

export async function findQuestion(db: Db, id: number): Promise<(QuestionRow & { activityId: number; status: RoundRow['status'] }) | undefined> {
  const [row] = await db
    .select({ q: quizQuestions, activityId: quizRounds.activityId, status: quizRounds.status })
    .from(quizQuestions)
    .innerJoin(quizRounds, eq(quizRounds.id, quizQuestions.roundId))
    .where(eq(quizQuestions.id, id))
    .limit(1);
  return row ? { ...row.q, activityId: row.activityId, status: row.status } : undefined;
}

export async function nameOf(db: Db, accountId: number): Promise<string> {
  const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.name ?? '';
}

export async function houseOfStudent(db: Db, studentId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: houses.id, name: houses.name })
    .from(houseAssignments)
    .innerJoin(houses, eq(houses.id, houseAssignments.houseId))
    .where(eq(houseAssignments.studentId, studentId))
    .limit(1);
  return row ?? null;
}

/** A round and its questions; the unique title per activity refuses a second one of the same name (null). */
export async function insertRoundAudited(
  db: Db,
  w: { activityId: number; title: string; questions: Array<{ prompt: string; choices: string[]; answer: number; seconds: number; points: number }>; actorId: number; now: Date },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizRounds)
      .values({ activityId: w.activityId, title: w.title, createdBy: w.actorId, createdAt: w.now })
      .onConflictDoNothing()
      .returning({ id: quizRounds.id });
    if (!row) return null;
    await tx.insert(quizQuestions).values(w.questions.map((q, i) => ({ roundId: row.id, position: i + 1, ...q })));
    await recordAudit(tx, {
      actorId: w.actorId,
      action: 'games.quiz_create',
      entity: QUIZ_AUDIT_ENTITY,
      entityId: row.id,
      before: null,
      after: { activity_id: w.activityId, title: w.title, questions: w.questions.length },
      now: w.now,
    });
    return row.id;
  });
}

export type PushOutcome = { kind: 'missing' } | { kind: 'ended' } | { kind: 'running' } | { kind: 'all-pushed' } | { kind: 'ok'; questionId: number };

/**
 * Pushes the next question: the round row is locked, so two pushes at once open one question; the one before must
 * have run out its time (plus the grace) first.
 */
export async function pushNextAudited(db: Db, w: { roundId: number; actorId: number; now: Date; graceMs: number }): Promise<PushOutcome> {
  return db.transaction(async (tx) => {
    const [round] = await tx.select().from(quizRounds).where(eq(quizRounds.id, w.roundId)).for('update').limit(1);
    if (!round) return { kind: 'missing' } as const;
    if (round.status === 'ended') return { kind: 'ended' } as const;
    const questions = await questionsOf(tx, [round.id]);
    const current = questions.find((q) => q.id === round.currentQuestionId);
    if (current?.openedAt && w.now.getTime() < current.openedAt.getTime() + current.seconds * 1000 + w.graceMs) return { kind: 'running' } as const;
    const next = questions.find((q) => q.openedAt === null);
    if (!next) return { kind: 'all-pushed' } as const;
    await tx.update(quizQuestions).set({ openedAt: w.now }).where(eq(quizQuestions.id, next.id));
    await tx.update(quizRounds).set({ status: 'live', currentQuestionId: next.id }).where(eq(quizRounds.id, round.id));
    await recordAudit(tx, { actorId: w.actorId, action: 'games.quiz_push', entity: QUIZ_AUDIT_ENTITY, entityId: round.id, before: null, after: { question: next.position }, now: w.now });
    return { kind: 'ok', questionId: next.id } as const;
  });
}

/** Ends a round (idempotent: an ended round stays as it was). False when missing. */
export async function endRoundAudited(db: Db, w: { roundId: number; actorId: number; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [round] = await tx.select().from(quizRounds).where(eq(quizRounds.id, w.roundId)).for('update').limit(1);
    if (!round) return false;
    if (round.status === 'ended') return true;
    await tx.update(quizRounds).set({ status: 'ended', endedAt: w.now }).where(eq(quizRounds.id, round.id));
    await recordAudit(tx, { actorId: w.actorId, action: 'games.quiz_end', entity: QUIZ_AUDIT_ENTITY, entityId: round.id, before: { status: round.status }, after: { status: 'ended' }, now: w.now });
    return true;
  });
}

/** One answer per student per question (unique): null when the student had answered already. */
export async function insertAnswer(
  db: Db,
  w: { questionId: number; roundId: number; studentId: number; houseId: number | null; choice: number; correct: boolean; points: number; elapsedMs: number; now: Date },
): Promise<{ id: number } | null> {
  const [row] = await db
    .insert(quizAnswers)
    .values({ questionId: w.questionId, roundId: w.roundId, studentId: w.studentId, houseId: w.houseId, choice: w.choice, correct: w.correct, points: w.points, elapsedMs: w.elapsedMs, answeredAt: w.now })
    .onConflictDoNothing()
    .returning({ id: quizAnswers.id });
  return row ?? null;
}

export async function answersOfStudent(db: Db, studentId: number, roundIds: number[]) {
  if (roundIds.length === 0) return [];
  return db
    .select({ roundId: quizAnswers.roundId, questionId: quizAnswers.questionId, choice: quizAnswers.choice, correct: quizAnswers.correct, points: quizAnswers.points, elapsedMs: quizAnswers.elapsedMs })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.studentId, studentId), inArray(quizAnswers.roundId, roundIds)));
}

export async function answerCounts(db: Db, roundId: number): Promise<Map<number, { answers: number; correct: number }>> {
  const rows = await db
    .select({ questionId: quizAnswers.questionId, answers: count(), correct: sql<number>`count(*) filter (where ${quizAnswers.correct})`.mapWith(Number) })
    .from(quizAnswers)
    .where(eq(quizAnswers.roundId, roundId))
    .groupBy(quizAnswers.questionId);
  return new Map(rows.map((r) => [r.questionId, { answers: r.answers, correct: r.correct }]));
}

/** The round's leaderboard: points by house (every answer, house at answer time) and the top students. */
export async function leaderboardOf(db: Db, roundId: number, topStudents: number) {
  const [byHouse, byStudent, total] = await Promise.all([
    db
      .select({ houseId: quizAnswers.houseId, name: houses.name, points: sum(quizAnswers.points).mapWith(Number), answers: count() })
      .from(quizAnswers)
      .innerJoin(houses, eq(houses.id, quizAnswers.houseId))
      .where(and(eq(quizAnswers.roundId, roundId), isNotNull(quizAnswers.houseId)))
      .groupBy(quizAnswers.houseId, houses.name)
      .orderBy(desc(sum(quizAnswers.points)), asc(houses.name)),
    db
      .select({
        studentId: quizAnswers.studentId,
        name: accounts.name,
        house: sql<string | null>`max(${houses.name})`,
        points: sum(quizAnswers.points).mapWith(Number),
        correct: sql<number>`count(*) filter (where ${quizAnswers.correct})`.mapWith(Number),
        elapsed: sum(quizAnswers.elapsedMs).mapWith(Number),
      })
      .from(quizAnswers)
      .innerJoin(accounts, eq(accounts.id, quizAnswers.studentId))
      .leftJoin(houses, eq(houses.id, quizAnswers.houseId))
      .where(eq(quizAnswers.roundId, roundId))
      .groupBy(quizAnswers.studentId, accounts.name)
      .orderBy(desc(sum(quizAnswers.points)), asc(sum(quizAnswers.elapsedMs)), asc(quizAnswers.studentId))
      .limit(topStudents),
    db.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.roundId, roundId)),
  ]);
  return { byHouse, byStudent, answers: total[0]?.n ?? 0 };
}
