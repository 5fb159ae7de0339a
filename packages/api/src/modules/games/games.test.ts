/**
 * 脑力奥赛 (decision 105) against a real database: creating a round in a brain-olympics activity, pushing questions,
 * server-timed answers (late ones refused), one answer per student per question, the leaderboard's sums by house and
 * by student, who may host, and the live stream reaching a student connected to another API node through the bus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GAMES_MSG, QUIZ_GRACE_MS, type MyAnswer, type RoundState, type StudentBrainOlympics, type TeacherBrainOlympics, type TeacherRound, type Siege } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { activities } from '../../db/schema-activities.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { staffOfType, type Staff } from '../teaching/teaching-test-kit.ts';
import { ensureHouses } from '../venues/venues.queries.ts';
import { LocalMessageBus, type MessageBus } from '../../providers/bus/message-bus.ts';
import { PostgresMessageBus } from '../../providers/bus/postgres-message-bus.ts';

const DAY = 86_400_000;

let t: TestApp;
let host: Staff;
let otherTeacher: Staff;
let admin: Staff;
let alice: PayingStudent;
let bob: PayingStudent;
let ben: PayingStudent;
/** Not tuition-paid: takes part in nothing. */
let carol: PayingStudent;
let house1: number;
let house2: number;
let activityId: number;
let otherKindActivity: number;

const now = () => t.clock.now();
/** PGlite is one process: the two "nodes" share one in-process bus there; on PostgreSQL each has its own LISTEN. */
const shared = new LocalMessageBus();
const busFor = async (url: string | undefined): Promise<MessageBus> => (url ? new PostgresMessageBus(url).connect() : shared);

async function place(s: PayingStudent, houseId: number, venueId: number) {
  await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date(now().getTime() - 30 * DAY) }).where(eq(studentProfiles.accountId, s.accountId));
  await t.db.insert(venueAssignments).values({ studentId: s.accountId, venueId, method: 'manual' });
  await t.db.insert(houseAssignments).values({ studentId: s.accountId, houseId, venueId });
}

const q = (prompt: string, answer = 1, seconds = 20, points = 10) => ({ prompt, choices: ['甲', '乙', '丙', '丁'], answer, seconds, points });
const create = (body: object, token = host.token) => call<TeacherRound>(t.app, 'POST', '/api/teacher/brain-olympics', { token, body });
const push = (id: number, token = host.token) => call<TeacherRound>(t.app, 'POST', `/api/teacher/brain-olympics/rounds/${id}/push`, { token });
const end = (id: number, token = host.token) => call<TeacherRound>(t.app, 'POST', `/api/teacher/brain-olympics/rounds/${id}/end`, { token });
const answer = (questionId: number, choice: number, token: string) => call<MyAnswer>(t.app, 'POST', `/api/student/brain-olympics/questions/${questionId}/answer`, { token, body: { choice } });
const studentBoard = async (token: string) => (await call<StudentBrainOlympics>(t.app, 'GET', '/api/student/brain-olympics', { token })).body;

async function newRound(title: string, questions = [q('第一题'), q('第二题', 2)]): Promise<TeacherRound> {
  const res = await create({ activity_id: activityId, title, questions });
  expect(res.body.msg).toBe(GAMES_MSG.CREATED);
  return res.body.data!;
}

beforeAll(async () => {
  t = await createTestApp({ bus: busFor });
  host = await staffOfType(t, 1, '王老师');
  otherTeacher = await staffOfType(t, 1, '赵老师');
  admin = await staffOfType(t, 9, '管理员');
  await ensureHouses(t.db);
  const hs = await t.db.select({ id: houses.id }).from(houses).orderBy(houses.sort, houses.id);
  house1 = hs[0]!.id;
  house2 = hs[1]!.id;
  const [venue] = await t.db.insert(venues).values({ placeName: 'online-bo', name: '线上会场', capacity: 100 }).returning({ id: venues.id });
  alice = await payingStudent(t, { offer: 1, name: '林同学' });
  bob = await payingStudent(t, { offer: 1, name: '周同学' });
  ben = await payingStudent(t, { offer: 1, name: '孙同学' });
  carol = await payingStudent(t, { offer: 1, name: '郑同学' });
  await place(alice, house1, venue!.id);
  await place(bob, house2, venue!.id);
  await place(ben, house2, venue!.id);
  const [a] = await t.db
    .insert(activities)
    .values({ kind: 'brain-olympics', title: '脑力奥赛 第一场', opensAt: new Date(now().getTime() - DAY), closesAt: new Date(now().getTime() + 5 * DAY), published: true })
    .returning({ id: activities.id });
  activityId = a!.id;
  const [b] = await t.db
    .insert(activities)
    .values({ kind: 'mission-x', title: '别的活动', opensAt: new Date(now().getTime() - DAY), closesAt: new Date(now().getTime() + 5 * DAY), published: true })
    .returning({ id: activities.id });
  otherKindActivity = b!.id;
});

afterAll(async () => {
  await t.close();
});

describe('creating a round', () => {
  it('needs a brain-olympics activity, valid questions and a title unique in the activity; it is audited', async () => {
    expect((await create({ activity_id: otherKindActivity, title: '甲轮', questions: [q('题')] })).body.msg).toBe(GAMES_MSG.ACTIVITY_NOT_FOUND);
    expect((await create({ activity_id: activityId, title: '甲轮', questions: [] })).body.msg).toBe(GAMES_MSG.QUESTIONS);
    expect((await create({ activity_id: activityId, title: '甲轮', questions: [{ ...q('题'), answer: 5 }] })).body.msg).toBe(GAMES_MSG.ANSWER);
    expect((await create({ activity_id: activityId, title: '甲轮', questions: [{ ...q('题'), seconds: 2 }] })).body.msg).toBe(GAMES_MSG.SECONDS);
    const round = await newRound('甲轮');
    expect(round.status).toBe('draft');
    expect(round.questions.map((x) => x.position)).toEqual([1, 2]);
    expect((await create({ activity_id: activityId, title: '甲轮', questions: [q('题')] })).body.msg).toBe(GAMES_MSG.DUPLICATE_TITLE);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'games_quiz_round'), eq(auditLog.entityId, String(round.id))));
    expect(audit.map((r) => r.action)).toEqual(['games.quiz_create']);
  });

  it('students and schools may not create; another teacher may not push or end a round they did not create', async () => {
    expect((await create({ activity_id: activityId, title: '乙轮', questions: [q('题')] }, alice.token)).http).toBe(403);
    const round = await newRound('丙轮');
    expect((await push(round.id, otherTeacher.token)).body.msg).toBe(GAMES_MSG.NOT_HOST);
    expect((await end(round.id, otherTeacher.token)).body.msg).toBe(GAMES_MSG.NOT_HOST);
    expect((await push(round.id, admin.token)).body.msg).toBe(GAMES_MSG.PUSHED);
  });
});

describe('answering', () => {
  it('is timed by the server: before the push, within the time, and late answers are refused with the message', async () => {
    const round = await newRound('计时轮', [q('一加一', 1, 10), q('二加二', 3, 10)]);
    const [q1, q2] = round.questions;
    expect((await answer(q1!.id, 1, alice.token)).body.msg).toBe(GAMES_MSG.NOT_OPEN);
    const pushed = await push(round.id);
    expect(pushed.body.data!.current!.id).toBe(q1!.id);
    t.clock.advance(4_000);
    const ok = await answer(q1!.id, 1, alice.token);
    expect(ok.body.msg).toBe(GAMES_MSG.ANSWERED);
    expect(ok.body.data).toMatchObject({ elapsed_ms: 4_000, correct: null });
    // The next question waits for this one's time to run out.
    expect((await push(round.id)).body.msg).toBe(GAMES_MSG.QUESTION_RUNNING);
    t.clock.advance(6_000 + QUIZ_GRACE_MS + 1);
    const late = await answer(q1!.id, 1, bob.token);
    expect(late.body).toMatchObject({ status: 4001, msg: GAMES_MSG.LATE });
    expect((await push(round.id)).body.data!.current!.id).toBe(q2!.id);
    // After the time, the student's own answer is told right or wrong, and the answer is shown.
    const mine = (await studentBoard(alice.token)).data!.rounds.find((r) => r.id === round.id)!;
    expect(mine.my_answers).toEqual([{ question_id: q1!.id, choice: 1, correct: true, points: 10, elapsed_ms: 4_000 }]);
    expect(mine.current!.answer).toBeNull();
    t.clock.advance(20_000);
    expect((await push(round.id)).body.msg).toBe(GAMES_MSG.ALL_PUSHED);
  });

  it('once per student per question, even eight at once', async () => {
    const round = await newRound('一次轮', [q('单题', 0)]);
    await push(round.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => answer(round.questions[0]!.id, 0, bob.token)));
    expect(results.filter((r) => r.body.msg === GAMES_MSG.ANSWERED)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === GAMES_MSG.ALREADY_ANSWERED)).toHaveLength(7);
    expect((await answer(round.questions[0]!.id, 2, bob.token)).body.msg).toBe(GAMES_MSG.ALREADY_ANSWERED);
  });

  it('refuses a student outside the activity, a choice that is not offered, and answers after the round ended', async () => {
    const round = await newRound('范围轮', [q('题一', 0, 30)]);
    await push(round.id);
    expect((await answer(round.questions[0]!.id, 0, carol.token)).http).toBe(404);
    expect((await answer(round.questions[0]!.id, 4, alice.token)).body.msg).toBe(GAMES_MSG.CHOICE);
    expect((await end(round.id)).body.data!.status).toBe('ended');
    expect((await end(round.id)).body.data!.status).toBe('ended');
    expect((await answer(round.questions[0]!.id, 0, alice.token)).body.msg).toBe(GAMES_MSG.LATE);
    expect((await push(round.id)).body.msg).toBe(GAMES_MSG.ROUND_ENDED);
  });
});

describe('the leaderboard', () => {
  it('sums points by house and by student; wrong answers score nothing', async () => {
    const round = await newRound('积分轮', [q('题一', 1, 30, 10), q('题二', 2, 30, 20)]);
    const [q1, q2] = round.questions;
    await push(round.id);
    await answer(q1!.id, 1, alice.token); // right: house1 +10
    await answer(q1!.id, 1, bob.token); // right: house2 +10
    await answer(q1!.id, 0, ben.token); // wrong
    t.clock.advance(32_000);
    await push(round.id);
    await answer(q2!.id, 2, ben.token); // right: house2 +20
    await answer(q2!.id, 0, alice.token); // wrong
    const board = await call<TeacherBrainOlympics>(t.app, 'GET', '/api/teacher/brain-olympics', { token: host.token });
    const r = board.body.data!.rounds.find((x) => x.id === round.id)!;
    expect(r.leaderboard.houses.map((h) => [h.house_id, h.points, h.answers])).toEqual([
      [house2, 30, 3],
      [house1, 10, 2],
    ]);
    expect(r.leaderboard.students.map((s) => [s.name, s.points, s.correct])).toEqual([
      ['孙同学', 20, 1],
      // A tie goes to the faster total time, then to the earlier account.
      ['林同学', 10, 1],
      ['周同学', 10, 1],
    ]);
    expect(r.leaderboard.answers).toBe(5);
    expect(r.questions.map((x) => [x.answers, x.correct])).toEqual([
      [3, 2],
      [2, 1],
    ]);
  });
});

/** Reads `state` events from an SSE response until `until` holds (or the time runs out). */
async function readStates(res: Response, until: (s: RoundState) => boolean, ms = 8_000): Promise<RoundState[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const seen: RoundState[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let i: number;
      while ((i = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (!/^event: state$/m.test(block)) continue;
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        const state = JSON.parse(data) as RoundState;
        seen.push(state);
        if (until(state)) return seen;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return seen;
}

describe('the live stream', () => {
  it('delivers a question pushed on one node to a student connected to another, through the bus', async () => {
    const round = await newRound('直播轮', [q('直播题', 2, 30)]);
    const peer = await createPeerApp(t, { bus: busFor });
    try {
      const address = await peer.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/student/brain-olympics/rounds/${round.id}/stream`, { headers: { authorization: `Bearer ${alice.token}`, accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const states = readStates(res, (s) => s.current !== null && s.leaderboard.answers > 0);
      // Pushed and answered on the first node; the stream is on the second.
      await new Promise((r) => setTimeout(r, 200));
      await push(round.id);
      await new Promise((r) => setTimeout(r, 300));
      await answer(round.questions[0]!.id, 2, bob.token);
      const got = await states;
      expect(got[0]!.current).toBeNull();
      const withQuestion = got.find((s) => s.current !== null)!;
      expect(withQuestion.current).toMatchObject({ prompt: '直播题', choices: ['甲', '乙', '丙', '丁'], answer: null });
      expect(got.at(-1)!.leaderboard.houses).toEqual([{ house_id: house2, name: expect.any(String), points: 10, answers: 1 }]);
    } finally {
      await peer.close();
    }
  });

  it('refuses a stream without a token, from a student outside the activity, or for a missing round, with the envelope', async () => {
    const round = await newRound('门禁轮', [q('题')]);
    const none = await t.app.inject({ method: 'GET', url: `/api/student/brain-olympics/rounds/${round.id}/stream` });
    expect(none.statusCode).toBe(401);
    const outside = await t.app.inject({ method: 'GET', url: `/api/student/brain-olympics/rounds/${round.id}/stream`, headers: { authorization: `Bearer ${carol.token}` } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ msg: GAMES_MSG.ROUND_NOT_FOUND });
    const missing = await t.app.inject({ method: 'GET', url: `/api/teacher/brain-olympics/rounds/999999/stream`, headers: { authorization: `Bearer ${host.token}` } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('十二学院攻城', () => {
  it('shares the twelve territories by the 学院杯 ledger and moves when points are given', async () => {
    const siege = async () => (await call<Siege>(t.app, 'GET', '/api/student/xii-siege', { token: alice.token })).body.data!;
    const before = await siege();
    expect(before.territories).toHaveLength(12);
    expect(before.my_house_id).toBe(house1);
    const owned = (s: Siege, h: number) => s.houses.find((x) => x.house_id === h)!.territories;
    const gained = await call(t.app, 'POST', '/api/admin/house-cup', { token: admin.token, body: { house_id: house2, points: 50, reason: '脑力奥赛第一名' } });
    expect(gained.body.status).toBe(200);
    const after = await siege();
    expect(owned(after, house2)).toBeGreaterThan(owned(before, house2));
    expect(after.territories.filter((x) => x.holder === house2)).toHaveLength(owned(after, house2));
    expect(after.territories.find((x) => x.home_of === house2)!.holder).toBe(house2);
    expect((await call(t.app, 'GET', '/api/student/xii-siege', { token: host.token })).http).toBe(403);
  });
});
