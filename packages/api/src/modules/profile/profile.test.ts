import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, nextStudentPage, studentStatusSchema, PAGES } from '@summit/domain';
import { schools, studentProfiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
let schoolId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.insert(schools).values({ name: '北京市第四中学', countryId: 1, stateId: 110000, cityId: 110100, zoneId: 110102, type: 1 }).returning();
  schoolId = row!.id;
});
afterAll(async () => {
  await t.close();
});

const validInfo = () => ({ name: '张小明', email: 'xiaoming@example.com', school_country_id: 1, area_id: [110000, 110100, 110102], school_id: schoolId });

describe('student status', () => {
  it('a new student: info incomplete, nothing applied, no decision — and the next page is /info', async () => {
    const { token } = await registerStudent(t.app);
    const res = await call(t.app, 'GET', '/api/student/status', { token });
    expect(res.body.status).toBe(200);
    const status = studentStatusSchema.parse(res.body.data);
    expect(status).toMatchObject({
      active_type: 1,
      activate_status_v5: { info_completed: false, apply_paid: false },
      apply_v5: { step1_submitted: false, step2_submitted: false },
      is_apply_paid: false,
      is_tuition_paid: false,
      offer_letter: null,
      place_track: null,
      user_tags: [],
    });
    expect(nextStudentPage(status)).toBe(PAGES.info);
  });

  it('reflects the journey columns: an offer released and tuition paid', async () => {
    const { token } = await registerStudent(t.app);
    const me = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token });
    const paidAt = new Date('2026-05-01T02:00:00Z');
    await t.db
      .update(studentProfiles)
      .set({ infoCompletedAt: paidAt, offerLetter: 1, offerCreatedAt: paidAt, tuitionPaidAt: paidAt, placeName: '北京会场', professionalTrack: 'H-人文社科' })
      .where(eq(studentProfiles.accountId, me.body.data!.user_id));
    const status = studentStatusSchema.parse((await call(t.app, 'GET', '/api/student/status', { token })).body.data);
    expect(status).toMatchObject({ offer_letter: 1, is_tuition_paid: true, tuition_paid_at: paidAt.toISOString(), place_track: { place_name: '北京会场', professional_track: 'H-人文社科' } });
    expect(nextStudentPage(status)).toBe(PAGES.cardCourse);
  });
});

describe('student info', () => {
  it('completes the profile with a listed school and marks info complete once', async () => {
    const { token, phone } = await registerStudent(t.app);
    const saved = await call(t.app, 'POST', '/api/student/info', { token, body: validInfo() });
    expect(saved.body).toMatchObject({
      status: 200,
      data: { phone, name: '张小明', email: 'xiaoming@example.com', school_state_id: 110000, school_city_id: 110100, school_zone_id: 110102, school_id: schoolId, school_name: '北京市第四中学', info_completed: true },
    });
    const first = (await call<{ activate_status_v5: { info_completed_at: string } }>(t.app, 'GET', '/api/student/status', { token })).body.data!.activate_status_v5.info_completed_at;
    t.clock.advance(60_000);
    await call(t.app, 'POST', '/api/student/info', { token, body: { ...validInfo(), name: '张小明二' } });
    const second = (await call<{ activate_status_v5: { info_completed_at: string } }>(t.app, 'GET', '/api/student/status', { token })).body.data!.activate_status_v5.info_completed_at;
    expect(second).toBe(first);
    expect((await call<{ name: string }>(t.app, 'GET', '/api/student/info', { token })).body.data!.name).toBe('张小明二');
  });

  it('accepts a typed school name when the school is not listed', async () => {
    const { token } = await registerStudent(t.app);
    const res = await call(t.app, 'POST', '/api/student/info', { token, body: { ...validInfo(), school_id: undefined, school_name: '某某县第一高级中学' } });
    expect(res.body).toMatchObject({ status: 200, data: { school_id: null, school_name: '某某县第一高级中学' } });
  });

  it.each([
    [{ area_id: [] }, 'area_id', MSG.AREA_REQUIRED],
    [{ area_id: [110000, 310100] }, 'area_id', MSG.AREA_REQUIRED],
    [{ school_id: undefined, school_name: '' }, 'school_name', MSG.SCHOOL_REQUIRED],
    [{ school_id: 999999 }, 'school_id', MSG.SCHOOL_REQUIRED],
    [{ email: 'not-an-email' }, 'email', MSG.EMAIL_FORMAT],
  ])('refuses %j and changes nothing', async (patch, field, msg) => {
    const { token } = await registerStudent(t.app);
    const res = await call(t.app, 'POST', '/api/student/info', { token, body: { ...validInfo(), ...patch } });
    expect(res.body).toMatchObject({ status: 4003, msg, data: { field } });
    const info = await call<{ info_completed: boolean; name: string }>(t.app, 'GET', '/api/student/info', { token });
    expect(info.body.data).toMatchObject({ info_completed: false, name: '' });
  });
});

describe('staff info', () => {
  it('teacher, school and SL each read their own info', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    const admin = await createStaffToken(t, 'teacher', { isAdmin: true });
    expect((await call(t.app, 'GET', '/api/teacher/info', { token: teacher })).body).toMatchObject({ status: 200, data: { type: 1, is_admin: false } });
    expect((await call(t.app, 'GET', '/api/teacher/info', { token: admin })).body).toMatchObject({ status: 200, data: { type: 9, is_admin: true } });
    expect((await call(t.app, 'GET', '/api/school/info', { token: await createStaffToken(t, 'school') })).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/sl/info', { token: await createStaffToken(t, 'sl') })).body.status).toBe(200);
  });
});
