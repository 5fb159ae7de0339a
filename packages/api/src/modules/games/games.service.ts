/**
 * 脑力奥赛 (decision 105): quiz rounds inside activities of kind 'brain-olympics' (decision 100 decides who takes part
 * and when). A teacher creates a round with its questions and pushes them one at a time; the server stores when each
 * question opened and times every answer against it (a late one is refused); one answer per student per question.
 * A right answer scores the question's points for the student and, through the house they belong to, their house.
 */
import {
  AppError,
  GAMES_MSG,
  QUIZ_GRACE_MS,
  answerWindow,
  type Leaderboard,
  type LiveQuestion,
  type MyAnswer,
  type QuizRoundInput,
  type RoundState,
  type StudentBrainOlympics,
  type TeacherBrainOlympics,
  type TeacherRound,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { activitiesForStudent, activitiesOfKind, activityById, activityWindow, mayTakePart } from '../activities/activities.queries.ts';
import * as repo from './games.repo.ts';
import { hubOf } from './games.live.ts';

const KIND = 'brain-olympics';
const TOP_STUDENTS = 10;

/** Eligibility of a student for an activity, remembered briefly: an answer burst asks it 2,000 times. */
const eligibility = new Map<string, { ok: boolean; until: number }>();
const ELIGIBILITY_TTL_MS = 30_000;

async function takesPart(ctx: AppContext, activityId: number, studentId: number): Promise<boolean> {
  const key = `${activityId}:${studentId}`;
  const now = Date.now();
  const hit = eligibility.get(key);
  if (hit && hit.until > now) return hit.ok;
  const ok = await mayTakePart(ctx.db, activityId, studentId);
  if (eligibility.size > 50_000) eligibility.clear();
  eligibility.set(key, { ok, until: now + ELIGIBILITY_TTL_MS });
  return ok;
}

export function liveHub(ctx: AppContext) {
  return hubOf(ctx, (c, id) => roundState(c, id));
}

// --- presenting ---------------------------------------------------------------------------------------------

function closesAt(q: repo.QuestionRow): Date | null {
  return q.openedAt ? new Date(q.openedAt.getTime() + q.seconds * 1000) : null;
}

function isOver(q: repo.QuestionRow, now: Date): boolean {
  return q.openedAt !== null && answerWindow(q.openedAt, q.seconds, now) === 'late';
}

function liveQuestionOf(q: repo.QuestionRow, count: number, now: Date): LiveQuestion {
  return {
    id: q.id,
    round_id: q.roundId,
    position: q.position,
    count,
    prompt: q.prompt,
    choices: q.choices,
    seconds: q.seconds,
    points: q.points,
    opened_at: q.openedAt!.toISOString(),
    closes_at: closesAt(q)!.toISOString(),
    answer: isOver(q, now) ? q.answer : null,
  };
}

async function leaderboard(ctx: AppContext, roundId: number): Promise<Leaderboard> {
  const lb = await repo.leaderboardOf(ctx.db, roundId, TOP_STUDENTS);
  return {
    houses: lb.byHouse.map((h) => ({ house_id: h.houseId!, name: h.name, points: h.points ?? 0, answers: h.answers })),
    students: lb.byStudent.map((s) => ({ student_id: s.studentId, name: s.name, house: s.house, points: s.points ?? 0, correct: s.correct })),
    answers: lb.answers,
  };
}

async function stateOf(ctx: AppContext, round: repo.RoundRow, questions: repo.QuestionRow[], activityTitle: string): Promise<RoundState> {
  const now = ctx.now();
  const current = questions.find((q) => q.id === round.currentQuestionId && q.openedAt);
  return {
    id: round.id,
    activity_id: round.activityId,
    activity_title: activityTitle,
    title: round.title,
    status: round.status,
    question_count: questions.length,
    current: current ? liveQuestionOf(current, questions.length, now) : null,
    leaderboard: await leaderboard(ctx, round.id),
    server_now: now.toISOString(),
  };
}

/** What every stream of the round receives (no per-viewer data). */
export async function roundState(ctx: AppContext, roundId: number): Promise<RoundState | null> {
  const round = await repo.findRound(ctx.db, roundId);
  if (!round) return null;
  const [questions, activity] = await Promise.all([repo.questionsOf(ctx.db, [round.id]), activityById(ctx.db, round.activityId)]);
  return stateOf(ctx, round, questions, activity?.title ?? '');
}

// --- student ------------------------------------------------------------------------------------------------

/** GET /api/student/brain-olympics: the rounds of every opened brain-olympics activity the student takes part in. */
export async function getStudentBoard(ctx: AppContext, auth: AuthState): Promise<StudentBrainOlympics> {
  const now = ctx.now();
  const acts = (await activitiesForStudent(ctx.db, auth.accountId, KIND)).filter((a) => activityWindow(a, now) !== 'upcoming');
  const titles = new Map(acts.map((a) => [a.id, a.title]));
  const rounds = await repo.roundsOfActivities(ctx.db, acts.map((a) => a.id));
  const [questions, mine, house] = await Promise.all([
    repo.questionsOf(ctx.db, rounds.map((r) => r.id)),
    repo.answersOfStudent(ctx.db, auth.accountId, rounds.map((r) => r.id)),
    repo.houseOfStudent(ctx.db, auth.accountId),
  ]);
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const out: StudentBrainOlympics['rounds'] = [];
  for (const r of rounds) {
    const qs = questions.filter((q) => q.roundId === r.id);
    const state = await stateOf(ctx, r, qs, titles.get(r.activityId) ?? '');
    const my_answers: MyAnswer[] = mine
      .filter((a) => a.roundId === r.id)
      .map((a) => {
        const over = isOver(questionById.get(a.questionId)!, now);
        return { question_id: a.questionId, choice: a.choice, correct: over ? a.correct : null, points: over ? a.points : null, elapsed_ms: a.elapsedMs };
      });
    out.push({ ...state, my_answers });
  }
  return { rounds: out, house };
}

/** The round, when the student takes part in its activity (else not found: a stranger learns nothing). */
export async function roundForStudent(ctx: AppContext, auth: AuthState, roundId: number): Promise<repo.RoundRow> {
  const round = await repo.findRound(ctx.db, roundId);
  if (!round || !(await takesPart(ctx, round.activityId, auth.accountId))) throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  return round;
}

/** POST /api/student/brain-olympics/questions/:id/answer: timed by the server, once per question. */
export async function answerQuestion(ctx: AppContext, auth: AuthState, questionId: number, choice: number): Promise<MyAnswer> {
  const now = ctx.now();
  const q = await repo.findQuestion(ctx.db, questionId);
  if (!q || !(await takesPart(ctx, q.activityId, auth.accountId))) throw AppError.notFound(GAMES_MSG.QUESTION_NOT_FOUND);
  const window = answerWindow(q.openedAt, q.seconds, now);
  if (window === 'not-open') throw AppError.message(GAMES_MSG.NOT_OPEN);
  if (window === 'late' || q.status === 'ended') throw AppError.message(GAMES_MSG.LATE);
  if (choice >= q.choices.length) throw AppError.param('choice', GAMES_MSG.CHOICE);
  const house = await repo.houseOfStudent(ctx.db, auth.accountId);
  const correct = choice === q.answer;
  const elapsedMs = Math.max(0, now.getTime() - q.openedAt!.getTime());
  const row = await repo.insertAnswer(ctx.db, { questionId: q.id, roundId: q.roundId, studentId: auth.accountId, houseId: house?.id ?? null, choice, correct, points: correct ? q.points : 0, elapsedMs, now });
  if (!row) throw AppError.message(GAMES_MSG.ALREADY_ANSWERED);
  liveHub(ctx).announce(q.roundId, 'answers');
  // Right or wrong is told when the time is up (the stream reveals the answer), not to a friend's chat first.
  return { question_id: q.id, choice, correct: null, points: null, elapsed_ms: elapsedMs };
}

// --- teacher ------------------------------------------------------------------------------------------------

function mayHost(auth: AuthState, round: repo.RoundRow): boolean {
  return auth.isAdmin || round.createdBy === auth.accountId;
}

/** GET /api/teacher/brain-olympics: every brain-olympics activity and its rounds with answer counts. */
export async function getTeacherBoard(ctx: AppContext, auth: AuthState): Promise<TeacherBrainOlympics> {
  const now = ctx.now();
  const acts = await activitiesOfKind(ctx.db, KIND);
  const titles = new Map(acts.map((a) => [a.id, a.title]));
  const rounds = await repo.roundsOfActivities(ctx.db, acts.map((a) => a.id));
  const questions = await repo.questionsOf(ctx.db, rounds.map((r) => r.id));
  const out: TeacherRound[] = [];
  for (const r of rounds) {
    const qs = questions.filter((q) => q.roundId === r.id);
    const [state, counts, hostName] = await Promise.all([stateOf(ctx, r, qs, titles.get(r.activityId) ?? ''), repo.answerCounts(ctx.db, r.id), repo.nameOf(ctx.db, r.createdBy)]);
    out.push({
      ...state,
      host: { id: r.createdBy, name: hostName },
      may_host: mayHost(auth, r),
      questions: qs.map((q) => ({
        id: q.id,
        position: q.position,
        prompt: q.prompt,
        choices: q.choices,
        answer: q.answer,
        seconds: q.seconds,
        points: q.points,
        opened_at: q.openedAt ? q.openedAt.toISOString() : null,
        answers: counts.get(q.id)?.answers ?? 0,
        correct: counts.get(q.id)?.correct ?? 0,
      })),
    });
  }
  return { activities: acts.map((a) => ({ id: a.id, title: a.title, window: activityWindow(a, now) })), rounds: out };
}

async function teacherRound(ctx: AppContext, auth: AuthState, roundId: number): Promise<TeacherRound> {
  const board = await getTeacherBoard(ctx, auth);
  const r = board.rounds.find((x) => x.id === roundId);
  if (!r) throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  return r;
}

/** POST /api/teacher/brain-olympics: a round and its questions inside an open or upcoming activity. */
export async function createRound(ctx: AppContext, auth: AuthState, input: QuizRoundInput): Promise<TeacherRound> {
  const activity = await activityById(ctx.db, input.activity_id);
  if (!activity || activity.kind !== KIND) throw AppError.param('activity_id', GAMES_MSG.ACTIVITY_NOT_FOUND);
  if (activityWindow(activity, ctx.now()) === 'closed') throw AppError.param('activity_id', GAMES_MSG.ACTIVITY_CLOSED);
  const id = await repo.insertRoundAudited(ctx.db, { activityId: activity.id, title: input.title, questions: input.questions, actorId: auth.accountId, now: ctx.now() });
  if (id === null) throw AppError.param('title', GAMES_MSG.DUPLICATE_TITLE);
  return teacherRound(ctx, auth, id);
}

async function hostedRound(ctx: AppContext, auth: AuthState, roundId: number): Promise<repo.RoundRow> {
  const round = await repo.findRound(ctx.db, roundId);
  if (!round) throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  if (!mayHost(auth, round)) throw AppError.message(GAMES_MSG.NOT_HOST);
  return round;
}

/** POST /api/teacher/brain-olympics/rounds/:id/push: opens the next question now, for everyone at once. */
export async function pushNext(ctx: AppContext, auth: AuthState, roundId: number): Promise<TeacherRound> {
  await hostedRound(ctx, auth, roundId);
  const out = await repo.pushNextAudited(ctx.db, { roundId, actorId: auth.accountId, now: ctx.now(), graceMs: QUIZ_GRACE_MS });
  if (out.kind === 'missing') throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  if (out.kind === 'ended') throw AppError.message(GAMES_MSG.ROUND_ENDED);
  if (out.kind === 'running') throw AppError.message(GAMES_MSG.QUESTION_RUNNING);
  if (out.kind === 'all-pushed') throw AppError.message(GAMES_MSG.ALL_PUSHED);
  liveHub(ctx).announce(roundId, 'question');
  return teacherRound(ctx, auth, roundId);
}

/** POST /api/teacher/brain-olympics/rounds/:id/end. */
export async function endRound(ctx: AppContext, auth: AuthState, roundId: number): Promise<TeacherRound> {
  await hostedRound(ctx, auth, roundId);
  if (!(await repo.endRoundAudited(ctx.db, { roundId, actorId: auth.accountId, now: ctx.now() }))) throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  liveHub(ctx).announce(roundId, 'ended');
  return teacherRound(ctx, auth, roundId);
}

/** The round for a teacher's stream (any teacher may watch). */
export async function roundForTeacher(ctx: AppContext, roundId: number): Promise<repo.RoundRow> {
  const round = await repo.findRound(ctx.db, roundId);
  if (!round) throw AppError.notFound(GAMES_MSG.ROUND_NOT_FOUND);
  return round;
}
