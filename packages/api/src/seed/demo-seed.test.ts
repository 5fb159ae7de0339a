import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { COURSE_CATEGORIES, DEFAULT_PROGRAMME_FACTS, TWELVE_HOUSES, sessionOf, GUARDIAN_CONSENT_VERSION, studentStatusSchema, nextStudentPage, PAGES, step1SubmitSchema, step2SubmitSchema } from '@summit/domain';
import { accounts, schools, studentProfiles } from '../db/schema.ts';
import { admissionDecisions, applications } from '../db/schema-admission.ts';
import { courseMeetings, courses, houses, venueAssignments, venues } from '../db/schema-courses.ts';
import { verifyPassword } from '../lib/password.ts';
import { regionExists } from '../modules/region/region.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call } from '../test/flows.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo-seed.ts';
import { timeSheetEntries } from '../db/schema-time-sheets.ts';
import { DEMO_LIVE_COURSE_CODE } from './demo-teaching.ts';
import { SCHOOLS } from './schools-data.ts';
import { seedSchools } from './seed-schools.ts';

let t: TestApp;
const now = new Date('2026-06-15T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('schools data', () => {
  it('every school sits in a real region (GB/T 2260 chain, HK/MO/TW ids, or a foreign country alone)', () => {
    const bad = SCHOOLS.filter((s) => !regionExists({ countryId: s.countryId, stateId: s.stateId, cityId: s.cityId, zoneId: s.zoneId }));
    expect(bad).toEqual([]);
    // Mainland rows go down to the district so the picker can pre-fill all three levels.
    expect(SCHOOLS.filter((s) => s.countryId === 1 && s.zoneId === null)).toEqual([]);
  });

  it('is a broad, unique sample across provinces, Hong Kong and abroad', () => {
    expect(SCHOOLS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SCHOOLS.map((s) => `${s.countryId}:${s.name}`)).size).toBe(SCHOOLS.length);
    expect(new Set(SCHOOLS.filter((s) => s.countryId === 1).map((s) => s.stateId)).size).toBeGreaterThanOrEqual(30);
    expect(SCHOOLS.some((s) => s.stateId === 3032)).toBe(true);
    expect(SCHOOLS.filter((s) => s.countryId !== 1).length).toBeGreaterThanOrEqual(3);
    expect(new Set(SCHOOLS.map((s) => s.type))).toEqual(new Set([1]));
    expect(new Set(SCHOOLS.map((s) => s.category))).toEqual(new Set([1, 2, 3]));
  });

  it('seedSchools is idempotent', async () => {
    const first = await seedSchools(t.db);
    const second = await seedSchools(t.db);
    expect(first).toBe(SCHOOLS.length);
    expect(second).toBe(0);
    const [row] = await t.db.select({ n: count() }).from(schools);
    expect(row!.n).toBe(SCHOOLS.length);
  });
});

describe('seedDemo', () => {
  it('creates every demo account with a hashed password that logs in', async () => {
    expect(await seedDemo(t.db, { argon2MemoryKib: 8192, now })).toBe(true);
    const rows = await t.db.select().from(accounts).where(inArray(accounts.phone, DEMO_ACCOUNTS.map((a) => a.phone)));
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const demo of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.phone === demo.phone)!;
      expect(row.role).toBe(demo.role);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(DEMO_PASSWORD);
    }
    expect(await verifyPassword(rows[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    const admin = await call<{ type: string; is_admin: boolean; name: string }>(t.app, 'POST', '/api/login', {
      body: { phone_code: '86', phone: '13800000001', password: DEMO_PASSWORD },
    });
    expect(admin.body.data).toMatchObject({ type: 'TEACHER', is_admin: true, name: '教务管理员' });
  });

  it('seeds a volunteer with approved and pending hours (decision 065)', async () => {
    const [vol] = await t.db.select().from(accounts).where(eq(accounts.phone, '13900000008'));
    const [profile] = await t.db.select().from(studentProfiles).where(eq(studentProfiles.accountId, vol!.id));
    expect(profile!.activeType).toBe(4);
    const entries = await t.db.select().from(timeSheetEntries).where(eq(timeSheetEntries.studentId, vol!.id));
    const minutes = (status: string) => entries.filter((e) => e.status === status).reduce((s, e) => s + e.minutes, 0);
    expect([minutes('approved'), minutes('pending')]).toEqual([330, 150]);
  });

  it('gives staff their types and links the school account to a seeded school', async () => {
    const byPhone = async (phone: string) => (await t.db.select().from(accounts).where(eq(accounts.phone, phone)))[0]!;
    expect(await byPhone('13800000001')).toMatchObject({ role: 'teacher', teacherType: 9, isAdmin: true });
    expect(await byPhone('13800000002')).toMatchObject({ name: '王老师', teacherType: 1, isAdmin: false });
    expect(await byPhone('13800000003')).toMatchObject({ name: '李老师', teacherType: 2, isAdmin: false });
    expect(await byPhone('13800000004')).toMatchObject({ name: '陈老师', teacherType: 3, isAdmin: false });
    expect(await byPhone('13800000005')).toMatchObject({ role: 'teacher', name: '运营老师', teacherType: 4, isAdmin: false });
    // The demo CSL looks after a house from the start: 学院学生 names it.
    const csl = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: '13800000004', password: DEMO_PASSWORD } });
    const house = await call<{ house: { name: string } | null }>(t.app, 'GET', '/api/teacher/house', { token: csl.body.data!.token });
    expect(house.body.data!.house).toMatchObject({ name: expect.any(String) });
    // The 学院杯 board starts with the demo's three entries (凤凰 20, 青龙 15, 麒麟 10).
    const cup = await call<{ houses: Array<{ code: string; points: number; rank: number }> }>(t.app, 'GET', '/api/house-cup');
    expect(cup.body.data!.houses.slice(0, 3).map((h) => [h.code, h.points, h.rank])).toEqual([['phoenix', 20, 1], ['dragon', 15, 2], ['qilin', 10, 3]]);
    const login = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: '13800000010', password: DEMO_PASSWORD } });
    const info = await call(t.app, 'GET', '/api/school/info', { token: login.body.data!.token });
    expect(info.body.data).toMatchObject({ school_name: '北京市第四中学', school_id: expect.any(Number) });
    expect((await byPhone('13800000020')).role).toBe('sl');
  });

  it('puts one student at each stage of the journey', async () => {
    const statusOf = async (phone: string) => {
      const login = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: DEMO_PASSWORD } });
      const res = await call(t.app, 'GET', '/api/student/status', { token: login.body.data!.token });
      return studentStatusSchema.parse(res.body.data);
    };
    const s1 = await statusOf('13900000001');
    expect(s1.activate_status_v5.info_completed).toBe(false);
    expect(nextStudentPage(s1)).toBe(PAGES.info);

    const s2 = await statusOf('13900000002');
    expect(s2).toMatchObject({ activate_status_v5: { info_completed: true }, apply_v5: { step1_submitted: false }, is_apply_paid: false });

    const s3 = await statusOf('13900000003');
    expect(s3).toMatchObject({ apply_v5: { step1_submitted: true, step2_submitted: false }, is_apply_paid: false });

    const s4 = await statusOf('13900000004');
    expect(s4).toMatchObject({ batch_str: 'EB1', is_apply_paid: true, offer_letter: null, is_tuition_paid: false });

    const s5 = await statusOf('13900000005');
    expect(s5).toMatchObject({ offer_letter: 1, is_tuition_paid: false, place_track: { place_name: '第一期', professional_track: '人文社科' } });

    const s6 = await statusOf('13900000006');
    expect(s6).toMatchObject({ offer_letter: 1, is_tuition_paid: true });
    expect(nextStudentPage(s6)).toBe(PAGES.cardCourse);

    const s7 = await statusOf('13900000007');
    expect(s7).toMatchObject({ offer_letter: 1, is_tuition_paid: true, place_track: { place_name: '第一期', professional_track: '商业经济' } });

    // Timestamps follow the journey's order and lie before `now`.
    const order = [s6.activate_status_v5.activate_at, s6.activate_status_v5.info_completed_at, s6.apply_v5.step1_submitted_at, s6.activate_status_v5.apply_paid_at, s6.apply_v5.step2_submitted_at, s6.offer_created_at, s6.tuition_paid_at].map((iso) => new Date(iso!).getTime());
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(Math.max(...order)).toBeLessThan(now.getTime());
  });

  it('seeds applications that pass the submit rules, and released offers whose letters verify', async () => {
    const rows = await t.db
      .select({ phone: accounts.phone, application: applications, profile: studentProfiles })
      .from(applications)
      .innerJoin(accounts, eq(accounts.id, applications.accountId))
      .innerJoin(studentProfiles, eq(studentProfiles.accountId, applications.accountId));
    expect(rows.map((r) => r.phone).sort()).toEqual(['13900000003', '13900000004', '13900000005', '13900000006', '13900000007']);
    for (const { application, profile } of rows) {
      expect(step1SubmitSchema.safeParse(application.step1).success).toBe(true);
      expect(application.consentVersion).toBe(GUARDIAN_CONSENT_VERSION);
      if (profile.step2SubmittedAt) expect(step2SubmitSchema.safeParse(application.step2).success).toBe(true);
    }
    const offers = await t.db.select().from(admissionDecisions);
    expect(offers).toHaveLength(3);
    for (const offer of offers) {
      const res = await call(t.app, 'GET', `/api/guest/offer-letter/verify/${offer.verifyCode}`);
      expect(res.body).toMatchObject({ status: 200, data: { genuine: true, letter_no: offer.letterNo } });
    }
  });

  it('profiles of students with complete info point at a seeded school and its region', async () => {
    const rows = await t.db
      .select({ profile: studentProfiles, school: schools })
      .from(studentProfiles)
      .innerJoin(accounts, eq(accounts.id, studentProfiles.accountId))
      .innerJoin(schools, eq(schools.id, studentProfiles.schoolId))
      .where(inArray(accounts.phone, ['13900000002', '13900000003', '13900000004', '13900000005', '13900000006', '13900000007']));
    expect(rows).toHaveLength(6);
    for (const { profile, school } of rows) {
      expect(profile).toMatchObject({ schoolCountryId: school.countryId, schoolStateId: school.stateId, schoolCityId: school.cityId, schoolZoneId: school.zoneId, schoolName: school.name });
    }
  });

  it('seeds the programme structure: three venues, the twelve houses, ~24 first-session courses of every category, the paid students\' venues', async () => {
    const venueRows = await t.db.select().from(venues);
    expect(venueRows.map((v) => [v.placeName, v.isBeijing]).sort()).toEqual([
      ['beijing', true],
      ['online', false],
      ['shanghai', false],
    ]);
    expect(venueRows.some((v) => v.professionalTracks.includes('H-'))).toBe(true);
    expect((await t.db.select().from(houses)).map((h) => h.code).sort()).toEqual(TWELVE_HOUSES.map((h) => h.code).sort());

    // The live check-in class (decisions 050–058, demo-teaching.ts) meets around the first start, outside the session.
    const allCourses = await t.db.select().from(courses);
    const live = allCourses.filter((c) => c.code === DEMO_LIVE_COURSE_CODE);
    expect(live).toMatchObject([{ title: '课堂签到演示', taken: 1 }]);
    const courseRows = allCourses.filter((c) => c.code !== DEMO_LIVE_COURSE_CODE);
    expect(courseRows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(courseRows.map((c) => c.category))).toEqual(new Set(COURSE_CATEGORIES));
    expect(courseRows.every((c) => c.sessionKey === 'first' && c.taken === 0)).toBe(true);
    expect(courseRows.filter((c) => c.category === 'fc').length).toBeGreaterThanOrEqual(3);
    expect(courseRows.filter((c) => c.category === 'cw').length).toBeGreaterThanOrEqual(3);
    const teachers = await t.db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.phone, ['13800000002', '13800000003']));
    expect(new Set(courseRows.flatMap((c) => (c.teacherId ? [c.teacherId] : [])))).toEqual(new Set(teachers.map((r) => r.id)));

    // Every meeting lies inside the first session; some pairs of courses clash so the clash rule can be shown.
    const first = sessionOf(DEFAULT_PROGRAMME_FACTS, 'first')!;
    const meetings = (await t.db.select().from(courseMeetings)).filter((m) => m.courseId !== live[0]!.id);
    expect(new Set(meetings.map((m) => m.courseId))).toEqual(new Set(courseRows.map((c) => c.id)));
    for (const m of meetings) {
      expect(m.startsAt.getTime()).toBeGreaterThanOrEqual(Date.parse(first.starts_at));
      expect(m.endsAt.getTime()).toBeLessThanOrEqual(Date.parse(first.ends_at));
    }
    const clashes = meetings.filter((a) => meetings.some((b) => b.courseId !== a.courseId && a.startsAt < b.endsAt && b.startsAt < a.endsAt));
    expect(clashes.length).toBeGreaterThan(0);

    const assigned = await t.db
      .select({ phone: accounts.phone, place: venues.placeName })
      .from(venueAssignments)
      .innerJoin(accounts, eq(accounts.id, venueAssignments.studentId))
      .innerJoin(venues, eq(venues.id, venueAssignments.venueId));
    expect(assigned.map((a) => [a.phone, a.place]).sort()).toEqual([
      ['13900000006', 'beijing'],
      ['13900000007', 'shanghai'],
    ]);

    // The venue result is published and a grab round is open: the paid demo student can choose courses at once.
    t.clock.set(new Date(now.getTime() + 3_600_000));
    const login = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone: '13900000007', password: DEMO_PASSWORD } });
    const config = await call<{ phase: string; round: { mode: string } }>(t.app, 'GET', '/api/student/course-center/config', { token: login.body.data!.token });
    expect(config.body).toMatchObject({ status: 200, data: { phase: 'open', round: { mode: 'grab' }, venue: { place_name: 'shanghai' } } });
    const card = await call<{ course_apply: { place_name: string } | null; user: { house: unknown } }>(t.app, 'GET', '/api/student/success-card-status', { token: login.body.data!.token });
    expect(card.body.status).toBe(200);
  });

  it('is idempotent: a second run changes nothing and says so', async () => {
    const before = await t.db.select({ n: count() }).from(accounts);
    const adminBefore = (await t.db.select().from(accounts).where(eq(accounts.phone, '13800000001')))[0]!;
    expect(await seedDemo(t.db, { argon2MemoryKib: 8192, now })).toBe(false);
    const after = await t.db.select({ n: count() }).from(accounts);
    expect(after[0]!.n).toBe(before[0]!.n);
    const adminAfter = (await t.db.select().from(accounts).where(eq(accounts.phone, '13800000001')))[0]!;
    expect(adminAfter.passwordHash).toBe(adminBefore.passwordHash);
  });
});
