import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HOUSE_CUP_MSG, MSG, TWELVE_HOUSES, type HouseCupEntry, type HouseCupLeaderboard, type HouseCupLedger, type StudentHouseCup } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { resultPublications } from '../../db/schema-venue-house.ts';
import { houseCupEntries } from '../../db/schema-house-cup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent } from '../payments/payment-test-kit.ts';
import { HOUSE_CUP_AUDIT_ENTITY } from './house-cup.repo.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let teacher: string;
let staff: string;
let csl: string;
let school: string;
let student: { token: string; accountId: number };
let venueId: number;
const houseId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  teacher = await createStaffToken(t, 'teacher');
  staff = await createStaffToken(t, 'teacher');
  csl = await createStaffToken(t, 'teacher');
  const staffId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: staff })).body.data!.user_id;
  const cslId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: csl })).body.data!.user_id;
  await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, staffId));
  // The session was cached as a type-1 teacher by the info call; the type is read with the session.
  t.app.ctx.tokenCache.evictAccount(staffId);
  await t.db.update(accounts).set({ teacherType: 3 }).where(eq(accounts.id, cslId));
  school = await createStaffToken(t, 'school');
  const [venue] = await t.db.insert(venues).values({ placeName: 'beijing', name: '北京会场', city: '北京', isBeijing: true, capacity: 10 }).returning({ id: venues.id });
  venueId = venue!.id;
  const rows = await t.db.insert(houses).values(TWELVE_HOUSES.map((h, i) => ({ code: h.code, name: h.name, englishName: h.english, colour: h.colour, sort: i + 1 }))).returning({ id: houses.id, code: houses.code });
  for (const r of rows) houseId[r.code] = r.id;
  student = await payingStudent(t, { offer: 1, name: '学院杯同学' });
  await t.db.update(studentProfiles).set({ tuitionPaidAt: t.clock.now(), placeName: '第一期' }).where(eq(studentProfiles.accountId, student.accountId));
  await t.db.insert(venueAssignments).values({ studentId: student.accountId, venueId, method: 'manual' });
  await t.db.insert(houseAssignments).values({ studentId: student.accountId, houseId: houseId[TWELVE_HOUSES[1]!.code]!, venueId });
});
afterAll(async () => {
  await t.close();
});

const [FIRST, SECOND, THIRD] = TWELVE_HOUSES.map((h) => h.code) as [string, string, string];
const give = (body: object, token = admin) => call<HouseCupEntry>(t.app, 'POST', '/api/admin/house-cup', { token, body });
const reverse = (id: number, body: object = { reason: '记错了' }, token = admin) => call<HouseCupEntry>(t.app, 'PUT', `/api/admin/house-cup/${id}`, { token, body });
const board = async () => (await call<HouseCupLeaderboard>(t.app, 'GET', '/api/house-cup')).body.data!;
const pointsOf = (b: HouseCupLeaderboard, code: string) => b.houses.find((h) => h.code === code)!;

describe('permissions', () => {
  it('only admins and staff (type 4, house_cup.write) write or read the ledger: student, teacher, CSL and school get 403 无权限访问！', async () => {
    for (const token of [student.token, teacher, csl, school]) {
      for (const res of [await give({ house_id: houseId[FIRST], points: 5, reason: '越权' }, token), await reverse(1, { reason: 'x' }, token), await call(t.app, 'GET', '/api/admin/house-cup', { token })]) {
        expect({ http: res.http, status: res.body.status, msg: res.body.msg }).toEqual({ http: 403, status: 4001, msg: MSG.NO_PERMISSION });
      }
    }
    expect((await give({ house_id: houseId[FIRST], points: 5, reason: '无登录' }, '')).http).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/house-cup', { token: staff })).body.status).toBe(200);
    expect(await t.db.select().from(houseCupEntries)).toHaveLength(0);
  });

  it('the board is public; the student view needs a student', async () => {
    expect((await call(t.app, 'GET', '/api/house-cup')).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/student/house-cup')).http).toBe(401);
    expect((await call(t.app, 'GET', '/api/student/house-cup', { token: teacher })).http).toBe(403);
  });
});

describe('giving points', () => {
  it('an empty ledger: all twelve houses share first place with 0', async () => {
    const b = await board();
    expect(b.houses).toHaveLength(12);
    expect(b.houses.every((h) => h.points === 0 && h.rank === 1)).toBe(true);
    expect(b.updated_at).toBeNull();
  });

  it('an admin gives points: stored with reason, giver and time, audited in the same write', async () => {
    const res = await give({ house_id: houseId[FIRST], points: 10, reason: '  辩论赛冠军 ', venue_id: venueId });
    expect(res.body).toMatchObject({ status: 200, msg: HOUSE_CUP_MSG.GIVEN, data: { points: 10, reason: '辩论赛冠军', house: { code: FIRST }, venue: { id: venueId, name: '北京会场' }, giver: { id: adminId }, reverses_id: null, reversed_by_id: null } });
    expect(res.body.data!.created_at).toBe(t.clock.now().toISOString());
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, HOUSE_CUP_AUDIT_ENTITY), eq(auditLog.action, 'house_cup.give')));
    expect(audit).toMatchObject({ actorId: adminId, entityId: String(res.body.data!.id), before: null, after: { house_id: houseId[FIRST], points: 10, reason: '辩论赛冠军', venue_id: venueId } });
  });

  it.each([
    [{ points: 5, reason: 'x' }, 'house_id', HOUSE_CUP_MSG.HOUSE_REQUIRED],
    [{ house_id: 'a', points: 5, reason: 'x' }, 'house_id', HOUSE_CUP_MSG.HOUSE_REQUIRED],
    [{ house_id: 1, points: 0, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 1, points: 2.5, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 1, points: 1001, reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 1, points: '5', reason: 'x' }, 'points', HOUSE_CUP_MSG.POINTS],
    [{ house_id: 1, points: 5, reason: '' }, 'reason', HOUSE_CUP_MSG.REASON],
    [{ house_id: 1, points: 5, reason: '长'.repeat(201) }, 'reason', HOUSE_CUP_MSG.REASON],
    [{ house_id: 1, points: 5, reason: 'x', venue_id: -1 }, 'venue_id', HOUSE_CUP_MSG.VENUE_NOT_FOUND],
  ])('refuses %j with 4003 on its field, nothing written', async (body, field, msg) => {
    const before = (await t.db.select().from(houseCupEntries)).length;
    const res = await give(body);
    expect({ http: res.http, status: res.body.status, msg: res.body.msg, field: (res.body.data as { field?: string } | undefined)?.field }).toEqual({ http: 400, status: 4003, msg, field });
    expect(await t.db.select().from(houseCupEntries)).toHaveLength(before);
  });

  it('a house or venue that does not exist is a 4003 on its field', async () => {
    expect((await give({ house_id: 999_999, points: 5, reason: 'x' })).body).toMatchObject({ status: 4003, msg: HOUSE_CUP_MSG.HOUSE_NOT_FOUND, data: { field: 'house_id' } });
    expect((await give({ house_id: houseId[FIRST], points: 5, reason: 'x', venue_id: 999_999 })).body).toMatchObject({ status: 4003, msg: HOUSE_CUP_MSG.VENUE_NOT_FOUND, data: { field: 'venue_id' } });
  });
});

describe('the leaderboard', () => {
  it('sums every entry per house, negative points included, and ranks ties together', async () => {
    t.clock.advance(60_000);
    await give({ house_id: houseId[SECOND], points: 7, reason: '志愿服务' });
    await give({ house_id: houseId[SECOND], points: 3, reason: '整理教室' });
    await give({ house_id: houseId[THIRD], points: 4, reason: '合唱' });
    await give({ house_id: houseId[THIRD], points: -4, reason: '晚归' });
    const b = await board();
    expect(pointsOf(b, FIRST)).toMatchObject({ points: 10, rank: 1 });
    expect(pointsOf(b, SECOND)).toMatchObject({ points: 10, rank: 1 });
    expect(pointsOf(b, THIRD)).toMatchObject({ points: 0, rank: 3 });
    expect(b.houses.slice(0, 2).map((h) => h.code)).toEqual([FIRST, SECOND]);
    expect(b.updated_at).toBe(t.clock.now().toISOString());
    // The sum on the board is the sum of the ledger, whatever the order entries were written in.
    const ledger = await t.db.select().from(houseCupEntries);
    expect(b.houses.reduce((s, h) => s + h.points, 0)).toBe(ledger.reduce((s, e) => s + e.points, 0));
    expect((await call<HouseCupLeaderboard>(t.app, 'GET', '/api/admin/house-cup/leaderboard', { token: admin })).body.data).toEqual(b);
  });

  it('a student sees the board, their own house’s rank only once the house result is out, and its latest entries', async () => {
    const before = (await call<StudentHouseCup>(t.app, 'GET', '/api/student/house-cup', { token: student.token })).body.data!;
    expect(before.houses).toHaveLength(12);
    expect(before.my_house).toBeNull();
    expect(before.recent).toEqual([]);
    await t.db.insert(resultPublications).values([
      { kind: 'venue', venueId: null, publishAt: new Date(t.clock.now().getTime() - 1000) },
      { kind: 'house', venueId, publishAt: new Date(t.clock.now().getTime() - 1000) },
    ]);
    const after = (await call<StudentHouseCup>(t.app, 'GET', '/api/student/house-cup', { token: student.token })).body.data!;
    expect(after.my_house).toMatchObject({ code: SECOND, points: 10, rank: 1 });
    expect(after.recent.map((e) => [e.points, e.reason])).toEqual([
      [3, '整理教室'],
      [7, '志愿服务'],
    ]);
  });
});

describe('reversal', () => {
  it('PUT does not change the entry: it adds a counter-entry that cancels it, audited with before and after', async () => {
    const ledger = (await call<HouseCupLedger>(t.app, 'GET', `/api/admin/house-cup?house_id=${houseId[FIRST]}`, { token: admin })).body.data!;
    const original = ledger.items[0]!;
    const res = await reverse(original.id, { reason: '成绩录入错误' });
    expect(res.body).toMatchObject({ status: 200, msg: HOUSE_CUP_MSG.REVERSED, data: { points: -10, reason: '成绩录入错误', reverses_id: original.id, house: { code: FIRST }, giver: { id: adminId } } });
    const [stored] = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.id, original.id));
    expect(stored).toMatchObject({ points: 10, reason: '辩论赛冠军', reversesId: null });
    expect(pointsOf(await board(), FIRST).points).toBe(0);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'house_cup.reverse'));
    expect(audit).toMatchObject({ actorId: adminId, entity: HOUSE_CUP_AUDIT_ENTITY, entityId: String(original.id), before: { reversed_by_id: null, points: 10 }, after: { reversed_by_id: res.body.data!.id, reversal: { points: -10 } } });
    const again = await call<HouseCupLedger>(t.app, 'GET', `/api/admin/house-cup?house_id=${houseId[FIRST]}`, { token: admin });
    expect(again.body.data!.items.find((e) => e.id === original.id)!.reversed_by_id).toBe(res.body.data!.id);
  });

  it('an entry is reversed once; a reversal cannot be reversed; an unknown id is 记录不存在', async () => {
    const [original] = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reason, '辩论赛冠军'));
    const twice = await reverse(original!.id);
    expect(twice.body).toMatchObject({ status: 4001, msg: HOUSE_CUP_MSG.ALREADY_REVERSED });
    const [counter] = await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reversesId, original!.id));
    expect((await reverse(counter!.id)).body).toMatchObject({ status: 4001, msg: HOUSE_CUP_MSG.REVERSAL_NOT_REVERSIBLE });
    const missing = await reverse(999_999);
    expect({ http: missing.http, msg: missing.body.msg }).toEqual({ http: 404, msg: HOUSE_CUP_MSG.ENTRY_NOT_FOUND });
    expect((await reverse(original!.id, {})).body).toMatchObject({ status: 4003, data: { field: 'reason' } });
    expect(pointsOf(await board(), FIRST).points).toBe(0);
  });

  it('two admins reversing the same entry at once: exactly one counter-entry', async () => {
    const entry = (await give({ house_id: houseId[THIRD], points: 6, reason: '并发' })).body.data!;
    const results = await Promise.all([reverse(entry.id), reverse(entry.id), reverse(entry.id)]);
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.status === 4001).every((r) => r.body.msg === HOUSE_CUP_MSG.ALREADY_REVERSED)).toBe(true);
    expect(await t.db.select().from(houseCupEntries).where(eq(houseCupEntries.reversesId, entry.id))).toHaveLength(1);
  });
});

describe('the ledger', () => {
  it('newest first, paginated on the server, filtered by house', async () => {
    const all = (await call<HouseCupLedger>(t.app, 'GET', '/api/admin/house-cup?page_size=3', { token: admin })).body.data!;
    const total = (await t.db.select().from(houseCupEntries)).length;
    expect(all).toMatchObject({ total, page: 1, page_size: 3 });
    expect(all.items).toHaveLength(3);
    expect(all.items.map((e) => e.id)).toEqual([...all.items.map((e) => e.id)].sort((a, b) => b - a));
    const page2 = (await call<HouseCupLedger>(t.app, 'GET', '/api/admin/house-cup?page_size=3&page=2', { token: admin })).body.data!;
    expect(page2.items[0]!.id).toBeLessThan(all.items[2]!.id);
    const second = (await call<HouseCupLedger>(t.app, 'GET', `/api/admin/house-cup?house_id=${houseId[SECOND]}`, { token: admin })).body.data!;
    expect(second.total).toBe(2);
    expect(second.items.every((e) => e.house.code === SECOND)).toBe(true);
    const atVenue = (await call<HouseCupLedger>(t.app, 'GET', `/api/admin/house-cup?venue_id=${venueId}`, { token: admin })).body.data!;
    expect(atVenue.items.map((e) => e.reason)).toEqual(['成绩录入错误', '辩论赛冠军']);
  });

  it.each(['page=0', 'page_size=101', 'house_id=abc', 'house_id=-1', 'page=1.5'])('a bad query %s is a 4003', async (q) => {
    const res = await call(t.app, 'GET', `/api/admin/house-cup?${q}`, { token: admin });
    expect({ http: res.http, status: res.body.status }).toEqual({ http: 400, status: 4003 });
  });

  it('no route edits or deletes an entry: the only writes are POST (give) and PUT (reverse, which adds)', () => {
    const writes = t.app.routeRegistry.filter((r) => r.url.includes('house-cup') && r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(writes.sort()).toEqual(['POST /api/admin/house-cup', 'PUT /api/admin/house-cup/:id']);
  });
});
