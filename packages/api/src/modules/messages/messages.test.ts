import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { STATUS, type AdminMessage, type Segment, type StudentMessage, type StudentMessageList } from '@summit/domain';
import { createHash } from 'node:crypto';
import { accounts, auditLog, authTokens, smsOutbox, studentProfiles } from '../../db/schema.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { JobRegistry, JobRunner, defaultJobRegistry } from '../jobs/job-runner.ts';
import { MESSAGE_SEND_KIND } from './messages.service.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let staff: string;
let school: string;
let province = 990_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  staff = await createStaffToken(t, 'teacher');
  // A type-4 staff member (not an admin): holds messages.send (decision 063).
  const [tok] = await t.db.select({ accountId: authTokens.accountId }).from(authTokens).where(eq(authTokens.tokenHash, createHash('sha256').update(staff).digest('hex')));
  await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, tok!.accountId));
  school = await createStaffToken(t, 'school');
});
afterAll(async () => {
  await t.close();
});

async function student(set: Partial<typeof studentProfiles.$inferInsert> = {}) {
  const s = await registerStudent(t.app);
  const status = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token: s.token });
  const accountId = status.body.data!.user_id;
  if (Object.keys(set).length > 0) await t.db.update(studentProfiles).set(set).where(eq(studentProfiles.accountId, accountId));
  return { token: s.token, accountId };
}

/** A fresh province code per test, so each test's segment holds only its own students. */
const nextProvince = () => (province += 1);

const send = (body: Record<string, unknown>, token = admin) => call<AdminMessage>(t.app, 'POST', '/api/admin/messages', { token, body: { title: '开营通知', body: '请按时参加开营式。', ...body } });
const count = (filter: Record<string, unknown>) => call<{ count: number }>(t.app, 'POST', '/api/admin/messages/recipient-count', { token: admin, body: { filter } });
const mine = (token: string) => call<StudentMessageList>(t.app, 'GET', '/api/student/messages', { token });
const listed = async (id: number) => (await call<AdminMessage[]>(t.app, 'GET', '/api/admin/messages', { token: admin })).body.data!.find((m) => m.id === id)!;

describe('segments', () => {
  it('counts the students a filter matches: batch, stage, tuition, session, venue, house, province', async () => {
    const prov = nextProvince();
    const now = new Date();
    const a = await student({ schoolStateId: prov, batchStr: 'EB1', step1SubmittedAt: now, applyPaidAt: now, step2SubmittedAt: now, tuitionPaidAt: now, placeName: '第一期' });
    const b = await student({ schoolStateId: prov, batchStr: 'RD', step1SubmittedAt: now });
    await student({ schoolStateId: prov });
    const [venue] = await t.db.insert(venues).values({ name: '分组测试会场', placeName: '分组测试' }).returning();
    await t.db.insert(venueAssignments).values({ studentId: a.accountId, venueId: venue!.id, method: 'manual' });
    const [house] = await t.db.select().from(houses).limit(1);
    if (house) await t.db.insert(houseAssignments).values({ studentId: b.accountId, houseId: house.id, venueId: venue!.id }).onConflictDoNothing();

    expect((await count({ province_id: prov })).body.data!.count).toBe(3);
    expect((await count({ province_id: prov, batch: 'early' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, batch: 'regular' })).body.data!.count).toBe(2);
    expect((await count({ province_id: prov, signup_status: 'applied' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, signup_status: 'signed_up' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, signup_status: 'activated' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, tuition_paid: true })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, session: 'first' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, session: 'second' })).body.data!.count).toBe(0);
    expect((await count({ venue_id: venue!.id })).body.data!.count).toBe(1);
    if (house) expect((await count({ province_id: prov, house_id: house.id })).body.data!.count).toBe(1);
    // Empty: every student with an account, and no staff.
    const students = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'student'));
    expect((await count({})).body.data!.count).toBe(students.length);
  });

  it('counts with the Students filter: search, stage, active type, tag and an explicit selection (decision 062)', async () => {
    const prov = nextProvince();
    const now = new Date();
    const a = await student({ schoolStateId: prov, schoolName: '分组搜索中学', userTags: ['回访'] });
    const b = await student({ schoolStateId: prov, step1SubmittedAt: now, activeType: 4 });
    expect((await count({ province_id: prov, q: '分组搜索' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, stage: 'signed_up' })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, active_type: 4 })).body.data!.count).toBe(1);
    expect((await count({ province_id: prov, tag: '回访' })).body.data!.count).toBe(1);
    expect((await count({ user_ids: [a.accountId, b.accountId] })).body.data!.count).toBe(2);
    expect((await count({ user_ids: [a.accountId, b.accountId], stage: 'registered' })).body.data!.count).toBe(1);
    expect((await count({ user_ids: [] })).body.data!.count).toBe(0);
    expect((await count({ stage: 'nope' })).body.status).toBe(STATUS.PARAM);
  });

  it('saves a named segment, refuses the same name, deletes it; each write audited', async () => {
    const created = await call<Segment>(t.app, 'POST', '/api/admin/message-segments', { token: admin, body: { name: '提前批已缴费', filter: { batch: 'early', tuition_paid: true, venue_id: null } } });
    expect(created.body.status).toBe(200);
    expect(created.body.data!.filter).toEqual({ batch: 'early', tuition_paid: true });
    const again = await call(t.app, 'POST', '/api/admin/message-segments', { token: admin, body: { name: '提前批已缴费', filter: {} } });
    expect(again.body.status).toBe(STATUS.PARAM);
    const list = await call<Segment[]>(t.app, 'GET', '/api/admin/message-segments', { token: admin });
    expect(list.body.data!.map((s) => s.name)).toContain('提前批已缴费');
    expect((await call(t.app, 'DELETE', `/api/admin/message-segments/${created.body.data!.id}`, { token: admin })).body.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/admin/message-segments/${created.body.data!.id}`, { token: admin })).http).toBe(404);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'message_segment'), eq(auditLog.entityId, String(created.body.data!.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['message_segment.create', 'message_segment.delete']);
  });
});

describe('sending', () => {
  it('send now: one notice per recipient, SMS only to opted-in students, counts, audited', async () => {
    const prov = nextProvince();
    // The SMS opt-in is the checklist's 短信提醒, which admitted students set.
    const admitted = { offerLetter: 1, offerCreatedAt: new Date(), tuitionPaidAt: new Date() };
    const optedIn = await student({ schoolStateId: prov, ...admitted });
    const quiet = await student({ schoolStateId: prov, ...admitted });
    const outside = await student({ schoolStateId: nextProvince(), ...admitted });
    for (const s of [optedIn, outside]) expect((await call(t.app, 'PUT', '/api/student/checklist/preferences', { token: s.token, body: { sms_reminders: true } })).body.status).toBe(200);

    const res = await send({ title: '开营通知', filter: { province_id: prov } });
    expect(res.body.status).toBe(200);
    const m = res.body.data!;
    expect(m).toMatchObject({ status: 'sent', recipients: 2, delivered: 2, read: 0, sms_queued: 1 });

    expect((await mine(optedIn.token)).body.data!.items.map((n) => n.title)).toContain('开营通知');
    expect((await mine(quiet.token)).body.data!.items.map((n) => n.title)).toContain('开营通知');
    expect((await mine(outside.token)).body.data!.items).toHaveLength(0);

    const sms = await t.db.select().from(smsOutbox).where(like(smsOutbox.eventKey, `admin_message:${m.id}:%`));
    expect(sms.map((s) => s.eventKey)).toEqual([`admin_message:${m.id}:${optedIn.accountId}`]);
    expect(sms[0]!.content).toContain('开营通知');

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'admin_message'), eq(auditLog.entityId, String(m.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['message.create', 'message.send']);
    // The job written with the message was withdrawn by the send.
    expect(await t.db.select().from(jobs).where(eq(jobs.key, `${MESSAGE_SEND_KIND}:${m.id}`))).toHaveLength(0);
  });

  it('rich text is sanitised; plain text is kept as typed', async () => {
    const prov = nextProvince();
    const s = await student({ schoolStateId: prov });
    await send({ title: '富文本', format: 'html', body: '<p><strong>请注意</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>', filter: { province_id: prov } });
    await send({ title: '纯文本', body: '<b>不是标签</b>', filter: { province_id: prov } });
    const items = (await mine(s.token)).body.data!.items;
    const rich = items.find((n) => n.title === '富文本')!;
    expect(rich.format).toBe('html');
    expect(rich.body).toContain('<strong>请注意</strong>');
    expect(rich.body).not.toMatch(/script|onerror/);
    expect(items.find((n) => n.title === '纯文本')).toMatchObject({ format: 'text', body: '<b>不是标签</b>' });
  });

  it('read counts go up as students open the message; reading twice keeps the first time', async () => {
    const prov = nextProvince();
    const a = await student({ schoolStateId: prov });
    const b = await student({ schoolStateId: prov });
    const m = (await send({ filter: { province_id: prov } })).body.data!;
    expect((await mine(a.token)).body.data!.unread).toBe(1);
    const noticeId = (await mine(a.token)).body.data!.items[0]!.id;
    const first = await call<StudentMessage>(t.app, 'POST', `/api/student/messages/${noticeId}/read`, { token: a.token });
    expect(first.body.data!.read_at).not.toBeNull();
    t.clock.advance(60_000);
    const second = await call<StudentMessage>(t.app, 'POST', `/api/student/messages/${noticeId}/read`, { token: a.token });
    expect(second.body.data!.read_at).toBe(first.body.data!.read_at);
    expect((await call<{ unread: number }>(t.app, 'GET', '/api/student/messages/unread-count', { token: a.token })).body.data!.unread).toBe(0);
    expect(await listed(m.id)).toMatchObject({ recipients: 2, delivered: 2, read: 1 });
    await call(t.app, 'POST', '/api/student/messages/read-all', { token: b.token });
    expect(await listed(m.id)).toMatchObject({ read: 2 });
  });

  it('a student never reads or marks another student’s notice (IDOR)', async () => {
    const prov = nextProvince();
    const owner = await student({ schoolStateId: prov });
    const other = await student({ schoolStateId: nextProvince() });
    await send({ filter: { province_id: prov } });
    const id = (await mine(owner.token)).body.data!.items[0]!.id;
    const res = await call(t.app, 'POST', `/api/student/messages/${id}/read`, { token: other.token });
    expect(res.http).toBe(404);
    const [row] = await t.db.select().from(studentNotices).where(eq(studentNotices.id, id));
    expect(row!.readAt).toBeNull();
    expect((await mine(other.token)).body.data!.items.find((n) => n.id === id)).toBeUndefined();
  });

  it('refuses a segment without students', async () => {
    const res = await send({ filter: { province_id: nextProvince() } });
    expect(res.body.status).toBe(STATUS.PARAM);
    expect(res.body.msg).toBe('该分组暂无学生，无法发送');
  });
});

describe('scheduling', () => {
  let second: Database | null = null;
  afterAll(async () => {
    await second?.close();
  });

  it('a scheduled message is delivered once by one of two runners, at its time', async () => {
    const prov = nextProvince();
    const s = await student({ schoolStateId: prov });
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const m = (await send({ title: '预约消息', filter: { province_id: prov }, send_at: at.toISOString() })).body.data!;
    expect(m).toMatchObject({ status: 'scheduled', recipients: null, delivered: 0 });
    expect((await mine(s.token)).body.data!.items).toHaveLength(0);

    second = t.databaseUrl ? await openPostgres(t.databaseUrl, { max: 4 }) : null;
    const registry = new JobRegistry();
    registry.register(MESSAGE_SEND_KIND, defaultJobRegistry.get(MESSAGE_SEND_KIND)!);
    const silent = { error: () => {}, warn: () => {} };
    const a = new JobRunner({ ctx: t.app.ctx, log: silent, registry });
    const b = new JobRunner({ ctx: { ...t.app.ctx, db: second?.db ?? t.app.ctx.db }, log: silent, registry });

    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]); // not yet due
    t.clock.advance(3_600_000 + 1000);
    const ran = await Promise.all([a.tick(), b.tick()]);
    expect(ran.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await mine(s.token)).body.data!.items.filter((n) => n.title === '预约消息')).toHaveLength(1);
    expect(await listed(m.id)).toMatchObject({ status: 'sent', recipients: 1, delivered: 1 });

    // A second delivery attempt (a retried or re-claimed job) adds nothing.
    const { deliverMessage } = await import('./messages.repo.ts');
    expect(await deliverMessage(t.db, m.id, t.clock.now())).toBeNull();
    expect((await mine(s.token)).body.data!.items).toHaveLength(1);
  });

  it('PUT and DELETE only while scheduled; editing moves the job; each audited', async () => {
    const prov = nextProvince();
    const s = await student({ schoolStateId: prov });
    const at = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    const m = (await send({ title: '旧标题', filter: { province_id: prov }, send_at: at.toISOString() })).body.data!;
    const later = new Date(at.getTime() + 3_600_000);
    const put = await call<AdminMessage>(t.app, 'PUT', `/api/admin/messages/${m.id}`, { token: admin, body: { title: '新标题', body: '改过的内容', filter: { province_id: prov }, send_at: later.toISOString() } });
    expect(put.body.status).toBe(200);
    expect(put.body.data).toMatchObject({ title: '新标题', status: 'scheduled', send_at: later.toISOString() });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, `${MESSAGE_SEND_KIND}:${m.id}`));
    expect(job!.runAt.toISOString()).toBe(later.toISOString());

    // A second scheduled message is deleted with its job.
    const d = (await send({ title: '将删除', filter: { province_id: prov }, send_at: at.toISOString() })).body.data!;
    expect((await call(t.app, 'DELETE', `/api/admin/messages/${d.id}`, { token: admin })).body.status).toBe(200);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, `${MESSAGE_SEND_KIND}:${d.id}`))).toHaveLength(0);
    expect((await call(t.app, 'DELETE', `/api/admin/messages/${d.id}`, { token: admin })).http).toBe(404);

    // PUT with no send_at sends at once; afterwards neither PUT nor DELETE is accepted.
    const now = await call<AdminMessage>(t.app, 'PUT', `/api/admin/messages/${m.id}`, { token: admin, body: { title: '新标题', body: '改过的内容', filter: { province_id: prov } } });
    expect(now.body.data).toMatchObject({ status: 'sent', delivered: 1 });
    expect((await mine(s.token)).body.data!.items.map((n) => n.title)).toEqual(['新标题']);
    const putSent = await call(t.app, 'PUT', `/api/admin/messages/${m.id}`, { token: admin, body: { title: 'x', body: 'y', filter: {} } });
    expect(putSent.body).toMatchObject({ status: STATUS.MESSAGE, msg: '消息已发送，不能修改或删除' });
    const delSent = await call(t.app, 'DELETE', `/api/admin/messages/${m.id}`, { token: admin });
    expect(delSent.body).toMatchObject({ status: STATUS.MESSAGE, msg: '消息已发送，不能修改或删除' });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'admin_message'));
    const of = (id: number) => audit.filter((a) => a.entityId === String(id)).map((a) => a.action).sort();
    expect(of(m.id)).toEqual(['message.create', 'message.send', 'message.update', 'message.update']);
    expect(of(d.id)).toEqual(['message.create', 'message.delete']);
  });

  it('a send time in the past is a 4003 naming send_at', async () => {
    const res = await send({ filter: {}, send_at: new Date(t.clock.now().getTime() - 1000).toISOString() });
    expect(res.body).toMatchObject({ status: STATUS.PARAM, data: { field: 'send_at' } });
  });
});

describe('roles and input', () => {
  it('student, teacher and school tokens are refused the admin routes; admins and staff (type 4, messages.send) only', async () => {
    const s = await student();
    for (const token of [s.token, teacher, school]) {
      for (const [method, url] of [
        ['GET', '/api/admin/messages'],
        ['POST', '/api/admin/messages'],
        ['PUT', '/api/admin/messages/1'],
        ['DELETE', '/api/admin/messages/1'],
        ['POST', '/api/admin/messages/recipient-count'],
        ['GET', '/api/admin/message-segments'],
      ] as const) {
        const res = await call(t.app, method, url, { token, body: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x', body: 'y' } });
        expect([401, 403]).toContain(res.http);
        expect(res.body.status).not.toBe(200);
      }
    }
    // Staff hold messages.send (decision 063): they read the list and compose like an admin.
    expect((await call(t.app, 'GET', '/api/admin/messages', { token: staff })).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/message-segments', { token: staff })).body.status).toBe(200);
    for (const token of [teacher, admin, school]) {
      expect((await mine(token)).body.status).not.toBe(200);
    }
  });

  it('bad input is a 4003 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'title'],
      [{ body: '   ' }, 'body'],
      [{ format: 'markdown' }, 'format'],
      [{ filter: { batch: 'EB9' } }, 'filter.batch'],
      [{ filter: { venue_id: -1 } }, 'filter.venue_id'],
      [{ filter: { signup_status: 'x' } }, 'filter.signup_status'],
      [{ send_at: 'tomorrow' }, 'send_at'],
      [{ sms: 'yes' }, 'sms'],
      [{ segment_id: 2_147_483_647 }, 'segment_id'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.body.status, JSON.stringify(body)).toBe(STATUS.PARAM);
      expect((res.body.data as unknown as { field: string }).field).toBe(field);
    }
    const html = await send({ format: 'html', body: '<script>x</script>' });
    expect(html.body).toMatchObject({ status: STATUS.PARAM, data: { field: 'body' } });
    expect((await call(t.app, 'PUT', '/api/admin/messages/abc', { token: admin, body: {} })).body.status).toBe(STATUS.PARAM);
  });
});
