import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COURSE_MSG, MSG, TWELVE_HOUSES, type HouseRecord, type Venue } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { courses, venueAssignments } from '../../db/schema-courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  teacher = await createStaffToken(t, 'teacher');
});
afterAll(async () => {
  await t.close();
});

const shanghai = { place_name: 'shanghai', name: '上海会场', city: '上海', is_beijing: false, capacity: 300, professional_tracks: ['H-'], session_keys: ['second', 'first'] };

describe('venues', () => {
  it('an admin creates a venue: stored, answered in programme order of sessions, audited', async () => {
    const res = await call<Venue>(t.app, 'POST', '/api/admin/venues', { token: admin, body: shanghai });
    expect(res.body).toMatchObject({ status: 200, msg: MSG.SAVE_OK, data: { place_name: 'shanghai', name: '上海会场', city: '上海', is_beijing: false, capacity: 300, professional_tracks: ['H-'], session_keys: ['first', 'second'], students: 0, courses: 0 } });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'venue.create'), eq(auditLog.entityId, String(res.body.data!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, entity: 'venue', before: null, after: { place_name: 'shanghai', capacity: 300 } });
    const list = await call<Venue[]>(t.app, 'GET', '/api/admin/venues', { token: admin });
    expect(list.body.data!.map((v) => v.place_name)).toEqual(['shanghai']);
  });

  it('a place_name already used is a 4003 on place_name, nothing written', async () => {
    const res = await call(t.app, 'POST', '/api/admin/venues', { token: admin, body: { ...shanghai, name: '另一个' } });
    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({ status: 4003, msg: COURSE_MSG.PLACE_NAME_TAKEN, data: { field: 'place_name' } });
    expect((await call<Venue[]>(t.app, 'GET', '/api/admin/venues', { token: admin })).body.data).toHaveLength(1);
  });

  it.each([
    [{ ...shanghai, place_name: 'Bei Jing' }, 'place_name', COURSE_MSG.PLACE_NAME],
    [{ ...shanghai, place_name: 'bj', name: '' }, 'name', COURSE_MSG.VENUE_NAME],
    [{ ...shanghai, place_name: 'bj', capacity: -1 }, 'capacity', COURSE_MSG.VENUE_CAPACITY],
    [{ ...shanghai, place_name: 'bj', capacity: 1.5 }, 'capacity', COURSE_MSG.VENUE_CAPACITY],
    [{ ...shanghai, place_name: 'bj', session_keys: [] }, 'session_keys', COURSE_MSG.VENUE_SESSIONS],
    [{ ...shanghai, place_name: 'bj', session_keys: ['fourth'] }, 'session_keys.0', COURSE_MSG.VENUE_SESSIONS],
    [{ ...shanghai, place_name: 'bj', professional_tracks: [''] }, 'professional_tracks.0', COURSE_MSG.TRACKS],
  ])('refuses %j on its field with the Chinese rule', async (body, field, msg) => {
    const res = await call(t.app, 'POST', '/api/admin/venues', { token: admin, body });
    expect(res.body).toMatchObject({ status: 4003, msg, data: { field } });
  });

  it('an edit is audited with before and after; an unknown id is 4001 会场不存在', async () => {
    const [venue] = (await call<Venue[]>(t.app, 'GET', '/api/admin/venues', { token: admin })).body.data!;
    const res = await call<Venue>(t.app, 'PUT', `/api/admin/venues/${venue!.id}`, { token: admin, body: { ...shanghai, capacity: 280, is_beijing: false, city: '上海市' } });
    expect(res.body.data).toMatchObject({ capacity: 280, city: '上海市' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'venue.update'));
    expect(audit).toMatchObject({ before: { capacity: 300, city: '上海' }, after: { capacity: 280, city: '上海市' } });
    const missing = await call(t.app, 'PUT', '/api/admin/venues/999999', { token: admin, body: shanghai });
    expect(missing.body).toMatchObject({ status: 4001, msg: COURSE_MSG.VENUE_NOT_FOUND });
  });

  it('a venue with students or courses cannot be deleted; an empty one can, audited', async () => {
    const bj = (await call<Venue>(t.app, 'POST', '/api/admin/venues', { token: admin, body: { ...shanghai, place_name: 'beijing', name: '北京会场', is_beijing: true } })).body.data!;
    const student = await registerStudent(t.app);
    const [{ id: studentId }] = (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, student.phone))) as [{ id: number }];
    const [row] = await t.db.insert(courses).values({ code: 'X1', title: '课', category: 'major', sessionKey: 'first', capacity: 5, venueId: bj.id }).returning();
    const refused = await call(t.app, 'DELETE', `/api/admin/venues/${bj.id}`, { token: admin });
    expect(refused.body).toMatchObject({ status: 4001, msg: COURSE_MSG.VENUE_IN_USE });
    await t.db.delete(courses).where(eq(courses.id, row!.id));
    await t.db.insert(venueAssignments).values({ studentId, venueId: bj.id, method: 'manual' });
    expect((await call(t.app, 'DELETE', `/api/admin/venues/${bj.id}`, { token: admin })).body.msg).toBe(COURSE_MSG.VENUE_IN_USE);
    await t.db.delete(venueAssignments).where(eq(venueAssignments.studentId, studentId));
    const done = await call(t.app, 'DELETE', `/api/admin/venues/${bj.id}`, { token: admin });
    expect(done.body).toMatchObject({ status: 200, msg: COURSE_MSG.DELETED });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'venue.delete'))).toHaveLength(1);
  });

  it('a plain teacher and a student are refused', async () => {
    expect((await call(t.app, 'GET', '/api/admin/venues', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/venues', { token: teacher, body: { ...shanghai, place_name: 'sz' } })).http).toBe(403);
    const student = await registerStudent(t.app);
    expect((await call(t.app, 'GET', '/api/admin/houses', { token: student.token })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/houses')).http).toBe(401);
  });
});

describe('houses', () => {
  it('the twelve houses exist on first read, once', async () => {
    const first = await call<HouseRecord[]>(t.app, 'GET', '/api/admin/houses', { token: admin });
    const again = await call<HouseRecord[]>(t.app, 'GET', '/api/admin/houses', { token: admin });
    expect(first.body.data!.map((h) => h.code)).toEqual(TWELVE_HOUSES.map((h) => h.code));
    expect(again.body.data).toHaveLength(12);
  });

  it('an admin edits name, colour and motto: audited; a bad colour is 4003 on colour', async () => {
    const [phoenix] = (await call<HouseRecord[]>(t.app, 'GET', '/api/admin/houses', { token: admin })).body.data!;
    const res = await call<HouseRecord>(t.app, 'PUT', `/api/admin/houses/${phoenix!.id}`, { token: admin, body: { name: '凤凰学院', english_name: 'Phoenix House', colour: '#aa0000', motto: '浴火重生' } });
    expect(res.body.data).toMatchObject({ code: 'phoenix', name: '凤凰学院', colour: '#aa0000', motto: '浴火重生' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'house.update'));
    expect(audit).toMatchObject({ actorId: adminId, before: { name: '凤凰', motto: '' }, after: { name: '凤凰学院', motto: '浴火重生' } });
    const bad = await call(t.app, 'PUT', `/api/admin/houses/${phoenix!.id}`, { token: admin, body: { name: '凤凰', colour: 'red' } });
    expect(bad.body).toMatchObject({ status: 4003, msg: COURSE_MSG.HOUSE_COLOUR, data: { field: 'colour' } });
    const missing = await call(t.app, 'PUT', '/api/admin/houses/99999', { token: admin, body: { name: '凤凰', colour: '#000000' } });
    expect(missing.body).toMatchObject({ status: 4001, msg: COURSE_MSG.HOUSE_NOT_FOUND });
  });
});
