import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MSG,
  SEMINAR_KEY_HEADER,
  WECOM_SEMINAR_MSG,
  type AdminSeminar,
  type AdminSeminarSignupPage,
  type Counsellor,
  type Seminar,
  type SeminarContact,
  type SeminarSignupResult,
  type SeminarSignupView,
} from '@summit/domain';
import { accounts, auditLog, schools } from '../../db/schema.ts';
import { wecomCallbackReceipts, wecomCounsellors, wecomSeminarSignups } from '../../db/schema-wecom-seminar.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone } from '../../test/flows.ts';
import { listStates } from '../region/region.service.ts';
import { WECOM_CONTACT_CALLBACK_PATH } from './wecom-seminar.routes.ts';

let t: TestApp;
let admin: string;
let staff: string;
let teacher: string;
const province: Record<string, number> = {};
const school: Record<string, number> = {};
let seminarId: number;

const newKey = () => randomBytes(32).toString('base64url');

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  staff = await createStaffToken(t, 'teacher');
  const staffId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: staff })).body.data!.user_id;
  await t.db.update(accounts).set({ teacherType: 4 }).where(eq(accounts.id, staffId));
  t.app.ctx.tokenCache.evictAccount(staffId);
  for (const s of listStates(1)) province[s.name] = s.id;
  const rows = await t.db
    .insert(schools)
    .values([
      { name: '说明会测试一中', countryId: 1, stateId: province['浙江省']! },
      { name: '说明会测试二中', countryId: 1, stateId: province['浙江省']! },
    ])
    .returning({ id: schools.id, name: schools.name });
  for (const r of rows) school[r.name] = r.id;
  const created = await call<AdminSeminar>(t.app, 'POST', '/api/admin/wecom-seminar/seminars', {
    token: admin,
    body: { title: '夏校招生说明会', description: '介绍项目与报名', location: '线上', starts_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString() },
  });
  expect(created.body.status).toBe(200);
  seminarId = created.body.data!.id;
});
afterAll(async () => {
  await t.close();
});

async function counsellor(body: Record<string, unknown>, token = admin) {
  return call<Counsellor>(t.app, 'POST', '/api/admin/wecom-seminar/counsellors', { token, body: { intro: '', province_ids: [], school_ids: [], ...body } });
}

async function signUp(over: Record<string, unknown> = {}, key = newKey()) {
  const res = await call<SeminarSignupResult>(t.app, 'POST', '/api/wecom/seminar/signups', {
    body: { seminar_id: seminarId, role: 'student', name: '报名同学', phone: newPhone(), grade: '高一', state_id: province['北京市'], school_name: '北京某中学', key, ...over },
  });
  return { ...res, key };
}

async function withKey<T>(method: 'GET' | 'POST', url: string, key: string | undefined, body?: unknown) {
  const res = await t.app.inject({ method, url, headers: key ? { [SEMINAR_KEY_HEADER]: key } : {}, ...(body !== undefined ? { payload: body as object } : {}) });
  return { http: res.statusCode, body: res.json() as { status: number; msg: string; data?: T } };
}
const divide = (code: string, key: string | undefined) => withKey<SeminarSignupView>('POST', '/api/wecom/seminar/divide', key, { code });
const view = (code: string, key: string | undefined) => withKey<SeminarSignupView>('GET', `/api/wecom/seminar/signups/${code}`, key);
const contact = (code: string, key: string | undefined) => withKey<SeminarContact>('POST', `/api/wecom/seminar/signups/${code}/contact`, key);

async function signedUpAndDivided(over: Record<string, unknown> = {}) {
  const s = await signUp(over);
  expect(s.body.status).toBe(200);
  const d = await divide(s.body.data!.code, s.key);
  return { code: s.body.data!.code, key: s.key, divided: d };
}

/** Deactivates every counsellor so each test sets its own rules. */
async function clearCounsellors() {
  await t.db.update(wecomCounsellors).set({ active: false });
}

describe('seminars and sign-ups', () => {
  it('lists open seminars publicly; a sign-up answers a public code, and the same key again the same sign-up', async () => {
    const list = await call<Seminar[]>(t.app, 'GET', '/api/wecom/seminars');
    expect(list.body.data!.map((s) => s.title)).toContain('夏校招生说明会');
    const phone = newPhone();
    const key = newKey();
    const first = await signUp({ phone }, key);
    expect(first.body).toMatchObject({ status: 200, msg: WECOM_SEMINAR_MSG.SIGNED_UP });
    expect(first.body.data!.code).toMatch(/^U\d+$/);
    const again = await signUp({ phone }, key);
    expect(again.body.data!.code).toBe(first.body.data!.code);
    const other = await signUp({ phone }, newKey());
    expect(other.body).toMatchObject({ status: 4001, msg: WECOM_SEMINAR_MSG.ALREADY_SIGNED_UP });
    expect(await t.db.$count(wecomSeminarSignups, eq(wecomSeminarSignups.phone, phone))).toBe(1);
  });

  it('refuses bad input with the field named: phone, province, school, key, a closed or unknown seminar', async () => {
    expect((await signUp({ phone: '123' })).body).toMatchObject({ status: 4003, data: { field: 'phone' } });
    expect((await signUp({ state_id: 999_999 })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.PROVINCE_REQUIRED, data: { field: 'state_id' } });
    expect((await signUp({ school_name: '' })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.SCHOOL_REQUIRED, data: { field: 'school_name' } });
    expect((await signUp({ school_id: 2_000_000_000 })).body).toMatchObject({ status: 4003, data: { field: 'school_id' } });
    expect((await signUp({}, 'short')).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.KEY_INVALID, data: { field: 'key' } });
    expect((await signUp({ seminar_id: 999_999 })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.SEMINAR_NOT_FOUND });
    const closed = await call<AdminSeminar>(t.app, 'POST', '/api/admin/wecom-seminar/seminars', {
      token: admin,
      body: { title: '已关闭说明会', starts_at: new Date(t.clock.now().getTime() + 86_400_000).toISOString(), open: false },
    });
    expect((await signUp({ seminar_id: closed.body.data!.id })).body).toMatchObject({ status: 4001, msg: WECOM_SEMINAR_MSG.SEMINAR_CLOSED });
    expect((await call<Seminar[]>(t.app, 'GET', '/api/wecom/seminars')).body.data!.map((s) => s.title)).not.toContain('已关闭说明会');
  });

  it('a sign-up is seen only with its own key: no key, a wrong key or another sign-up’s code all answer 报名信息不存在', async () => {
    await clearCounsellors();
    await counsellor({ name: '通用顾问甲', wecom_userid: 'owner-general', capacity: 100 });
    const mine = await signedUpAndDivided();
    const theirs = await signedUpAndDivided();
    expect((await view(mine.code, mine.key)).body.status).toBe(200);
    for (const [code, key] of [
      [mine.code, undefined],
      [mine.code, newKey()],
      [theirs.code, mine.key],
      ['U1', 'x'],
      ['abc', mine.key],
    ] as const) {
      const res = await view(code, key);
      expect([code, res.http, res.body.msg]).toEqual([code, 404, WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND]);
      expect((await divide(code, key)).body.msg).toBe(WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND);
      expect((await contact(code, key)).body.msg).toBe(WECOM_SEMINAR_MSG.SIGNUP_NOT_FOUND);
    }
  });
});

describe('the assignment rules', () => {
  it('school coverage beats province coverage, province beats a generalist; a full tier falls through to the next', async () => {
    await clearCounsellors();
    const bySchool = (await counsellor({ name: '学校顾问', wecom_userid: 'rule-school', capacity: 1, school_ids: [school['说明会测试一中']] })).body.data!;
    const byProvince = (await counsellor({ name: '浙江顾问', wecom_userid: 'rule-province', capacity: 1, province_ids: [province['浙江省']] })).body.data!;
    const general = (await counsellor({ name: '通用顾问', wecom_userid: 'rule-general', capacity: 5 })).body.data!;
    const zj = { state_id: province['浙江省'], school_id: school['说明会测试一中'] };
    const a = await signedUpAndDivided(zj);
    expect(a.divided.body.data!.counsellor!.name).toBe(bySchool.name);
    const b = await signedUpAndDivided(zj); // the school's counsellor is full: the province's
    expect(b.divided.body.data!.counsellor!.name).toBe(byProvince.name);
    const c = await signedUpAndDivided(zj); // both full: the generalist
    expect(c.divided.body.data!.counsellor!.name).toBe(general.name);
    const d = await signedUpAndDivided({ state_id: province['北京市'] }); // nobody covers Beijing: the generalist
    expect(d.divided.body.data!.counsellor!.name).toBe(general.name);
    const rows = await t.db.select({ rule: wecomSeminarSignups.assignRule }).from(wecomSeminarSignups).where(eq(wecomSeminarSignups.counsellorId, byProvince.id));
    expect(rows).toEqual([{ rule: 'province' }]);
  });

  it('balances load among counsellors of one tier (lowest assigned ÷ capacity, then fewest, then lowest id) and divide is idempotent', async () => {
    await clearCounsellors();
    const big = (await counsellor({ name: '广东顾问大', wecom_userid: 'load-big', capacity: 4, province_ids: [province['广东省']] })).body.data!;
    const small = (await counsellor({ name: '广东顾问小', wecom_userid: 'load-small', capacity: 2, province_ids: [province['广东省']] })).body.data!;
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const s = await signedUpAndDivided({ state_id: province['广东省'] });
      names.push(s.divided.body.data!.counsellor!.name);
      const again = await divide(s.code, s.key);
      expect(again.body.data!.counsellor!.name).toBe(names[i]);
    }
    // 0/4 = 0/2 → lower id (big); 1/4 < 0/2? no: 0/2 → small; 1/4 < 1/2 → big; 2/4 = 1/2, fewer assigned → small; then big, big.
    expect(names).toEqual([big.name, small.name, big.name, small.name, big.name, big.name]);
    const none = await signedUpAndDivided({ state_id: province['广东省'] });
    expect(none.divided.body).toMatchObject({ status: 4001, msg: WECOM_SEMINAR_MSG.NO_COUNSELLOR });
    expect((await view(none.code, none.key)).body.data!.status).toBe('unassigned');
  });

  it('concurrent sign-ups never overfill a counsellor: 12 at once for 5 seats get exactly 5', async () => {
    await clearCounsellors();
    const only = (await counsellor({ name: '四川顾问', wecom_userid: 'race-1', capacity: 3, province_ids: [province['四川省']] })).body.data!;
    const other = (await counsellor({ name: '四川顾问二', wecom_userid: 'race-2', capacity: 2, province_ids: [province['四川省']] })).body.data!;
    const signups = await Promise.all(Array.from({ length: 12 }, () => signUp({ state_id: province['四川省'] })));
    const results = await Promise.all(signups.map((s) => divide(s.body.data!.code, s.key)));
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.msg === WECOM_SEMINAR_MSG.NO_COUNSELLOR)).toHaveLength(7);
    for (const c of [only, other]) {
      const [row] = await t.db.select().from(wecomCounsellors).where(eq(wecomCounsellors.id, c.id));
      const held = await t.db.$count(wecomSeminarSignups, eq(wecomSeminarSignups.counsellorId, c.id));
      expect([row!.assigned, held]).toEqual([c.capacity, c.capacity]);
    }
  });
});

describe('the contact-me code and WeCom’s callback', () => {
  let s: { code: string; key: string };
  beforeAll(async () => {
    await clearCounsellors();
    await counsellor({ name: '张老师', wecom_userid: 'ZhangLaoshi', capacity: 100, intro: '负责北京地区' });
    await t.db.update(wecomCounsellors).set({ active: true }).where(eq(wecomCounsellors.wecomUserid, 'ZhangLaoshi'));
    s = await signedUpAndDivided();
  });

  it('makes the code once through add_contact_way with a state naming the sign-up', async () => {
    const standin = t.app.wecomContactStandin!;
    const before = standin.contactWays.size;
    const [a, b] = await Promise.all([contact(s.code, s.key), contact(s.code, s.key)]);
    expect(a.body.status).toBe(200);
    expect(b.body.data!.qr_code).toBe(a.body.data!.qr_code);
    expect(standin.contactWays.size).toBe(before + 1);
    const [row] = await t.db.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, Number(s.code.slice(1))));
    const way = standin.contactWays.get(row!.configId!)!;
    expect(way).toMatchObject({ userId: 'ZhangLaoshi', state: row!.contactState });
    expect(way.state.length).toBeLessThanOrEqual(30);
    expect(a.body.data!.connected).toBe(false);
    const png = await t.app.inject({ method: 'GET', url: a.body.data!.qr_code });
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('not assigned yet: 尚未分配顾问; WeCom refusing add_contact_way: 企业微信服务暂不可用', async () => {
    const fresh = await signUp();
    expect((await contact(fresh.body.data!.code, fresh.key)).body.msg).toBe(WECOM_SEMINAR_MSG.NOT_ASSIGNED);
    const gone = (await counsellor({ name: '已离职顾问', wecom_userid: 'WangLizhi', capacity: 1, school_ids: [school['说明会测试二中']] })).body.data!;
    const left = await signedUpAndDivided({ state_id: province['浙江省'], school_id: school['说明会测试二中'] });
    expect(left.divided.body.data!.counsellor!.name).toBe(gone.name);
    expect((await contact(left.code, left.key)).body).toMatchObject({ status: 4001, msg: WECOM_SEMINAR_MSG.WECOM_UNAVAILABLE });
  });

  it('the stand-in’s add reaches the signed, encrypted callback: the sign-up is connected, and the admin list says so', async () => {
    const res = await contact(s.code, s.key);
    const configId = [...t.app.wecomContactStandin!.contactWays.values()].find((w) => res.body.data!.qr_code.includes(w.configId))!.configId;
    const answer = await t.app.wecomContactStandin!.simulateAdd(configId);
    expect(answer).toEqual({ status: 200, body: 'success' });
    const v = (await view(s.code, s.key)).body.data!;
    expect(v.status).toBe('connected');
    expect(v.connected_at).not.toBeNull();
    expect((await contact(s.code, s.key)).body.data!.connected).toBe(true);
    const list = await call<AdminSeminarSignupPage>(t.app, 'GET', `/api/admin/wecom-seminar/signups?status=connected&q=${encodeURIComponent('报名同学')}`, { token: admin });
    expect(list.body.data!.items.map((i) => i.code)).toContain(s.code);
    expect(list.body.data!.items.find((i) => i.code === s.code)).toMatchObject({ counsellor: { name: '张老师' }, status: 'connected' });
  });

  it('refuses a replayed message, a bad signature, tampered ciphertext, a stale timestamp and another corp', async () => {
    const standin = t.app.wecomContactStandin!;
    const [row] = await t.db.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, Number(s.code.slice(1))));
    const fields = { ToUserName: 'x', CreateTime: '1', MsgType: 'event', Event: 'change_external_contact', ChangeType: 'add_external_contact', UserID: 'ZhangLaoshi', ExternalUserID: 'wmX', State: row!.contactState };
    const post = (query: string, xml: string) => t.app.inject({ method: 'POST', url: `${WECOM_CONTACT_CALLBACK_PATH}?${query}`, headers: { 'content-type': 'text/xml' }, payload: xml });
    const sealed = standin.sealEvent(fields);
    expect((await post(sealed.query, sealed.xml)).body).toBe('success');
    const replay = await post(sealed.query, sealed.xml);
    expect([replay.statusCode, replay.json().msg]).toEqual([403, '重复的回调消息']);
    const fresh = standin.sealEvent(fields);
    const badSig = fresh.query.replace(/msg_signature=[0-9a-f]/, (m) => `${m.slice(0, -1)}${m.endsWith('0') ? '1' : '0'}`);
    expect((await post(badSig, fresh.xml)).statusCode).toBe(403);
    const tampered = fresh.xml.replace(/<Encrypt><!\[CDATA\[(.)/, (_m, c: string) => `<Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`);
    expect((await post(fresh.query, tampered)).statusCode).toBe(403);
    const old = standin.sealEvent(fields, { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 3600 });
    expect((await post(old.query, old.xml)).statusCode).toBe(403);
    expect((await post(fresh.query, '<not-xml')).statusCode).toBe(403);
    expect((await post('', fresh.xml)).statusCode).toBe(403);
    // The first delivery of a fresh signature still counts once.
    expect((await post(fresh.query, fresh.xml)).body).toBe('success');
    const receipts = await t.db.select().from(wecomCallbackReceipts);
    expect(receipts.filter((r) => r.outcome === 'already').length).toBeGreaterThanOrEqual(2);
  });

  it('an add of another member through a sign-up’s state does not connect it', async () => {
    const other = await signedUpAndDivided();
    const [row] = await t.db.select().from(wecomSeminarSignups).where(eq(wecomSeminarSignups.id, Number(other.code.slice(1))));
    const sealed = t.app.wecomContactStandin!.sealEvent({ Event: 'change_external_contact', ChangeType: 'add_external_contact', UserID: 'LiZhuli', ExternalUserID: 'wmY', State: row!.contactState });
    const res = await t.app.inject({ method: 'POST', url: `${WECOM_CONTACT_CALLBACK_PATH}?${sealed.query}`, headers: { 'content-type': 'text/xml' }, payload: sealed.xml });
    expect(res.body).toBe('success');
    expect((await view(other.code, other.key)).body.data!.status).toBe('assigned');
    const [receipt] = await t.db.select().from(wecomCallbackReceipts).where(eq(wecomCallbackReceipts.outcome, 'wrong_member'));
    expect(receipt).toBeDefined();
  });

  it('the demo’s scan page plays the phone: its form adds the counsellor and the sign-up is connected', async () => {
    const other = await signedUpAndDivided();
    const code = (await contact(other.code, other.key)).body.data!;
    expect(code.demo_scan_url).toMatch(/^\/__wecom\/contact\/scan\?config_id=[0-9a-f]+$/);
    const page = await t.app.inject({ method: 'GET', url: code.demo_scan_url! });
    expect([page.statusCode, page.body.includes('以「小明（学生）」的身份添加')]).toEqual([200, true]);
    const configId = new URL(code.demo_scan_url!, 'http://x').searchParams.get('config_id')!;
    const posted = await t.app.inject({ method: 'POST', url: '/__wecom/contact/scan', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `config_id=${configId}&person=xiaoming` });
    expect([posted.statusCode, posted.body.includes('已添加为联系人。')]).toEqual([200, true]);
    expect((await view(other.code, other.key)).body.data!.status).toBe('connected');
  });

  it('answers WeCom’s URL verification with the decrypted echostr, and refuses a forged one', async () => {
    const query = t.app.wecomContactStandin!.sealEcho('echo-12345');
    const ok = await t.app.inject({ method: 'GET', url: `${WECOM_CONTACT_CALLBACK_PATH}?${query}` });
    expect([ok.statusCode, ok.body]).toEqual([200, 'echo-12345']);
    const forged = await t.app.inject({ method: 'GET', url: `${WECOM_CONTACT_CALLBACK_PATH}?${query.replace('msg_signature=', 'msg_signature=0')}` });
    expect(forged.statusCode).toBe(403);
    const bare = await t.app.inject({ method: 'GET', url: WECOM_CONTACT_CALLBACK_PATH });
    expect([bare.statusCode, bare.json().status]).toEqual([403, 4001]);
  });
});

describe('admin rules', () => {
  it('audits counsellor changes; refuses a taken user id, a capacity below the assigned, unknown provinces or schools', async () => {
    const made = (await counsellor({ name: '审计顾问', wecom_userid: 'audit-1', capacity: 3, province_ids: [province['上海市']] })).body.data!;
    expect(made.provinces).toEqual([{ id: province['上海市'], name: '上海市' }]);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'wecom_counsellor'), eq(auditLog.entityId, String(made.id))));
    expect(rows.map((r) => r.action)).toEqual(['wecom_counsellor.create']);
    const s = await signedUpAndDivided({ state_id: province['上海市'] });
    expect(s.divided.body.data!.counsellor!.name).toBe('审计顾问');
    const put = (body: Record<string, unknown>) => call<Counsellor>(t.app, 'PUT', `/api/admin/wecom-seminar/counsellors/${made.id}`, { token: admin, body: { name: '审计顾问', wecom_userid: 'audit-1', capacity: 3, province_ids: [province['上海市']], ...body } });
    expect((await put({ capacity: 0 })).body).toMatchObject({ status: 4003, data: { field: 'capacity' } });
    await clearCounsellors();
    await t.db.update(wecomCounsellors).set({ active: true }).where(eq(wecomCounsellors.id, made.id));
    await signedUpAndDivided({ state_id: province['上海市'] });
    expect((await put({ capacity: 1 })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.CAPACITY_BELOW_ASSIGNED });
    expect((await put({ wecom_userid: 'ZhangLaoshi' })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.WECOM_USERID_TAKEN });
    expect((await put({ province_ids: [999_999] })).body).toMatchObject({ status: 4003, data: { field: 'province_ids' } });
    expect((await put({ school_ids: [999_999] })).body).toMatchObject({ status: 4003, data: { field: 'school_ids' } });
    const changed = await put({ capacity: 10, school_ids: [school['说明会测试一中']] });
    expect(changed.body.data).toMatchObject({ capacity: 10, assigned: 2, schools: [{ id: school['说明会测试一中'], name: '说明会测试一中' }] });
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'wecom_counsellor'), eq(auditLog.entityId, String(made.id))));
    expect(audit.map((r) => r.action)).toEqual(['wecom_counsellor.create', 'wecom_counsellor.update']);
    expect(audit[1]!.before).toMatchObject({ capacity: 3 });
    expect(audit[1]!.after).toMatchObject({ capacity: 10 });
    expect((await counsellor({ name: '另一位', wecom_userid: 'audit-1', capacity: 3 })).body).toMatchObject({ status: 4003, msg: WECOM_SEMINAR_MSG.WECOM_USERID_TAKEN });
  });

  it('admissions work: staff (type 4) and teachers neither see nor change it, the public is asked to log in', async () => {
    expect((await call(t.app, 'GET', '/api/admin/wecom-seminar/signups', { token: staff })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/wecom-seminar/counsellors', { token: staff })).http).toBe(403);
    const write = await counsellor({ name: '越权', wecom_userid: 'nope', capacity: 1 }, staff);
    expect([write.http, write.body.msg]).toEqual([403, MSG.NO_PERMISSION]);
    expect((await call(t.app, 'GET', '/api/admin/wecom-seminar/signups', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/wecom-seminar/signups')).http).toBe(401);
  });

  it('filters the list by seminar, counsellor and status, and exports it as .xlsx', async () => {
    const all = (await call<AdminSeminarSignupPage>(t.app, 'GET', `/api/admin/wecom-seminar/signups?seminar_id=${seminarId}&page_size=100`, { token: admin })).body.data!;
    expect(all.total).toBeGreaterThan(10);
    const unassigned = (await call<AdminSeminarSignupPage>(t.app, 'GET', '/api/admin/wecom-seminar/signups?status=unassigned&page_size=100', { token: admin })).body.data!;
    expect(unassigned.items.every((i) => i.counsellor === null && i.status === 'unassigned')).toBe(true);
    const zhang = (await call<Counsellor[]>(t.app, 'GET', '/api/admin/wecom-seminar/counsellors', { token: admin })).body.data!.find((c) => c.wecom_userid === 'ZhangLaoshi')!;
    expect(zhang.connected).toBeGreaterThanOrEqual(1);
    const his = (await call<AdminSeminarSignupPage>(t.app, 'GET', `/api/admin/wecom-seminar/signups?counsellor_id=${zhang.id}&page_size=100`, { token: admin })).body.data!;
    expect(his.items.length).toBe(zhang.assigned);
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/admin/wecom-seminar/signups/export?status=connected', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(String(xlsx.headers['content-type'])).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
