import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { COURSE_CENTRE_MSG, MSG, SESSION_NAMES, STATUS, clashMessage, seatRuleViolation, type HeldCourse, type AllocationRun, type CentreConfig, type CentreCourse, type GrabResult, type SelectionRound, type Timetable } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { courses } from '../../db/schema-courses.ts';
import { enrolments, studentNotices, waitlistEntries } from '../../db/schema-course-centre.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { makeCourse, makeRound, makeVenue, placedStudent } from './course-centre-test-kit.ts';
import { findGoverningRound, findHeld, findLiveSelectionRound, grabSeat } from './course-centre.repo.ts';

let t: TestApp;
let admin: string;
let venueId: number;
const MIN = 60_000;
const base = '/api/student/course-center';

beforeAll(async () => {
  // Every student of this file registers from one address: more than a day's SMS codes per IP.
  t = await createTestApp({ env: { SMS_DAILY_PER_IP: '1000' } });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  venueId = (await makeVenue(t.db, 'beijing')).id;
});
afterAll(async () => {
  await t.close();
});

const grab = (token: string, course_id: number) => call<GrabResult>(t.app, 'POST', `${base}/cart/grab`, { token, body: { course_id } });
const takenOf = async (id: number) => (await t.db.select({ taken: courses.taken }).from(courses).where(eq(courses.id, id)))[0]!.taken;
const seatsOf = async (id: number) => (await t.db.select().from(enrolments).where(eq(enrolments.courseId, id))).length;
/** What the student holds (the rules' view) and every course's rules view by id, for comparing with the domain. */
async function findHeldOf(studentId: number): Promise<{ held: HeldCourse[]; all: Map<number, HeldCourse> }> {
  const held = await findHeld(t.db, studentId);
  const rows = (await t.db.execute(sql`select c.id, c.title, c.category, json_agg(json_build_object('start', (extract(epoch from m.starts_at) * 1000)::float8, 'end', (extract(epoch from m.ends_at) * 1000)::float8)) as meetings
    from courses c join course_meetings m on m.course_id = c.id group by c.id`)) as unknown as { rows: Array<{ id: number; title: string; category: HeldCourse['category']; meetings: Array<{ start: number; end: number }> }> };
  return { held, all: new Map(rows.rows.map((r) => [Number(r.id), { id: Number(r.id), title: r.title, category: r.category, meetings: r.meetings.map((m) => ({ start: Number(m.start), end: Number(m.end) })) }])) };
}
const toHeldView = (id: number, all: Map<number, HeldCourse>) => all.get(id)!;
const openRound = (o: Partial<Parameters<typeof makeRound>[1]> = {}) => makeRound(t.db, { opensAt: new Date(t.clock.now().getTime() - MIN), closesAt: new Date(t.clock.now().getTime() + 60 * MIN), ...o });

describe('gates (the domain courseCentreGate, docs/product/errors.md order)', () => {
  it('403-30 unpaid, 403-20 no venue, 403-30 no round, then the config with the server clock', async () => {
    const unpaid = await placedStudent(t, venueId, { paid: false });
    expect((await call(t.app, 'GET', `${base}/config`, { token: unpaid.token })).body).toMatchObject({ status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_SELECTION_NOT_OPEN_FOR_USER });
    // Unpaid comes first, even before the venue result is out.
    const unpaidUnpublished = await placedStudent(t, (await makeVenue(t.db, undefined, null)).id, { paid: false });
    expect((await call(t.app, 'GET', `${base}/config`, { token: unpaidUnpublished.token })).body).toMatchObject({ status: '403-30', msg: MSG.COURSE_SELECTION_NOT_OPEN_FOR_USER });

    const noSession = await placedStudent(t, venueId, { placeName: '' });
    expect((await call(t.app, 'GET', `${base}/config`, { token: noSession.token })).body).toMatchObject({ status: '403-20', msg: MSG.NO_PLACE });

    const s = await placedStudent(t, venueId);
    const config = await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token });
    expect(config.body).toMatchObject({ status: 200, data: { round: null, session_key: 'first', venue: { place_name: 'beijing' }, server_now: t.clock.now().toISOString() } });
    expect((await call(t.app, 'POST', `${base}/cart`, { token: s.token, body: { course_id: 1 } })).body).toMatchObject({ status: '403-30', msg: MSG.COURSE_CART_NOT_OPEN });
  });
});

describe('grab rules', () => {
  it('window, capacity, one seat, clash, FC cap, session and venue, all with their Chinese messages', async () => {
    const round = await openRound({ opensAt: new Date(t.clock.now().getTime() + MIN) });
    const s = await placedStudent(t, venueId);
    const a = await makeCourse(t.db, { title: '量子计算导论', slot: 1, capacity: 1 });
    expect((await grab(s.token, a.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.NOT_STARTED });
    t.clock.advance(2 * MIN);
    expect((await grab(s.token, a.id)).body).toMatchObject({ status: 200, data: { ok: true } });
    expect((await grab(s.token, a.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.FULL });

    const b = await makeCourse(t.db, { slot: 1, capacity: 5 });
    expect((await grab(s.token, b.id)).body).toMatchObject({ status: 4001, msg: clashMessage('量子计算导论') });
    const big = await makeCourse(t.db, { slot: 2, capacity: 5 });
    expect((await grab(s.token, big.id)).body.status).toBe(200);
    expect((await grab(s.token, big.id)).body).toMatchObject({ msg: COURSE_CENTRE_MSG.ALREADY_ENROLLED });
    expect(await takenOf(big.id)).toBe(1);

    const fcs = await Promise.all([3, 4, 5].map((n) => makeCourse(t.db, { category: 'fc', slot: n })));
    expect((await grab(s.token, fcs[0]!.id)).body.status).toBe(200);
    expect((await grab(s.token, fcs[1]!.id)).body.status).toBe(200);
    expect((await grab(s.token, fcs[2]!.id)).body).toMatchObject({ status: 4001, msg: '前沿对话最多可额外选择2门' });

    const second = await makeCourse(t.db, { sessionKey: 'second', slot: 9 });
    const elsewhere = await makeCourse(t.db, { venueId: (await makeVenue(t.db)).id, slot: 10 });
    for (const c of [second, elsewhere]) expect((await grab(s.token, c.id)).body).toMatchObject({ msg: '仅可选择本期本会场的课程' });

    t.clock.advance(120 * MIN);
    expect((await grab(s.token, b.id)).body).toMatchObject({ msg: COURSE_CENTRE_MSG.ENDED });
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${round.id}`);
  });

  it('the catalogue shows seats left, clashes and my flags; a preference round refuses the grab', async () => {
    await openRound();
    const s = await placedStudent(t, venueId);
    const held = await makeCourse(t.db, { title: '哲学', slot: 30 });
    const clashing = await makeCourse(t.db, { title: '逻辑', slot: 30, category: 'master_class' });
    expect((await grab(s.token, held.id)).body.status).toBe(200);
    await call(t.app, 'POST', `${base}/wish`, { token: s.token, body: { course_id: clashing.id } });
    const list = await call<CentreCourse[]>(t.app, 'GET', `${base}/courses?category=master_class&keyword=${encodeURIComponent('逻辑')}`, { token: s.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: clashing.id, clashes_with: '哲学', in_wish: true, enrolled: false, seats_left: 10 })]);
    const mine = await call<CentreCourse>(t.app, 'GET', `${base}/courses/${held.id}`, { token: s.token });
    expect(mine.body.data).toMatchObject({ enrolled: true, seats_left: 9 });
    expect((await call(t.app, 'GET', `${base}/courses?category=nope`, { token: s.token })).body).toMatchObject({ status: 4003 });
  });
});

describe('wish list and cart', () => {
  it('adds, sorts (only a permutation of the list), removes; submit needs 2 Cornerstone Workshops and grabs in order', async () => {
    const s = await placedStudent(t, venueId);
    const [c1, c2, w1, w2] = await Promise.all([makeCourse(t.db, { slot: 40 }), makeCourse(t.db, { slot: 41, capacity: 1, taken: 1 }), makeCourse(t.db, { category: 'cw', slot: 42 }), makeCourse(t.db, { category: 'cw', slot: 43 })]);
    for (const c of [c1!, c2!]) await call(t.app, 'POST', `${base}/wish`, { token: s.token, body: { course_id: c.id } });
    const sorted = await call<Array<{ course: CentreCourse; sort: number }>>(t.app, 'POST', `${base}/wish/sort`, { token: s.token, body: { course_ids: [c2!.id, c1!.id] } });
    expect(sorted.body.data?.map((i) => i.course.id)).toEqual([c2!.id, c1!.id]);
    expect((await call(t.app, 'POST', `${base}/wish/sort`, { token: s.token, body: { course_ids: [c1!.id] } })).body).toMatchObject({ status: 4003, msg: COURSE_CENTRE_MSG.SORT_MISMATCH });
    expect((await call(t.app, 'POST', `${base}/wish`, { token: s.token, body: { course_id: c1!.id } })).body.msg).toBe(COURSE_CENTRE_MSG.IN_WISH);

    for (const c of [c1!, c2!, w1!]) await call(t.app, 'POST', `${base}/cart`, { token: s.token, body: { course_id: c.id } });
    expect((await call(t.app, 'POST', `${base}/cart/submit`, { token: s.token })).body).toMatchObject({ status: 4001, msg: '请至少选择2门基石工作坊后再提交' });
    await call(t.app, 'POST', `${base}/cart`, { token: s.token, body: { course_id: w2!.id } });
    await call(t.app, 'DELETE', `${base}/cart/${c1!.id}`, { token: s.token });
    const submitted = await call<{ results: GrabResult[] }>(t.app, 'POST', `${base}/cart/submit`, { token: s.token });
    expect(submitted.body.data?.results).toEqual([
      { course_id: c2!.id, ok: false, msg: COURSE_CENTRE_MSG.FULL },
      { course_id: w1!.id, ok: true, msg: COURSE_CENTRE_MSG.GRAB_OK },
      { course_id: w2!.id, ok: true, msg: COURSE_CENTRE_MSG.GRAB_OK },
    ]);
    const cart = await call<Array<{ course: CentreCourse }>>(t.app, 'GET', `${base}/cart`, { token: s.token });
    expect(cart.body.data?.map((i) => i.course.id)).toEqual([c2!.id]);
    const my = await call<Timetable>(t.app, 'GET', `${base}/my`, { token: s.token });
    expect(my.body.data?.courses.map((c) => c.id).sort()).toEqual([w1!.id, w2!.id].sort());
  });
});

describe('contention', () => {
  it('N parallel grabs of the last seat: exactly one wins, the counter equals the seats', async () => {
    const students = await Promise.all(Array.from({ length: 8 }, () => placedStudent(t, venueId)));
    const last = await makeCourse(t.db, { slot: 50, capacity: 3, taken: 2 });
    const answers = await Promise.all(students.map((s) => grab(s.token, last.id)));
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === COURSE_CENTRE_MSG.FULL)).toHaveLength(7);
    expect(answers.every((a) => a.http < 500)).toBe(true);
    expect([await takenOf(last.id), await seatsOf(last.id)]).toEqual([3, 1]);
  });

  it('one student grabbing two clashing courses at once holds one', async () => {
    const s = await placedStudent(t, venueId);
    const [x, y] = await Promise.all([makeCourse(t.db, { slot: 51 }), makeCourse(t.db, { slot: 51 })]);
    const answers = await Promise.all([grab(s.token, x!.id), grab(s.token, y!.id), grab(s.token, x!.id)]);
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1);
    expect((await t.db.select().from(enrolments).where(eq(enrolments.studentId, s.accountId))).length).toBe(1);
  });

  it('a drop promotes the first waitlisted student who can take it, with a notice and audit; a racing grab never oversells', async () => {
    const [holder, blocked, waiting, racer] = await Promise.all(Array.from({ length: 4 }, () => placedStudent(t, venueId)));
    const full = await makeCourse(t.db, { title: '热门课', slot: 60, capacity: 1 });
    const clash = await makeCourse(t.db, { slot: 60 });
    expect((await grab(holder!.token, full.id)).body.status).toBe(200);
    expect((await call(t.app, 'POST', `${base}/waitlist`, { token: blocked!.token, body: { course_id: full.id } })).body.status).toBe(200);
    t.clock.advance(1000);
    expect((await call(t.app, 'POST', `${base}/waitlist`, { token: waiting!.token, body: { course_id: full.id } })).body.status).toBe(200);
    expect((await call(t.app, 'POST', `${base}/waitlist`, { token: waiting!.token, body: { course_id: full.id } })).body.msg).toBe(COURSE_CENTRE_MSG.ALREADY_WAITLISTED);
    // The first in line now holds a clashing course, so the seat passes to the second.
    expect((await grab(blocked!.token, clash.id)).body.status).toBe(200);

    const [drop, raced] = await Promise.all([call<Timetable>(t.app, 'DELETE', `${base}/enrolments/${full.id}`, { token: holder!.token }), grab(racer!.token, full.id)]);
    expect(drop.body).toMatchObject({ status: 200, msg: COURSE_CENTRE_MSG.DROP_OK });
    expect(raced.body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.FULL });
    expect([await takenOf(full.id), await seatsOf(full.id)]).toEqual([1, 1]);
    const [seat] = await t.db.select().from(enrolments).where(eq(enrolments.courseId, full.id));
    expect(seat).toMatchObject({ studentId: waiting!.accountId, source: 'waitlist' });
    const my = await call<Timetable>(t.app, 'GET', `${base}/my`, { token: waiting!.token });
    expect(my.body.data?.notices[0]).toMatchObject({ title: COURSE_CENTRE_MSG.PROMOTED_TITLE, body: expect.stringContaining('《热门课》') });
    expect(await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, blocked!.accountId))).toHaveLength(0);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'enrolment'), eq(auditLog.action, 'enrolment.waitlist')));
    expect(audits.map((a) => a.entityId)).toContain(String(waiting!.accountId));
    const blockedEntry = await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.studentId, blocked!.accountId), eq(waitlistEntries.courseId, full.id)));
    expect(blockedEntry[0]?.promotedAt).toBeNull();
  });
});

describe('the grab in one round trip (course_centre_grab, decision 094)', () => {
  let s: Awaited<ReturnType<typeof placedStudent>>;
  it('one statement per grab: seat, enrolment with its round, cart line cleared, audit row', async () => {
    const round = await openRound();
    s = await placedStudent(t, venueId);
    const c = await makeCourse(t.db, { slot: 80, capacity: 5 });
    expect((await call(t.app, 'POST', `${base}/cart`, { token: s.token, body: { course_id: c.id } })).body.status).toBe(200);
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const sent: unknown[] = [];
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      sent.push(args[0]);
      return query(...args);
    };
    try {
      expect((await grab(s.token, c.id)).body).toMatchObject({ status: 200, data: { ok: true } });
    } finally {
      client.query = query;
    }
    // The token is in the cache after the cart call: the grab is the one call of the stored function.
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('course_centre_grab');
    const [seat] = await t.db.select().from(enrolments).where(eq(enrolments.courseId, c.id));
    expect(seat).toMatchObject({ studentId: s.accountId, roundId: round.id, source: 'grab' });
    expect((await call<unknown[]>(t.app, 'GET', `${base}/cart`, { token: s.token })).body.data).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, String(s.accountId)), eq(auditLog.action, 'enrolment.grab')));
    expect(audits.map((a) => a.after)).toEqual([{ course_id: c.id, round_id: round.id }]);
    expect([await takenOf(c.id), await seatsOf(c.id)]).toEqual([1, 1]);
  });

  it('its seat rules answer as the domain seatRuleViolation: one seat, FC cap, clash (half-open meetings)', async () => {
    await openRound();
    const s = await placedStudent(t, venueId);
    const held = [await makeCourse(t.db, { title: '前沿一', category: 'fc', slot: 84 }), await makeCourse(t.db, { title: '前沿二', category: 'fc', slot: 85 }), await makeCourse(t.db, { title: '基石', category: 'cw', slot: 86 })];
    for (const c of held) expect((await grab(s.token, c.id)).body.status).toBe(200);
    const touching = await makeCourse(t.db, { category: 'cw', slot: 87 });
    await t.db.execute(sql`update course_meetings set starts_at = (select ends_at from course_meetings where course_id = ${held[2]!.id}), ends_at = (select ends_at from course_meetings where course_id = ${held[2]!.id}) + interval '1 hour' where course_id = ${touching.id}`);
    const candidates = [held[0]!, await makeCourse(t.db, { category: 'fc', slot: 88 }), await makeCourse(t.db, { title: '同时', slot: 86 }), touching];
    const heldView = await findHeldOf(s.accountId);
    for (const c of candidates) {
      const expected = seatRuleViolation(toHeldView(c.id, heldView.all), heldView.held);
      const answer = (await grab(s.token, c.id)).body;
      expect(answer.msg === COURSE_CENTRE_MSG.GRAB_OK ? null : answer.msg).toBe(expected);
    }
    expect(new Set((await findHeldOf(s.accountId)).held.map((h) => h.id))).toEqual(new Set([...held.map((h) => h.id), touching.id]));
  });

  it('refuses with the gate and the round: unpaid, no round, a preference round, a closed round, a category outside it', async () => {
    const v = await makeVenue(t.db);
    const c = await makeCourse(t.db, { slot: 89, venueId: v.id, sessionKey: 'second' });
    const s = await placedStudent(t, v.id, { paid: false, placeName: '第二期' });
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_SELECTION_NOT_OPEN_FOR_USER });
    await t.db.execute(sql`update student_profiles set tuition_paid_at = now() where account_id = ${s.accountId}`);
    // 第二期 has no round yet (the programme-wide rounds above are 第一期's).
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: STATUS.GATE_COURSE_CART, msg: MSG.COURSE_CART_NOT_OPEN });
    const pref = await openRound({ venueId: v.id, mode: 'preference', sessionKey: 'second' });
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.NOT_GRAB_ROUND });
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${pref.id}`);
    const round = await openRound({ venueId: v.id, categories: ['fc'], sessionKey: 'second' });
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.NOT_IN_ROUND });
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${round.id}`);
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.ENDED });
    expect([await takenOf(c.id), await seatsOf(c.id)]).toEqual([0, 0]);
  });

  it('a seat given meanwhile by another path (allocation) rolls the call back whole: 已选该课程, no counter moves', async () => {
    const c = await makeCourse(t.db, { slot: 83, capacity: 5 });
    // The stored function's own check sees the row; the unique index is the last word when it lands after the check.
    await t.db.insert(enrolments).values({ studentId: s.accountId, courseId: c.id, source: 'admin' });
    expect((await grab(s.token, c.id)).body).toMatchObject({ status: 4001, msg: COURSE_CENTRE_MSG.ALREADY_ENROLLED });
    const clash = await makeCourse(t.db, { slot: 83, capacity: 5 });
    expect((await grabSeat(t.db, { studentId: s.accountId, courseId: clash.id, now: t.clock.now(), sessionNames: SESSION_NAMES, fcMax: 2 })).outcome).toBe('clash');
    expect([await takenOf(c.id), await takenOf(clash.id)]).toEqual([0, 0]);
  });
});

describe('the governing round (one repo function for the card and the centre)', () => {
  it('a round under way wins over a later open one; the card announces the same round', async () => {
    const v = (await makeVenue(t.db)).id;
    const now = t.clock.now().getTime();
    // 第三期 has no other rounds in this file.
    const current = await makeRound(t.db, { sessionKey: 'third', venueId: v, opensAt: new Date(now - MIN), closesAt: new Date(now + 30 * MIN) });
    const later = await makeRound(t.db, { sessionKey: 'third', venueId: v, opensAt: new Date(now + 60 * MIN), closesAt: new Date(now + 90 * MIN) });
    const s = await placedStudent(t, v, { placeName: '第三期' });
    const config = await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token });
    expect(config.body.data).toMatchObject({ round: { id: current.id }, phase: 'open' });
    const card = await call<{ course_apply: { open_at: string | null }; allow_course_cart: boolean }>(t.app, 'GET', '/api/student/success-card-status', { token: s.token });
    expect(card.body.data).toMatchObject({ course_apply: { open_at: current.opensAt.toISOString() }, allow_course_cart: true });
    expect((await findGoverningRound(t.db, 'third', v, t.clock.now()))?.id).toBe(current.id);
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${current.id}`);
    // The current round closed early: the next one to open governs (phase before), and the card announces it.
    expect((await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token })).body.data).toMatchObject({ round: { id: later.id }, phase: 'before' });
    expect((await call<{ course_apply: { open_at: string | null } }>(t.app, 'GET', '/api/student/success-card-status', { token: s.token })).body.data?.course_apply.open_at).toBe(later.opensAt.toISOString());
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${later.id}`);
    // Nothing live: the centre still knows the latest round that began (选课已结束), the card announces none.
    expect((await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token })).body.data?.round).toMatchObject({ id: current.id, status: 'closed' });
    const closed = await call<{ course_apply: { open_at: string | null }; allow_course_cart: boolean }>(t.app, 'GET', '/api/student/success-card-status', { token: s.token });
    expect(closed.body.data).toMatchObject({ course_apply: { open_at: null }, allow_course_cart: false });
  });
});

describe('a venue round beats the programme-wide one', () => {
  it('a round announced for the venue governs over a programme-wide round under way; with it closed, the programme-wide one', async () => {
    const v = (await makeVenue(t.db)).id;
    const now = t.clock.now().getTime();
    // 第二期 has no other rounds in this file.
    const everywhere = await makeRound(t.db, { sessionKey: 'second', venueId: null, opensAt: new Date(now - 60 * MIN), closesAt: new Date(now + 600 * MIN) });
    const mine = await makeRound(t.db, { sessionKey: 'second', venueId: v, opensAt: new Date(now + MIN), closesAt: new Date(now + 60 * MIN) });
    const s = await placedStudent(t, v, { placeName: '第二期' });
    expect((await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token })).body.data).toMatchObject({ round: { id: mine.id }, phase: 'before' });
    expect((await findLiveSelectionRound(t.db, 'second', v, t.clock.now()))?.id).toBe(mine.id);
    // Students of another venue keep the programme-wide round.
    expect((await findGoverningRound(t.db, 'second', (await makeVenue(t.db)).id, t.clock.now()))?.id).toBe(everywhere.id);
    await t.db.execute(sql`update selection_rounds set status = 'closed' where id = ${mine.id}`);
    expect((await call<CentreConfig>(t.app, 'GET', `${base}/config`, { token: s.token })).body.data).toMatchObject({ round: { id: everywhere.id }, phase: 'open' });
  });
});

describe('preference allocation (admin)', () => {
  it('creates a round (audited), dry-runs reproducibly from the seed, commits once, shows fairness and waitlists', async () => {
    const rounds = '/api/admin/selection-rounds';
    const now = t.clock.now().getTime();
    const bad = await call(t.app, 'POST', rounds, { token: admin, body: { name: '志愿轮', session_key: 'first', venue_id: venueId, categories: ['major'], mode: 'preference', opens_at: new Date(now).toISOString(), closes_at: new Date(now - MIN).toISOString() } });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'closes_at' } });
    const body = { name: '志愿轮', session_key: 'first', venue_id: venueId, categories: ['major'], mode: 'preference', opens_at: new Date(now - MIN).toISOString(), closes_at: new Date(now + 10 * MIN).toISOString() };
    const badTarget = await call(t.app, 'POST', rounds, { token: admin, body: { ...body, seat_target: 13 } });
    expect(badTarget.body).toMatchObject({ status: 4003, data: { field: 'seat_target' } });
    const created = await call<SelectionRound>(t.app, 'POST', rounds, { token: admin, body: { ...body, seat_target: 2 } });
    expect(created.body).toMatchObject({ status: 200, data: { status: 'draft', mode: 'preference', seat_target: 2 } });
    const id = created.body.data!.id;
    expect((await call(t.app, 'POST', `${rounds}/${id}/status`, { token: admin, body: { status: 'open' } })).body.status).toBe(200);

    const majors = await Promise.all([70, 71, 72].map((n) => makeCourse(t.db, { category: 'major', slot: n, capacity: 2 })));
    const students = await Promise.all(Array.from({ length: 5 }, () => placedStudent(t, venueId)));
    for (const s of students) for (const m of majors) await call(t.app, 'POST', `${base}/wish`, { token: s.token, body: { course_id: m.id } });
    expect((await grab(students[0]!.token, majors[0]!.id)).body.msg).toBe(COURSE_CENTRE_MSG.NOT_GRAB_ROUND);

    const run1 = await call<AllocationRun>(t.app, 'POST', `${rounds}/${id}/dry-run`, { token: admin, body: { seed: 'summit-2026' } });
    const run2 = await call<AllocationRun>(t.app, 'POST', `${rounds}/${id}/dry-run`, { token: admin, body: { seed: 'summit-2026' } });
    expect(run1.body.data?.assignments).toEqual(run2.body.data?.assignments);
    expect(run1.body.data?.fairness).toMatchObject({ students: 5, seatsAssigned: 6, target: 2, belowTargetWithSeatFree: 0 });
    expect(run1.body.data!.fairness.first + run1.body.data!.fairness.second + run1.body.data!.fairness.third).toBe(6);
    expect(await takenOf(majors[0]!.id)).toBe(0);

    expect((await call(t.app, 'POST', `${rounds}/${id}/commit`, { token: admin, body: { run_id: run1.body.data!.id } })).body.msg).toBe(COURSE_CENTRE_MSG.ROUND_NOT_CLOSED_FOR_ALLOCATION);
    await call(t.app, 'POST', `${rounds}/${id}/status`, { token: admin, body: { status: 'closed' } });
    const committed = await call<SelectionRound>(t.app, 'POST', `${rounds}/${id}/commit`, { token: admin, body: { run_id: run1.body.data!.id } });
    expect(committed.body).toMatchObject({ status: 200, data: { status: 'allocated', seed: 'summit-2026' } });
    for (const m of majors) expect([await takenOf(m.id), await seatsOf(m.id)]).toEqual([2, 2]);
    expect((await call(t.app, 'POST', `${rounds}/${id}/commit`, { token: admin, body: { run_id: run2.body.data!.id } })).body.msg).toBe(COURSE_CENTRE_MSG.ROUND_ALREADY_ALLOCATED);
    const waitlists = await call<Array<{ entries: unknown[] }>>(t.app, 'GET', `${rounds}/${id}/waitlists`, { token: admin });
    expect(waitlists.body.data?.flatMap((w) => w.entries).length).toBeGreaterThan(0);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'enrolment.allocation'));
    expect(audit).toHaveLength(6);
  });
});

describe('venue result not yet published', () => {
  it('403-30 请在公布会场结果后选课 until result_publications has a venue row at or before now', async () => {
    const pending = (await makeVenue(t.db, undefined, null)).id;
    const s = await placedStudent(t, pending);
    expect((await call(t.app, 'GET', `${base}/config`, { token: s.token })).body).toMatchObject({ status: '403-30', msg: MSG.COURSE_AFTER_PLACE_RESULT });
    await t.db.execute(sql`insert into result_publications (kind, venue_id, publish_at) values ('venue', ${pending}, ${new Date(t.clock.now().getTime() - 1000).toISOString()}::timestamptz)`);
    expect((await call(t.app, 'GET', `${base}/config`, { token: s.token })).body.status).toBe(200);
  });
});
