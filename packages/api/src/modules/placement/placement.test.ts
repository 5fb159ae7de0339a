import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { TWELVE_HOUSES, type AdminPlacementOverview, type HouseSortResult, type MyHouse, type RosterDetail, type RosterList, type SuccessCardStatus, type TwelveHouses, type VenueRuleResult } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { selectionRounds } from '../../db/schema-course-centre.ts';
import { PLACEMENT_AUDIT_ENTITY } from './placement.repo.ts';

let t: TestApp;
let teacher: string;
let admin: string;
const venueIds: Record<'beijing' | 'shanghai' | 'online', number> = { beijing: 0, shanghai: 0, online: 0 };

const BEIJING_STATE = 110000;
const SHANGHAI_STATE = 310000;
const GUANGDONG_STATE = 440000;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createStaffToken(t, 'teacher');
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  const rows = await t.db
    .insert(venues)
    .values([
      { placeName: 'beijing', name: '北京会场', city: '北京', isBeijing: true, capacity: 2, sort: 1 },
      { placeName: 'shanghai', name: '上海会场', city: '上海', capacity: 1, sort: 2 },
      { placeName: 'online', name: '线上会场', city: '', capacity: 30, sort: 3 },
    ])
    .returning({ id: venues.id, placeName: venues.placeName });
  for (const r of rows) venueIds[r.placeName as keyof typeof venueIds] = r.id;
  await t.db.insert(houses).values(TWELVE_HOUSES.map((h, i) => ({ code: h.code, name: h.name, englishName: h.english, colour: h.colour, motto: `${h.name}之训`, sort: i })));
});
afterAll(async () => {
  await t.close();
});

interface Student extends PayingStudent {
  name: string;
}
let seq = 0;
async function student(opts: { paid?: boolean; state?: number; session?: string } = {}): Promise<Student> {
  seq += 1;
  const name = `学生${String(seq).padStart(2, '0')}`;
  const s = await payingStudent(t, { offer: 1, name });
  await t.db
    .update(studentProfiles)
    .set({ tuitionPaidAt: opts.paid === false ? null : t.clock.now(), placeName: opts.session ?? '第一期', schoolStateId: opts.state ?? GUANGDONG_STATE, schoolName: `学校${seq % 3}` })
    .where(eq(studentProfiles.accountId, s.accountId));
  return { ...s, name };
}

const card = (token: string) => call<SuccessCardStatus>(t.app, 'GET', '/api/student/success-card-status', { token });
const rule = (body: object) => call<VenueRuleResult>(t.app, 'POST', '/api/admin/placement/venue-rule', { token: admin, body });
const sort = (venueId: number, seed?: string) => call<HouseSortResult>(t.app, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venueId, ...(seed ? { seed } : {}) } });
const publish = (kind: 'venue' | 'house', venueId: number | null, at: Date | null) =>
  call<AdminPlacementOverview>(t.app, 'PUT', '/api/admin/placement/publication', { token: admin, body: { kind, venue_id: venueId, publish_at: at?.toISOString() ?? null } });
const venueOf = async (accountId: number) => (await t.db.select().from(venueAssignments).where(eq(venueAssignments.studentId, accountId)))[0]?.venueId ?? null;
const audits = (action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.entity, PLACEMENT_AUDIT_ENTITY), eq(auditLog.action, action)));

// One programme, told in order: the students of the first session are placed, sorted and published.
let bj1: Student, bj2: Student, bj3: Student, sh1: Student, gd1: Student, unpaid: Student, second: Student;

describe('roles', () => {
  it('keeps admin calls to admins and student calls to students', async () => {
    const s = await student();
    expect((await call(t.app, 'GET', '/api/admin/placement', { token: s.token })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/placement', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/student/success-card-status', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/student/success-card-status')).body.status).toBe(401);
    await t.db.update(studentProfiles).set({ placeName: '第三期' }).where(eq(studentProfiles.accountId, s.accountId));
  });
});

describe('bulk venue rule', () => {
  it('previews, then assigns only paid students of the session, local first, capacity respected, audited', async () => {
    bj1 = await student({ state: BEIJING_STATE });
    bj2 = await student({ state: BEIJING_STATE });
    bj3 = await student({ state: BEIJING_STATE });
    sh1 = await student({ state: SHANGHAI_STATE });
    gd1 = await student({ state: GUANGDONG_STATE });
    unpaid = await student({ paid: false, state: BEIJING_STATE });
    second = await student({ session: '第二期', state: SHANGHAI_STATE });

    const bad = await rule({ session_key: 'fourth' });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'session_key' } });

    const preview = await rule({ session_key: 'first', dry_run: true });
    expect(preview.body.status).toBe(200);
    expect(preview.body.data!.students).toBe(5);
    const counts = Object.fromEntries(preview.body.data!.counts.map((c) => [c.venue_id, c]));
    expect(counts[venueIds.beijing]).toMatchObject({ assigned: 2, local: 2 });
    expect(counts[venueIds.shanghai]).toMatchObject({ assigned: 1, local: 1 });
    expect(counts[venueIds.online]).toMatchObject({ assigned: 2, online: 2 });
    expect(await venueOf(bj1.accountId)).toBeNull();

    const commit = await rule({ session_key: 'first', dry_run: false });
    expect(commit.body).toMatchObject({ status: 200, msg: '已分配', data: { dry_run: false, unassigned: 0 } });
    expect(await venueOf(bj1.accountId)).toBe(venueIds.beijing);
    expect(await venueOf(bj2.accountId)).toBe(venueIds.beijing);
    expect(await venueOf(bj3.accountId)).toBe(venueIds.online);
    expect(await venueOf(sh1.accountId)).toBe(venueIds.shanghai);
    expect(await venueOf(gd1.accountId)).toBe(venueIds.online);
    expect(await venueOf(unpaid.accountId)).toBeNull();
    expect(await venueOf(second.accountId)).toBeNull();
    expect(await audits('placement.venue_rule')).toHaveLength(1);

    // Run again: nobody left without a venue, nothing changes.
    const again = await rule({ session_key: 'first', dry_run: false });
    expect(again.body.data!.students).toBe(0);
  });
});

describe('manual move', () => {
  it('refuses a full venue and an unpaid student, and audits a move', async () => {
    const full = await call(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: gd1.accountId, venue_id: venueIds.shanghai } });
    expect(full.body).toMatchObject({ status: 4001, msg: '该会场已满，请先调整容量或其他同学' });
    const notPaid = await call(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: unpaid.accountId, venue_id: venueIds.online } });
    expect(notPaid.body).toMatchObject({ status: 4001, msg: '仅已缴学费的同学可分配会场' });
    const missing = await call(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: bj1.accountId, venue_id: 999999 } });
    expect(missing.body).toMatchObject({ status: 4003, data: { field: 'venue_id' } });

    const moved = await call(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: bj2.accountId, venue_id: venueIds.online } });
    expect(moved.body.status).toBe(200);
    const back = await call(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: bj2.accountId, venue_id: venueIds.beijing } });
    expect(back.body.status).toBe(200);
    expect(await venueOf(bj2.accountId)).toBe(venueIds.beijing);
    const rows = await audits('placement.venue_move');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ entityId: String(bj2.accountId), before: { venue_id: venueIds.beijing, method: 'rule' }, after: { venue_id: venueIds.online, method: 'manual' } });
  });
});

describe('success card and gates before publication', () => {
  it('shows nothing of the venue and answers 403-22 / 403-10 / 4001 as docs/product/errors.md says', async () => {
    const before = await card(bj1.token);
    expect(before.body.data).toMatchObject({
      cards: { is_new: false },
      course_apply: { place_name: null, open_at: null },
      place_apply: { open_at: null },
      allow_course_cart: false,
      user: { house: null },
      tuition_paid: true,
      session: { key: 'first', name: '第一期' },
      venue: null,
      course_gate_msg: '请在公布会场结果后选课',
    });
    expect((await card(unpaid.token)).body.data).toMatchObject({ tuition_paid: false, course_gate_msg: '用户尚未开放选课！' });

    const house = await call(t.app, 'GET', '/api/student/house', { token: bj1.token });
    expect(house.body).toEqual({ status: '403-22', msg: '会场结果公布后，开放访问' });
    const ceremony = await call(t.app, 'GET', '/api/student/sorting-ceremony', { token: unpaid.token });
    expect(ceremony.body).toEqual({ status: '403-10', msg: '仅限被录取并支付费用的用户访问' });
  });
});

describe('house sorting', () => {
  it('is balanced and reproducible from its seed, audited', async () => {
    const first = await sort(venueIds.online, 'seed-a');
    expect(first.body).toMatchObject({ status: 200, data: { seed: 'seed-a', students: 2 } });
    const a = await t.db.select().from(houseAssignments).where(eq(houseAssignments.venueId, venueIds.online));
    await sort(venueIds.online, 'seed-b');
    const again = await sort(venueIds.online, 'seed-a');
    const b = await t.db.select().from(houseAssignments).where(eq(houseAssignments.venueId, venueIds.online));
    const pick = (rows: typeof a) => rows.map((r) => [r.studentId, r.houseId]).sort((x, y) => x[0]! - y[0]!);
    expect(pick(b)).toEqual(pick(a));
    const sizes = again.body.data!.houses.map((h) => h.members);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(sizes.reduce((x, y) => x + y, 0)).toBe(2);
    expect(await audits('placement.house_sort')).toHaveLength(3);

    const generated = await sort(venueIds.beijing);
    expect(generated.body.data!.seed).toMatch(/^[a-z0-9]+$/);
    expect((await sort(venueIds.shanghai)).body.status).toBe(200);
    const bad = await call(t.app, 'POST', '/api/admin/placement/house-sort', { token: admin, body: { venue_id: venueIds.online, seed: 'a b' } });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'seed' } });
  });
});

describe('publication', () => {
  it('opens the venue result at its time, marks it new until seen, and gates the house until its own time', async () => {
    const now = t.clock.now();
    await publish('venue', null, new Date(now.getTime() + 60_000));
    expect((await card(bj1.token)).body.data).toMatchObject({ venue: null, place_apply: { open_at: new Date(now.getTime() + 60_000).toISOString() } });
    t.clock.advance(60_000);

    const after = await card(bj1.token);
    expect(after.body.data).toMatchObject({
      cards: { is_new: true },
      course_apply: { place_name: 'beijing', open_at: null },
      venue: { place_name: 'beijing', name: '北京会场', is_beijing: true },
      user: { house: null },
      allow_course_cart: false,
      course_gate_msg: '选课未开放',
    });
    const seen = await call<SuccessCardStatus>(t.app, 'POST', '/api/student/placement/seen', { token: bj1.token, body: { kind: 'venue' } });
    expect(seen.body.data!.cards.is_new).toBe(false);

    expect((await call(t.app, 'GET', '/api/student/house', { token: bj1.token })).body).toEqual({ status: 4001, msg: '尚未公布house信息！' });
    expect((await call(t.app, 'GET', '/api/student/sorting-ceremony', { token: bj1.token })).body).toEqual({ status: '403-21', msg: '暂未开放' });
    expect((await call(t.app, 'GET', '/api/student/sorting-ceremony', { token: sh1.token })).body).toEqual({ status: '403-23', msg: '仅限北京会场' });

    // A paid student of the session the rule never placed: no venue once results are out.
    const late = await student({ state: GUANGDONG_STATE, session: '第三期' });
    expect((await call(t.app, 'GET', '/api/student/house', { token: late.token })).body).toEqual({ status: '403-20', msg: '暂无会场信息' });

    const overwrite = await rule({ session_key: 'first', overwrite: true, dry_run: true });
    expect(overwrite.body).toMatchObject({ status: 4001, msg: '会场结果已公布，不能整体覆盖重新分配；请逐个调整' });

    await publish('house', venueIds.beijing, t.clock.now());
    const house = await call<MyHouse>(t.app, 'GET', '/api/student/house', { token: bj1.token });
    expect(house.body.status).toBe(200);
    expect(house.body.data).toMatchObject({ venue: { place_name: 'beijing' }, first_seen: true, members: 1 });
    const mine = (await card(bj1.token)).body.data!;
    expect(mine.cards.is_new).toBe(true);
    expect(mine.user.house?.code).toBe(house.body.data!.house.code);
    await call(t.app, 'POST', '/api/student/placement/seen', { token: bj1.token, body: { kind: 'house' } });
    expect((await card(bj1.token)).body.data!.cards.is_new).toBe(false);

    const ceremony = await call(t.app, 'GET', '/api/student/sorting-ceremony', { token: bj1.token });
    expect(ceremony.body).toMatchObject({ status: 200, data: { venue: { place_name: 'beijing' }, my_house: { code: house.body.data!.house.code } } });

    // Rerun refused after publish, for that venue only.
    expect((await sort(venueIds.beijing, 'late')).body).toMatchObject({ status: 4001, msg: '该会场的学院分配已公布，不能重新分配' });
    expect((await sort(venueIds.online, 'late')).body.status).toBe(200);
    // A reached publication time cannot be withdrawn.
    expect((await publish('house', venueIds.beijing, null)).body).toMatchObject({ status: 4001, msg: '结果已公布，不能撤回' });
    expect((await audits('placement.publish')).length).toBe(2);
  });
});

describe('rosters and houses', () => {
  it('shows counts to everyone and names only to staff and the venue\'s own students', async () => {
    const list = await call<RosterList>(t.app, 'GET', '/api/roster');
    const bj = list.body.data!.venues.find((v) => v.place_name === 'beijing')!;
    expect(bj).toMatchObject({ house_published: true, students: 2 });
    expect(bj.houses.reduce((n, h) => n + h.members, 0)).toBe(2);
    expect(list.body.data!.venues.find((v) => v.place_name === 'online')).toMatchObject({ house_published: false, houses: [] });
    expect(JSON.stringify(list.body)).not.toContain(bj1.name);

    const detail = (token?: string) => call<RosterDetail>(t.app, 'GET', '/api/roster/beijing', token ? { token } : {});
    const anonymous = await detail();
    expect(anonymous.body.data!.can_see_names).toBe(false);
    expect(JSON.stringify(anonymous.body)).not.toContain(bj1.name);
    expect((await detail(sh1.token)).body.data!.can_see_names).toBe(false);
    expect(JSON.stringify((await detail(sh1.token)).body)).not.toContain(bj1.name);
    for (const token of [bj2.token, teacher]) {
      const res = await detail(token);
      expect(res.body.data!.can_see_names).toBe(true);
      expect(res.body.data!.houses.flatMap((h) => h.names).sort()).toEqual([bj1.name, bj2.name].sort());
    }
    expect((await call(t.app, 'GET', '/api/roster/nowhere')).body).toEqual({ status: 4001, msg: '会场不存在' });
    expect((await call(t.app, 'GET', '/api/roster/BAD%20NAME')).body).toMatchObject({ status: 4003 });

    const twelve = await call<TwelveHouses>(t.app, 'GET', '/api/houses');
    expect(twelve.body.data!.houses).toHaveLength(12);
    expect(twelve.body.data!.published_venues).toBe(1);
    expect(twelve.body.data!.houses.reduce((n, h) => n + h.members, 0)).toBe(2);
  });
});

describe('house rules', () => {
  it('are edited by admins (audited) and read by students and teachers', async () => {
    expect((await call(t.app, 'GET', '/api/student/house-rules', { token: bj1.token })).body.data).toMatchObject({ text: '' });
    const saved = await call(t.app, 'PUT', '/api/admin/placement/house-rules', { token: admin, body: { text: '一、尊重他人。' } });
    expect(saved.body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/teacher/house-rules', { token: teacher })).body.data).toMatchObject({ text: '一、尊重他人。' });
    expect((await call(t.app, 'GET', '/api/student/house-rules', { token: bj1.token })).body.data).toMatchObject({ text: '一、尊重他人。' });
    expect((await call(t.app, 'PUT', '/api/admin/placement/house-rules', { token: admin, body: { text: 5 } })).body).toMatchObject({ status: 4003, data: { field: 'text' } });
  });
});

describe('admin overview', () => {
  it('counts venues, houses and unassigned paid students', async () => {
    const res = await call<AdminPlacementOverview>(t.app, 'GET', '/api/admin/placement', { token: admin });
    const bj = res.body.data!.venues.find((v) => v.place_name === 'beijing')!;
    expect(bj).toMatchObject({ assigned: 2, housed: 2, capacity: 2 });
    expect(bj.last_run?.students).toBe(2);
    expect(res.body.data!.unassigned_paid.find((u) => u.session_key === 'second')?.count).toBe(1);
    const list = await call<{ students: Array<{ id: number; phone: string }> }>(t.app, 'GET', `/api/admin/placement/students?venue_id=${venueIds.beijing}`, { token: admin });
    expect(list.body.data!.students.map((s) => s.id).sort()).toEqual([bj1.accountId, bj2.accountId].sort());
    expect(list.body.data!.students[0]!.phone).toContain('****');
    const left = await t.db.select().from(venueAssignments).where(inArray(venueAssignments.studentId, [unpaid.accountId]));
    expect(left).toHaveLength(0);
  });
});

describe('latecomers (decision 045)', () => {
  const houseOf = async (accountId: number) => (await t.db.select().from(houseAssignments).where(eq(houseAssignments.studentId, accountId)))[0] ?? null;
  const sizesAt = async (venueId: number) => {
    const rows = await t.db.select().from(houseAssignments).where(eq(houseAssignments.venueId, venueId));
    const all = await t.db.select({ id: houses.id }).from(houses);
    const m = new Map(all.map((h) => [h.id, 0]));
    for (const r of rows) m.set(r.houseId, (m.get(r.houseId) ?? 0) + 1);
    return m;
  };

  it('puts a student moved into a published venue straight into its smallest house, audited, and shows it as new', async () => {
    await publish('house', venueIds.online, t.clock.now());
    const before = await sizesAt(venueIds.online);
    const late = await student({ state: GUANGDONG_STATE });
    const moved = await moveTo(late.accountId, venueIds.online);
    expect(moved.body).toMatchObject({ status: 200, msg: '已保存' });
    const row = await houseOf(late.accountId);
    expect(row).toMatchObject({ venueId: venueIds.online, runId: null });
    expect(moved.body.data!.house?.code).toBe((await t.db.select().from(houses).where(eq(houses.id, row!.houseId)))[0]!.code);
    expect(before.get(row!.houseId)).toBe(Math.min(...before.values()));
    const [audit] = await audits('placement.house_latecomer');
    expect(audit).toMatchObject({ entityId: String(late.accountId), after: { venue_id: venueIds.online, house_id: row!.houseId, rule: 'smallest', members_before: Math.min(...before.values()) } });

    const shown = (await card(late.token)).body.data!;
    expect(shown).toMatchObject({ cards: { is_new: true }, venue: { place_name: 'online' }, user: { house: { code: moved.body.data!.house!.code } } });
    expect((await call(t.app, 'GET', '/api/student/house', { token: late.token })).body.status).toBe(200);
  });

  it('moves a student who had seen their house: the new house replaces it and is new again', async () => {
    expect((await card(bj1.token)).body.data!.cards.is_new).toBe(false);
    const moved = await moveTo(bj1.accountId, venueIds.online);
    expect(moved.body.data!.house).not.toBeNull();
    const shown = (await card(bj1.token)).body.data!;
    expect(shown).toMatchObject({ cards: { is_new: true }, venue: { place_name: 'online' }, user: { house: { code: moved.body.data!.house!.code } } });
    // Every house of the venue stays within one of the others.
    const sizes = [...(await sizesAt(venueIds.online)).values()];
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('places the bulk rule\'s later students into a sorted venue too', async () => {
    const newcomer = await student({ state: GUANGDONG_STATE });
    const commit = await rule({ session_key: 'first', dry_run: false });
    expect(commit.body.status).toBe(200);
    expect(await venueOf(newcomer.accountId)).toBe(venueIds.online);
    expect(await houseOf(newcomer.accountId)).toMatchObject({ venueId: venueIds.online });
  });

  it('leaves a venue never sorted to its sorting, and 补分学院 places anyone left without a house', async () => {
    const [spare] = await t.db.insert(venues).values({ placeName: 'hangzhou', name: '杭州会场', city: '杭州', capacity: 10, sort: 4 }).returning({ id: venues.id });
    const s = await student({ state: GUANGDONG_STATE });
    expect((await moveTo(s.accountId, spare!.id)).body.data).toEqual({ house: null });
    expect(await houseOf(s.accountId)).toBeNull();
    expect((await call(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: admin, body: { venue_id: spare!.id } })).body).toEqual({ status: 4001, msg: '该会场尚未分配学院，请先分配学院' });

    // Someone placed at a sorted venue without a house (e.g. before this rule existed).
    const legacy = await student({ state: GUANGDONG_STATE });
    await t.db.insert(venueAssignments).values({ studentId: legacy.accountId, venueId: venueIds.online, method: 'manual' });
    const fill = await call<{ placed: number }>(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: admin, body: { venue_id: venueIds.online } });
    expect(fill.body).toMatchObject({ status: 200, msg: '已补分学院', data: { placed: 1 } });
    expect(await houseOf(legacy.accountId)).toMatchObject({ venueId: venueIds.online });
    expect((await call<{ placed: number }>(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: admin, body: { venue_id: venueIds.online } })).body.data!.placed).toBe(0);

    expect((await call(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: teacher, body: { venue_id: venueIds.online } })).http).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: legacy.token, body: { venue_id: venueIds.online } })).http).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: admin, body: { venue_id: 'x' } })).body).toMatchObject({ status: 4003, data: { field: 'venue_id' } });
    expect((await call(t.app, 'POST', '/api/admin/placement/house-latecomers', { token: admin, body: { venue_id: 999999 } })).body).toMatchObject({ status: 4003, data: { field: 'venue_id' } });
  });
});

describe('course card and the governing round', () => {
  it('follows the round the course centre applies (the latest open one), so the card counts down to it', async () => {
    const now = t.clock.now();
    const s = await student({ state: GUANGDONG_STATE });
    await moveTo(s.accountId, venueIds.online);
    const round = (name: string, venueId: number | null, opensIn: number) => ({ name, sessionKey: 'first' as const, venueId, categories: ['seminar' as const], mode: 'grab' as const, opensAt: new Date(now.getTime() + opensIn), closesAt: new Date(now.getTime() + 3_600_000), status: 'open' as const, createdAt: now });
    await t.db.insert(selectionRounds).values(round('全体轮次', null, -60_000));
    expect((await card(s.token)).body.data).toMatchObject({ allow_course_cart: true, course_gate_msg: null });
    await t.db.insert(selectionRounds).values(round('线上会场轮次', venueIds.online, 30_000));
    const later = (await card(s.token)).body.data!;
    expect(later).toMatchObject({ allow_course_cart: false, course_apply: { place_name: 'online', open_at: new Date(now.getTime() + 30_000).toISOString() } });
    t.clock.advance(30_000);
    expect((await card(s.token)).body.data!.allow_course_cart).toBe(true);
  });
});

function moveTo(studentId: number, venueId: number) {
  return call<{ house: { code: string; name: string } | null }>(t.app, 'POST', '/api/admin/placement/move', { token: admin, body: { student_id: studentId, venue_id: venueId } });
}
