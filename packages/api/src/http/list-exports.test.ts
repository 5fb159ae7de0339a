/**
 * The admin list exports (decisions 065, 066): 申请管理, 助学金, 学院杯, 操作日志 and 消息 each download an .xlsx with
 * the list's filter applied, Chinese headers, Beijing times and money in yuan with two decimals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, TWELVE_HOUSES } from '@summit/domain';
import { accounts, auditLog, studentProfiles } from '../db/schema.ts';
import { applications, financialAidRequests } from '../db/schema-admission.ts';
import { houses } from '../db/schema-courses.ts';
import { houseCupEntries } from '../db/schema-house-cup.ts';
import { adminMessages } from '../db/schema-messages.ts';
import { studentNotices } from '../db/schema-course-centre.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStaffToken, newPhone } from '../test/flows.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let adminId: number;
const ids: number[] = [];
const houseIds: number[] = [];

async function download(url: string, token = admin) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

async function sheetOf(url: string) {
  const res = await download(url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows, header: rows[0] as string[], body: rows.slice(1), fileName: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))?.[1] ?? '') };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  const [me] = await t.db.select({ id: accounts.id }).from(accounts).where(undefined).orderBy(accounts.id).limit(1);
  adminId = me!.id;
  for (const [i, p] of [
    { name: '王早鸟', batch: 'EB1', state: 110000, paid: true },
    { name: '李常规', batch: 'RD', state: 310000, paid: false },
    { name: '赵未报', batch: 'RD', state: 310000, paid: false, noStep1: true },
  ].entries()) {
    const [acc] = await t.db.insert(accounts).values({ role: 'student', phone: newPhone(), name: p.name }).returning({ id: accounts.id });
    ids.push(acc!.id);
    await t.db.insert(studentProfiles).values({
      accountId: acc!.id,
      batchStr: p.batch,
      schoolCountryId: 1,
      schoolStateId: p.state,
      schoolName: `学校${i}`,
      step1SubmittedAt: p.noStep1 ? null : new Date('2026-05-02T02:05:00Z'),
      applyPaidAt: p.paid ? new Date('2026-05-02T03:00:00Z') : null,
    });
    if (!p.noStep1) await t.db.insert(applications).values({ accountId: acc!.id, batch: p.batch });
  }
  await t.db.insert(financialAidRequests).values([
    { accountId: ids[0]!, value: { family_members: 4, annual_income: '5-10万', reason: '=家庭困难' }, status: 'granted', grantedFen: 123_456, decidedAt: new Date('2026-05-03T01:00:00Z') },
    { accountId: ids[1]!, value: { family_members: 3, annual_income: '10-20万', reason: '需要帮助' }, status: 'pending' },
  ]);
  const hs = await t.db.insert(houses).values(TWELVE_HOUSES.slice(0, 2).map((h, i) => ({ code: h.code, name: h.name, englishName: h.english, colour: h.colour, sort: i + 1 }))).returning({ id: houses.id });
  houseIds.push(...hs.map((h) => h.id));
  const [e1] = await t.db.insert(houseCupEntries).values({ houseId: houseIds[0]!, points: 10, reason: '辩论赛冠军', giverId: adminId, createdAt: new Date('2026-07-01T02:05:00Z') }).returning({ id: houseCupEntries.id });
  await t.db.insert(houseCupEntries).values([
    { houseId: houseIds[1]!, points: 5, reason: '志愿服务', giverId: adminId },
    { houseId: houseIds[0]!, points: -10, reason: '记错了', giverId: adminId, reversesId: e1!.id },
  ]);
  await t.db.insert(auditLog).values([
    { actorId: adminId, action: 'update', entity: 'venue', entityId: '7', before: { name: '旧' }, after: { name: '新' }, createdAt: new Date('2026-06-01T04:00:00Z') },
    { actorId: adminId, action: 'create', entity: 'course', entityId: '3', after: { title: '数学' } },
  ]);
  const [m] = await t.db
    .insert(adminMessages)
    .values({ title: '开营通知', body: '请准时到达', filter: {}, status: 'sent', sendAt: new Date('2026-06-10T00:00:00Z'), sentAt: new Date('2026-06-10T00:00:00Z'), recipientCount: 2, segmentName: '全部学生' })
    .returning({ id: adminMessages.id });
  await t.db.insert(studentNotices).values([
    { studentId: ids[0]!, title: '开营通知', body: 'x', messageId: m!.id, readAt: new Date() },
    { studentId: ids[1]!, title: '开营通知', body: 'x', messageId: m!.id },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('list exports', () => {
  it('are admin only and refuse bad filters with 4003', async () => {
    for (const url of ['/api/admin/applications/export', '/api/admin/financial-aid/export', '/api/admin/house-cup/export', '/api/admin/audit/export', '/api/admin/messages/export']) {
      const res = await download(url, teacher);
      expect({ url, http: res.statusCode, msg: res.json().msg }).toEqual({ url, http: 403, msg: MSG.NO_PERMISSION });
    }
    for (const url of ['/api/admin/applications/export?stage=nope', '/api/admin/financial-aid/export?status=x', '/api/admin/house-cup/export?house_id=abc', '/api/admin/audit/export?from=yesterday']) {
      expect({ url, status: (await download(url)).json().status }).toEqual({ url, status: 4003 });
    }
  });

  it('申请管理: the list filter applied, Beijing times', async () => {
    const all = await sheetOf('/api/admin/applications/export');
    expect(all.header).toEqual(['学生编号', '姓名', '手机号', '学校', '省份', '批次', '进度', '录取结果', '第一步提交时间', '申请费缴纳时间', '第二步提交时间', '学费缴纳时间']);
    expect(all.body.map((r) => r[1])).toEqual(['王早鸟', '李常规']);
    expect(all.fileName).toMatch(/^申请管理-\d{8}\.xlsx$/);
    const early = await sheetOf('/api/admin/applications/export?batch=EB1');
    expect(early.body).toHaveLength(1);
    expect(early.body[0]!.slice(1, 2).concat(early.body[0]!.slice(4, 10))).toEqual(['王早鸟', '北京市', 'EB1', '已缴申请费', undefined, '2026-05-02 10:05', '2026-05-02 11:00']);
    expect((await sheetOf('/api/admin/applications/export?province=310000')).body.map((r) => r[1])).toEqual(['李常规']);
  });

  it('助学金: money in yuan with two decimals, status filter applied, text kept as text', async () => {
    const all = await sheetOf('/api/admin/financial-aid/export');
    expect(all.header).toEqual(['学生编号', '姓名', '手机号', '学校', '家庭人数', '家庭年收入', '申请理由', '状态', '批准金额（元）', '学费（元）', '应缴学费（元）', '学费已缴', '申请时间', '审核时间']);
    expect(all.body).toHaveLength(2);
    const granted = await sheetOf('/api/admin/financial-aid/export?status=granted');
    expect(granted.body).toHaveLength(1);
    const row = granted.body[0]!;
    expect(row.slice(1, 12)).toEqual(['王早鸟', expect.any(String), '学校0', '4', '5-10万', "'=家庭困难", '已批准', 1234.56, 16800, 15565.44, '否']);
    expect(granted.sheet.getRow(2).getCell(9).numFmt).toBe('0.00');
    expect(row[13]).toBe('2026-05-03 09:00');
  });

  it('学院杯: the house filter applied, reversals marked', async () => {
    const all = await sheetOf('/api/admin/house-cup/export');
    expect(all.header).toEqual(['编号', '时间', '学院', '会场', '分数', '原因', '操作人', '冲正']);
    expect(all.body).toHaveLength(3);
    const first = await sheetOf(`/api/admin/house-cup/export?house_id=${houseIds[0]}`);
    expect(first.body.map((r) => [r[2], r[4], r[5]])).toEqual([
      [TWELVE_HOUSES[0]!.name, 10, '辩论赛冠军'],
      [TWELVE_HOUSES[0]!.name, -10, '记错了'],
    ]);
    expect(first.body[0]![1]).toBe('2026-07-01 10:05');
    expect(first.body[0]![7]).toMatch(/^已被 #\d+ 冲正$/);
  });

  it('操作日志: the search applied, before and after as JSON', async () => {
    const venue = await sheetOf('/api/admin/audit/export?entity=venue');
    expect(venue.header).toEqual(['编号', '时间', '操作人', '操作人编号', '操作', '对象类型', '对象编号', '修改前', '修改后']);
    expect(venue.body).toHaveLength(1);
    expect(venue.body[0]!.slice(1)).toEqual(['2026-06-01 12:00', '测试teacher', adminId, 'update', '会场', '7', '{"name":"旧"}', '{"name":"新"}']);
    expect((await sheetOf('/api/admin/audit/export')).body.length).toBeGreaterThanOrEqual(2);
    expect((await sheetOf('/api/admin/audit/export?action=nothing-like-this')).body).toHaveLength(0);
  });

  it('消息: delivered and read counts', async () => {
    const s = await sheetOf('/api/admin/messages/export');
    expect(s.header).toEqual(['编号', '标题', '分组', '状态', '计划发送时间', '发送时间', '收件人数', '送达数', '已读数', '短信', '短信排队', '短信已发', '创建时间']);
    expect(s.body).toHaveLength(1);
    expect(s.body[0]!.slice(1, 9)).toEqual(['开营通知', '全部学生', '已发送', '2026-06-10 08:00', '2026-06-10 08:00', 2, 2, 1]);
  });
});
