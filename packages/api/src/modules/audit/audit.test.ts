import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUDIT_MSG, MSG, TWELVE_HOUSES, type AuditEntities, type AuditPage, type HouseCupEntry, type Venue } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { houses } from '../../db/schema-courses.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let other: string;
let otherId: number;
let teacher: string;
let staff: string;

const infoOf = async (token: string) => (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token })).body.data!.user_id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = await infoOf(admin);
  await t.db.update(accounts).set({ name: '周教务' }).where(eq(accounts.id, adminId));
  other = await createStaffToken(t, 'teacher', { isAdmin: true });
  otherId = await infoOf(other);
  await t.db.update(accounts).set({ name: '吴老师' }).where(eq(accounts.id, otherId));
  teacher = await createStaffToken(t, 'teacher');
  staff = await createStaffToken(t, 'teacher');
  await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, await infoOf(staff)));
  await t.db.insert(houses).values(TWELVE_HOUSES.map((h, i) => ({ code: h.code, name: h.name, englishName: h.english, colour: h.colour, sort: i + 1 })));
});
afterAll(async () => {
  await t.close();
});

const search = (q = '', token = admin) => call<AuditPage>(t.app, 'GET', `/api/admin/audit${q ? `?${q}` : ''}`, { token });
let venueId: number;
let entryId: number;

describe('what the log shows', () => {
  it('admin writes of different modules appear newest first, with actor, object, before and after', async () => {
    const venue = await call<Venue>(t.app, 'POST', '/api/admin/venues', { token: admin, body: { place_name: 'shanghai', name: '上海会场', city: '上海', is_beijing: false, capacity: 300, professional_tracks: [], session_keys: ['first'] } });
    venueId = venue.body.data!.id;
    t.clock.advance(60_000);
    await call(t.app, 'PUT', `/api/admin/venues/${venueId}`, { token: other, body: { place_name: 'shanghai', name: '上海会场', city: '上海', is_beijing: false, capacity: 280, professional_tracks: [], session_keys: ['first'] } });
    t.clock.advance(60_000);
    const [house] = await t.db.select().from(houses).limit(1);
    entryId = (await call<HouseCupEntry>(t.app, 'POST', '/api/admin/house-cup', { token: admin, body: { house_id: house!.id, points: 8, reason: '运动会' } })).body.data!.id;

    const page = (await search()).body.data!;
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.action, i.entity, i.actor?.name])).toEqual([
      ['house_cup.give', 'house_cup', '周教务'],
      ['venue.update', 'venue', '吴老师'],
      ['venue.create', 'venue', '周教务'],
    ]);
    const update = page.items[1]!;
    expect(update).toMatchObject({ actor_id: otherId, entity_id: String(venueId), actor: { role: 'teacher', is_admin: true }, before: { capacity: 300 }, after: { capacity: 280 } });
  });

  it('searches by actor: name part, phone part or #id', async () => {
    expect((await search(`actor=${encodeURIComponent('吴')}`)).body.data!.items.map((i) => i.action)).toEqual(['venue.update']);
    expect((await search(`actor=${encodeURIComponent(`#${adminId}`)}`)).body.data!.total).toBe(2);
    const [row] = await t.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, otherId));
    expect((await search(`actor=${row!.phone.slice(-6)}`)).body.data!.items.map((i) => i.actor_id)).toEqual([otherId]);
    // LIKE wildcards are text, not patterns.
    expect((await search('actor=%25')).body.data!.total).toBe(0);
    expect((await search('actor=_')).body.data!.total).toBe(0);
  });

  it('searches by object type and id, by action and by time range', async () => {
    expect((await search(`entity=venue&entity_id=${venueId}`)).body.data!.total).toBe(2);
    expect((await search(`entity=house_cup&entity_id=${entryId}`)).body.data!.items.map((i) => i.after)).toEqual([expect.objectContaining({ points: 8, reason: '运动会' })]);
    expect((await search('action=update')).body.data!.items.map((i) => i.entity)).toEqual(['venue']);
    const now = t.clock.now().getTime();
    const from = new Date(now - 90_000).toISOString();
    const to = new Date(now - 30_000).toISOString();
    expect((await search(`from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).body.data!.items.map((i) => i.action)).toEqual(['venue.update']);
    expect((await search(`from=${encodeURIComponent(new Date(now + 1000).toISOString())}`)).body.data!.total).toBe(0);
  });

  it('pages on the server', async () => {
    const p1 = (await search('page_size=2')).body.data!;
    const p2 = (await search('page_size=2&page=2')).body.data!;
    expect([p1.items.length, p2.items.length, p1.total, p2.page]).toEqual([2, 1, 3, 2]);
    expect(new Set([...p1.items, ...p2.items].map((i) => i.id)).size).toBe(3);
  });

  it('lists the object types present with Chinese labels', async () => {
    const res = await call<AuditEntities>(t.app, 'GET', '/api/admin/audit/entities', { token: admin });
    expect(res.body.data).toEqual([
      { entity: 'house_cup', label: '学院杯', count: 1 },
      { entity: 'venue', label: '会场', count: 2 },
    ]);
  });

  it.each([
    ['from=yesterday', 'from'],
    ['to=2026-13-01T00:00:00Z', 'to'],
    [`from=${encodeURIComponent('2026-07-02T00:00:00+08:00')}&to=${encodeURIComponent('2026-07-01T00:00:00+08:00')}`, 'to'],
    ["entity=venue'%20or%201=1", 'entity'],
    ['page=0', 'page'],
    ['page_size=101', 'page_size'],
    [`actor=${'x'.repeat(51)}`, 'actor'],
  ])('a bad query %s is a 4003 naming %s', async (q, field) => {
    const res = await search(q);
    expect({ http: res.http, status: res.body.status, field: (res.body.data as { field?: string } | undefined)?.field }).toEqual({ http: 400, status: 4003, field });
  });

  it('names the reversed range in Chinese', async () => {
    const res = await search(`from=${encodeURIComponent('2026-07-02T00:00:00+08:00')}&to=${encodeURIComponent('2026-07-01T00:00:00+08:00')}`);
    expect(res.body.msg).toBe(AUDIT_MSG.RANGE);
  });
});

describe('it cannot be edited from the app', () => {
  it('every audit route is a GET, and no route anywhere writes to /api/admin/audit', () => {
    const audit = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/admin/audit'));
    expect(audit.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/admin/audit', 'GET /api/admin/audit/entities', 'GET /api/admin/audit/export']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s /api/admin/audit answers 404, and the rows stay', async (method) => {
    const before = await t.db.select().from(auditLog);
    for (const url of ['/api/admin/audit', '/api/admin/audit/1']) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload: JSON.stringify({ before: null }) });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect(await t.db.select().from(auditLog)).toEqual(before);
  });

  it('a non-admin gets 403 无权限访问！: plain teacher, staff (type 4), student, school; no token is 401', async () => {
    const student = (await registerStudent(t.app)).token;
    const school = await createStaffToken(t, 'school');
    for (const token of [teacher, staff, student, school]) {
      for (const url of ['/api/admin/audit', '/api/admin/audit/entities']) {
        const res = await call(t.app, 'GET', url, { token });
        expect({ url, http: res.http, status: res.body.status, msg: res.body.msg }).toEqual({ url, http: 403, status: 4001, msg: MSG.NO_PERMISSION });
      }
    }
    expect((await call(t.app, 'GET', '/api/admin/audit')).http).toBe(401);
  });
});
