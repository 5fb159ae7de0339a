import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { STATUS, type AdminMessage, type AdminStudentDetail, type AdminStudentList, type StudentTagsResult } from '@summit/domain';
import { accounts, auditLog, schools, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { houseAssignments, houses, venueAssignments, venues } from '../../db/schema-courses.ts';
import { paymentOrders, paymentRefunds } from '../../db/schema-payments.ts';
import { encryptPlainIdNumbers } from '../privacy/identity.service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let teacher: string;
let province = 880_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  teacher = await createStaffToken(t, 'teacher');
});
afterAll(async () => {
  await t.close();
});

/** A fresh province per test: each test's students are alone in their province filter. */
const nextProvince = () => (province += 1);

async function student(opts: { name?: string; profile?: Partial<typeof studentProfiles.$inferInsert>; step1?: Record<string, unknown>; batch?: string } = {}) {
  const s = await registerStudent(t.app);
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token: s.token })).body.data!.user_id;
  if (opts.name) await t.db.update(accounts).set({ name: opts.name }).where(eq(accounts.id, id));
  if (opts.profile) await t.db.update(studentProfiles).set(opts.profile).where(eq(studentProfiles.accountId, id));
  // Registration is the account's creation; activation is stamped with it.
  if (opts.profile?.activatedAt) await t.db.update(accounts).set({ createdAt: opts.profile.activatedAt }).where(eq(accounts.id, id));
  if (opts.step1) await t.db.insert(applications).values({ accountId: id, step1: opts.step1, batch: opts.batch ?? null });
  // A number written in the clear is sealed into student_identity as the start-up step does (decision 064).
  if (opts.step1?.card_number) await encryptPlainIdNumbers(t.app.ctx);
  return { id, token: s.token, phone: s.phone };
}

const list = (qs = '', token = admin) => call<AdminStudentList>(t.app, 'GET', `/api/admin/students${qs}`, { token });
const detail = (id: number | string, token = admin) => call<AdminStudentDetail>(t.app, 'GET', `/api/admin/students/${id}`, { token });
const edit = (id: number, body: unknown, token = admin) => call<AdminStudentDetail>(t.app, 'PUT', `/api/admin/students/${id}`, { token, body });
const tag = (body: unknown, token = admin) => call<StudentTagsResult>(t.app, 'POST', '/api/admin/students/tags', { token, body });
const ids = (r: { body: { data?: AdminStudentList } }) => r.body.data!.items.map((i) => i.user_id);

describe('the list', () => {
  it('filters by province, stage, active_type, tag, school and selection; sorts and paginates on the server', async () => {
    const prov = nextProvince();
    const t0 = Date.UTC(2026, 2, 1);
    const at = (m: number) => new Date(t0 + m * 60_000);
    const a = await student({ name: '甲同学', profile: { schoolStateId: prov, activatedAt: at(1), schoolName: '北京四中', userTags: ['重点'] } });
    const b = await student({ name: '乙同学', profile: { schoolStateId: prov, activatedAt: at(2), infoCompletedAt: at(2), step1SubmittedAt: at(3), applyPaidAt: at(4), schoolName: '人大附中', activeType: 4 } });
    const c = await student({ name: '丙同学', profile: { schoolStateId: prov, activatedAt: at(3), step2SubmittedAt: at(5), offerLetter: 1, tuitionPaidAt: at(6), schoolName: '北京四中' } });

    const all = await list(`?province_id=${prov}`);
    expect(all.body.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 20 });
    // Default: newest registration first.
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data!.items[0]).toMatchObject({ name: '丙同学', stage: 'tuition_paid', tuition_paid: true, school: '北京四中', active_type: 1 });
    expect(all.body.data!.items[1]).toMatchObject({ stage: 'apply_paid', signup_status: 'paid', active_type: 4 });
    expect(all.body.data!.items[2]).toMatchObject({ stage: 'registered', tags: ['重点'] });
    // Phones leave the server masked (decision 062).
    expect(all.body.data!.items[2]!.phone).toBe(`${a.phone.slice(0, 3)}****${a.phone.slice(7)}`);

    expect(ids(await list(`?province_id=${prov}&stage=apply_paid`))).toEqual([b.id]);
    expect(ids(await list(`?province_id=${prov}&active_type=4`))).toEqual([b.id]);
    expect(ids(await list(`?province_id=${prov}&tag=${encodeURIComponent('重点')}`))).toEqual([a.id]);
    expect(ids(await list(`?province_id=${prov}&tuition_paid=false&sort=registered_at&order=asc`))).toEqual([a.id, b.id]);
    expect(ids(await list(`?user_ids=${a.id},${c.id}&sort=user_id&order=asc`))).toEqual([a.id, c.id]);

    expect(ids(await list(`?province_id=${prov}&sort=stage&order=desc`))).toEqual([c.id, b.id, a.id]);
    // Name order is the database's collation; ascending is descending reversed.
    const byNameAsc = ids(await list(`?province_id=${prov}&sort=name&order=asc`));
    expect(byNameAsc).toHaveLength(3);
    expect(ids(await list(`?province_id=${prov}&sort=name&order=desc`))).toEqual([...byNameAsc].reverse());
    expect(ids(await list(`?province_id=${prov}&sort=paid_at&order=desc`))[0]).toBe(c.id);

    const p1 = await list(`?province_id=${prov}&page=1&page_size=2`);
    const p2 = await list(`?province_id=${prov}&page=2&page_size=2`);
    expect(p1.body.data!.total).toBe(3);
    expect(ids(p1)).toEqual([c.id, b.id]);
    expect(ids(p2)).toEqual([a.id]);
  });

  it('searches by name, phone digits, school name and ID-number tail or whole number', async () => {
    const prov = nextProvince();
    const a = await student({ name: '搜索王小明', profile: { schoolStateId: prov, schoolName: '清华附中' } });
    const b = await student({ name: '搜索李', profile: { schoolStateId: prov, schoolName: '十一学校' }, step1: { legal_name: '李法定', card_number: '11010520080101123X' } });
    const q = (s: string) => list(`?province_id=${prov}&q=${encodeURIComponent(s)}`).then(ids);
    expect(await q('王小明')).toEqual([a.id]);
    expect(await q('李法定')).toEqual([b.id]);
    expect(await q(a.phone.slice(3, 11))).toEqual([a.id]);
    expect(await q('十一学校')).toEqual([b.id]);
    // The last four characters (stored in the clear) or the whole number (by its keyed hash); nothing else.
    expect(await q('123x')).toEqual([b.id]);
    expect(await q('11010520080101123X')).toEqual([b.id]);
    expect(await q('0101123X')).toEqual([]);
    expect(await q('2008010')).toEqual([]);
  });

  it('refuses bad parameters with 4003, never 500', async () => {
    for (const qs of ['?page_size=101', '?sort=phone', '?stage=x', '?active_type=2', '?user_ids=1,a', '?venue_id=99999999999', '?page=0']) {
      const r = await list(qs);
      expect(r.http, qs).toBe(400);
      expect(r.body.status, qs).toBe(STATUS.PARAM);
    }
  });

  it('is refused to a teacher who is not an admin, and to students', async () => {
    const s = await student();
    expect((await list('', teacher)).http).toBe(403);
    expect((await list('', s.token)).http).toBe(403);
    expect((await detail(s.id, teacher)).http).toBe(403);
    expect((await edit(s.id, { name: '改名' }, teacher)).http).toBe(403);
    expect((await tag({ filter: { user_ids: [s.id] }, add: ['x'] }, teacher)).http).toBe(403);
    const exp = await t.app.inject({ method: 'GET', url: '/api/admin/students/export', headers: { authorization: `Bearer ${teacher}` } });
    expect(exp.statusCode).toBe(403);
  });
});

describe('the student page', () => {
  it('has the profile and the whole timeline in time order', async () => {
    const prov = nextProvince();
    const at = (m: number) => new Date(Date.UTC(2026, 3, 1) + m * 3_600_000);
    const s = await student({
      name: '时间线同学',
      profile: { schoolStateId: prov, activatedAt: at(0), infoCompletedAt: at(1), step1SubmittedAt: at(2), applyPaidAt: at(3), step2SubmittedAt: at(4), offerLetter: 1, tuitionPaidAt: at(8) },
      step1: { legal_name: '时间线同学', gender: 2, grade: 'G11' },
      batch: 'EB1',
    });
    await t.db.insert(paymentOrders).values({ orderNo: `T${s.id}`, accountId: s.id, purpose: 'apply_fee', amountFen: 30000, status: 'paid', provider: 'WX', channel: 'sandbox', gateway: 'sandbox', idempotencyKey: `tl-${s.id}`, paidAt: at(3), expiresAt: at(5) } as typeof paymentOrders.$inferInsert);
    // A partial refund that went through is on the timeline with its own amount; one still in progress is not.
    const [paid] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, `T${s.id}`));
    await t.db.insert(paymentRefunds).values([
      { refundNo: `RT${s.id}A`, orderId: paid!.id, accountId: s.id, amountFen: 10_000, reason: '部分退款', status: 'succeeded', succeededAt: at(9) },
      { refundNo: `RT${s.id}B`, orderId: paid!.id, accountId: s.id, amountFen: 5_000, reason: '处理中', status: 'processing' },
    ]);
    await t.db.insert(admissionDecisions).values({ accountId: s.id, decision: 'offer', placeName: '第一期', decidedAt: at(5), releasedAt: at(6) });
    const [venue] = await t.db.insert(venues).values({ name: '时间线会场', placeName: `tl-${s.id}` }).returning();
    await t.db.insert(venueAssignments).values({ studentId: s.id, venueId: venue!.id, method: 'rule', assignedAt: at(10) });
    const [house] = await t.db.select().from(houses).limit(1);
    if (house) await t.db.insert(houseAssignments).values({ studentId: s.id, houseId: house.id, venueId: venue!.id, assignedAt: at(11) });

    const r = await detail(s.id);
    expect(r.body.status).toBe(200);
    const d = r.body.data!;
    expect(d).toMatchObject({ user_id: s.id, name: '时间线同学', gender: 2, grade: 'G11', batch: 'EB1', stage: 'tuition_paid', decision: 'offer', decision_released: true, venue: '时间线会场' });
    const kinds = d.timeline.map((e) => e.kind);
    expect(kinds.slice(0, 10)).toEqual(['registered', 'info_completed', 'step1', 'apply_paid', 'order_paid', 'step2', 'decision', 'decision_released', 'tuition_paid', 'order_refunded']);
    expect(kinds).toContain('venue');
    if (house) expect(kinds.at(-1)).toBe('house');
    const times = d.timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(d.timeline.find((e) => e.kind === 'order_paid')!.text).toBe('支付成功：申请费 ¥300.00');
    expect(d.timeline.filter((e) => e.kind === 'order_refunded').map((e) => e.text)).toEqual(['退款：申请费 ¥100.00']);

    expect((await detail(999_999)).http).toBe(404);
    expect((await detail('abc')).body.status).toBe(STATUS.PARAM);
  });

  it('edits are audited with before and after, show on the timeline, and validate with the spec messages', async () => {
    const s = await student({ name: '编辑前', step1: { legal_name: '编辑前', grade: 'G10' }, batch: 'RD' });
    const [school] = await t.db.insert(schools).values({ name: '编辑测试中学', countryId: 1, stateId: 110000 }).returning();
    const r = await edit(s.id, { name: '编辑后', grade: 'G12', gender: 1, school_id: school!.id, batch: 'EB2', tags: ['需回访', '需回访'], admin_note: '家长来电' });
    expect(r.body.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: '编辑后', grade: 'G12', gender: 1, school: '编辑测试中学', school_id: school!.id, province: '北京市', batch: 'EB2', tags: ['需回访'], admin_note: '家长来电' });
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(s.id)), eq(auditLog.action, 'student.update')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(adminId);
    expect(rows[0]!.before).toMatchObject({ name: '编辑前', grade: 'G10', batch: 'RD', tags: [], admin_note: '' });
    expect(rows[0]!.after).toMatchObject({ name: '编辑后', grade: 'G12', batch: 'EB2', tags: ['需回访'], admin_note: '家长来电', school: '编辑测试中学' });
    expect(r.body.data!.timeline.at(-1)).toMatchObject({ kind: 'edit' });
    expect(r.body.data!.timeline.at(-1)!.text).toMatch(/^资料修改：.+ 修改 姓名、性别、年级、学校、批次、标签、备注$/);
    expect(ids(await list(`?school_id=${school!.id}`))).toEqual([s.id]);

    // The same values again change nothing and write nothing.
    await edit(s.id, { name: '编辑后' });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(s.id))))).toHaveLength(1);

    expect((await edit(s.id, { name: '' })).body).toMatchObject({ status: STATUS.PARAM, msg: '请填写姓名' });
    expect((await edit(s.id, { gender: 5 })).body).toMatchObject({ status: STATUS.PARAM, msg: '请选择性别' });
    expect((await edit(s.id, { school_id: 2_000_000_000 })).body).toMatchObject({ status: STATUS.PARAM, msg: '请选择或输入学校全名' });
    expect((await edit(s.id, {})).body).toMatchObject({ status: STATUS.PARAM, msg: '没有需要保存的修改' });
    expect((await edit(999_999, { name: '无人' })).http).toBe(404);
  });
});

describe('bulk actions', () => {
  it('tags a selection or a filter, one audit row per changed student', async () => {
    const prov = nextProvince();
    const a = await student({ profile: { schoolStateId: prov, userTags: ['旧'] } });
    const b = await student({ profile: { schoolStateId: prov } });
    const c = await student({ profile: { schoolStateId: nextProvince() } });

    const bySelection = await tag({ filter: { user_ids: [a.id, b.id] }, add: ['夏令营'], remove: ['旧'] });
    expect(bySelection.body.data).toEqual({ matched: 2, changed: 2 });
    const tagsOf = async (id: number) => (await t.db.select({ tags: studentProfiles.userTags }).from(studentProfiles).where(eq(studentProfiles.accountId, id)))[0]!.tags;
    expect(await tagsOf(a.id)).toEqual(['夏令营']);
    expect(await tagsOf(b.id)).toEqual(['夏令营']);
    expect(await tagsOf(c.id)).toEqual([]);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'student.tags'), eq(auditLog.entityId, String(a.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, before: { tags: ['旧'] }, after: { tags: ['夏令营'] } });

    // By filter; b already has the tag removed below, a is unchanged by an add it has.
    const byFilter = await tag({ filter: { province_id: prov }, add: ['夏令营'] });
    expect(byFilter.body.data).toEqual({ matched: 2, changed: 0 });
    expect(ids(await list(`?tag=${encodeURIComponent('夏令营')}&province_id=${prov}`)).sort()).toEqual([a.id, b.id].sort());

    expect((await tag({ filter: {}, add: [], remove: [] })).body).toMatchObject({ status: STATUS.PARAM, msg: '请填写要添加或移除的标签' });
    expect((await tag({ filter: { user_ids: Array.from({ length: 5001 }, (_, i) => i + 1) }, add: ['x'] })).body).toMatchObject({ status: STATUS.PARAM, msg: '一次最多选择5000名学生' });
  });

  it('messages a selection through the messages compose (the filter is the segment)', async () => {
    const a = await student();
    const b = await student();
    const res = await call<AdminMessage>(t.app, 'POST', '/api/admin/messages', { token: admin, body: { title: '选中学生通知', body: '你好', filter: { user_ids: [a.id] }, sms: false } });
    expect(res.body.data).toMatchObject({ status: 'sent', recipients: 1 });
    const inbox = async (token: string) => (await call<{ items: Array<{ title: string }> }>(t.app, 'GET', '/api/student/messages', { token })).body.data!.items.map((i) => i.title);
    expect(await inbox(a.token)).toContain('选中学生通知');
    expect(await inbox(b.token)).not.toContain('选中学生通知');
    // …and it shows on the student's timeline.
    expect((await detail(a.id)).body.data!.timeline.map((e) => e.text)).toContain('收到消息：选中学生通知');
  });

  it('exports the filter to .xlsx: Chinese headers, the filter applied, Beijing times', async () => {
    const prov = nextProvince();
    const a = await student({ name: '导出甲', profile: { schoolStateId: prov, activatedAt: new Date('2026-05-01T02:05:00Z'), schoolName: '=HYPERLINK("x")' } });
    await student({ name: '导出乙', profile: { schoolStateId: nextProvince() } });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/students/export?province_id=${prov}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('学生名单'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    expect(rows[0]).toEqual(['学生ID', '姓名', '手机号', '学校', '省份', '年级', '批次', '进度', '申请状态', '录取结果', '期次', '会场', '学院', '身份类型', '标签', '学费', '缴纳学费时间（北京时间）', '注册时间（北京时间）']);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(String(a.id));
    expect(rows[1]![1]).toBe('导出甲');
    expect(rows[1]![2]).toContain('****');
    expect(rows[1]![3]).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]![7]).toBe('已注册');
    expect(rows[1]![17]).toBe('2026-05-01 10:05');

    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/students/export?stage=nope', headers: { authorization: `Bearer ${admin}` } });
    expect(bad.statusCode).toBe(400);
  });
});
