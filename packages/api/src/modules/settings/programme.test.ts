import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PROGRAMME_FACTS, MSG, PROGRAMME_MSG, STATUS, type ProgrammeFacts, type PublicPage } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { programmeDatesLine } from '../offer/offer-letter-pdf.ts';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  student = (await registerStudent(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const ADMIN_URL = '/api/admin/settings/programme';
const { switched_to_online_at: _never, ...body } = DEFAULT_PROGRAMME_FACTS;
const audits = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.programme.update')).orderBy(auditLog.id);

describe('programme facts', () => {
  it('are public, with the fees and deadlines in the same record; the demo programme is online from the start', async () => {
    const res = await call<ProgrammeFacts>(t.app, 'GET', '/api/programme');
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...DEFAULT_PROGRAMME_FACTS, fees: { apply_fen: 50_000, tuition_fen: 1_680_000 }, updated_at: null });
    expect(Object.keys(res.body.data!.deadlines).sort()).toEqual(['EB1', 'EB2', 'MRD', 'RD']);
  });

  it('only an admin edits them (401 visitor, 403 student)', async () => {
    expect((await call(t.app, 'PUT', ADMIN_URL, { body })).http).toBe(401);
    expect((await call(t.app, 'PUT', ADMIN_URL, { token: student, body })).http).toBe(403);
    expect(await audits()).toHaveLength(0);
  });

  it('an edit is stored and audited; offline → online stamps the switch time from the server clock', async () => {
    const offline = await call<ProgrammeFacts>(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, mode: 'offline', name: 'Summit 2027' } });
    expect(offline.body).toMatchObject({ status: 200, msg: MSG.SAVE_OK, data: { mode: 'offline', name: 'Summit 2027', switched_to_online_at: null } });
    t.clock.advance(60_000);
    const online = await call<ProgrammeFacts>(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, mode: 'online', name: 'Summit 2027' } });
    expect(online.body.data).toMatchObject({ mode: 'online', switched_to_online_at: t.clock.now().toISOString(), updated_at: t.clock.now().toISOString() });
    const switchedAt = t.clock.now().toISOString();
    // A client cannot set the switch time itself: the field is not part of the body and is dropped.
    t.clock.advance(60_000);
    const forged = await call<ProgrammeFacts>(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, name: 'Summit 2027', switched_to_online_at: '2020-01-01T00:00:00Z' } });
    expect(forged.body.data?.switched_to_online_at).toBe(switchedAt);
    const rows = await audits();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ entity: 'settings', entityId: 'programme', before: { mode: 'offline' }, after: { mode: 'online', switched_to_online_at: switchedAt } });
    expect((await call<ProgrammeFacts>(t.app, 'GET', '/api/programme')).body.data?.name).toBe('Summit 2027');
  });

  it('撤销切换记录: clear_switch makes the programme online from the start again, audited', async () => {
    const res = await call<ProgrammeFacts>(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, clear_switch: true } });
    expect(res.body.data).toMatchObject({ mode: 'online', switched_to_online_at: null });
    expect(res.body.data).not.toHaveProperty('clear_switch');
    const last = (await audits()).at(-1);
    expect(last?.after).toMatchObject({ switched_to_online_at: null });
  });

  it('refuses a session that ends before it starts with 4003 naming the field, and writes nothing', async () => {
    const before = (await audits()).length;
    const sessions = body.sessions.map((s, i) => (i === 1 ? { ...s, ends_at: s.starts_at } : s));
    const res = await call(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, sessions } });
    expect(res.body).toMatchObject({ status: STATUS.PARAM, msg: PROGRAMME_MSG.SESSION_ORDER });
    expect(await audits()).toHaveLength(before);
  });

  it('pages quote them through {{programme.*}} and {{session.*}} placeholders, and follow an edit', async () => {
    const notice = await call<PublicPage>(t.app, 'GET', '/api/content/pages?slug=notice%2Fonline-notice-free');
    const text = JSON.stringify(notice.body.data);
    expect(text).toContain('7月17日—8月22日');
    expect(text).toContain('¥2,000');
    expect(text).toContain('8月3日 23:59');
    expect(text).not.toContain('{{');

    const sessions = body.sessions.map((s, i) => (i === 0 ? { ...s, starts_at: '2027-07-10T00:00:00+08:00' } : s));
    await call(t.app, 'PUT', ADMIN_URL, { token: admin, body: { ...body, sessions, difference_fen: 250_000 } });
    const dates = await call<PublicPage>(t.app, 'GET', '/api/content/pages?slug=instructions%2Fdates');
    expect(JSON.stringify(dates.body.data)).toContain('7月10日—7月25日');
    const again = JSON.stringify((await call<PublicPage>(t.app, 'GET', '/api/content/pages?slug=notice%2Fonline-notice-free')).body.data);
    expect(again).toContain('¥2,500');
    expect(again).toContain('7月10日—8月22日');
  });

  it('the offer letter states the admitted session from the facts', () => {
    expect(programmeDatesLine(DEFAULT_PROGRAMME_FACTS, '第二期')).toBe('2027年7月29日—8月8日（北京时间）');
    expect(programmeDatesLine(DEFAULT_PROGRAMME_FACTS, null)).toBe('2027年7月17日—8月22日（北京时间）');
  });
});
