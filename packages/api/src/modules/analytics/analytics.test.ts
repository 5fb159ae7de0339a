import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, type AnalyticsProfile, type FunnelReport } from '@summit/domain';
import { accounts, schools, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone } from '../../test/flows.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let school: string;
let s1: number;
let s2: number;
const ids: Record<string, number> = {};

const at = (iso: string) => new Date(iso);

/**
 * Six students at known stages (Beijing days in comments):
 * A EB1 北京 S1: every stage, offer released → tuition paid. B EB2 北京 S1: applied, offer drafted only.
 * C RD 上海 S2: step 1. D '' 上海 S2: info only. E rd, no province or school, registered 05-03 00:30 Beijing.
 * F MRD 北京 S1 registered in April: paid the application fee.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  school = await createStaffToken(t, 'school');
  const [x, y] = await t.db
    .insert(schools)
    .values([
      { name: '北京市第四中学', countryId: 1, stateId: 110000, cityId: 110100 },
      { name: '上海中学', countryId: 1, stateId: 310000, cityId: 310100 },
    ])
    .returning({ id: schools.id });
  s1 = x!.id;
  s2 = y!.id;
  const plan = [
    { key: 'A', batch: 'EB1', state: 110000, city: 110100, school: s1, reg: '2026-05-01T02:00:00Z', info: '2026-05-01T03:00:00Z', step1: '2026-05-02T02:00:00Z', paid: '2026-05-02T03:00:00Z', step2: '2026-05-03T02:00:00Z', offer: 1, tuition: '2026-05-06T02:00:00Z' },
    { key: 'B', batch: 'EB2', state: 110000, city: 110100, school: s1, reg: '2026-05-01T04:00:00Z', info: '2026-05-01T05:00:00Z', step1: '2026-05-02T04:00:00Z', paid: '2026-05-02T05:00:00Z', step2: '2026-05-03T04:00:00Z', offer: 0 },
    { key: 'C', batch: 'RD', state: 310000, city: 310100, school: s2, reg: '2026-05-02T02:00:00Z', info: '2026-05-02T03:00:00Z', step1: '2026-05-02T04:00:00Z' },
    { key: 'D', batch: '', state: 310000, city: 310100, school: s2, reg: '2026-05-02T05:00:00Z', info: '2026-05-02T06:00:00Z' },
    { key: 'E', batch: 'rd', reg: '2026-05-02T16:30:00Z' },
    { key: 'F', batch: 'MRD', state: 110000, city: 110100, school: s1, reg: '2026-04-20T02:00:00Z', info: '2026-04-20T03:00:00Z', step1: '2026-04-21T02:00:00Z', paid: '2026-04-21T03:00:00Z' },
  ] as const;
  for (const p of plan) {
    const [acc] = await t.db.insert(accounts).values({ role: 'student', phone: newPhone(), name: `学生${p.key}`, email: `${p.key.toLowerCase()}@example.com` }).returning({ id: accounts.id });
    const id = acc!.id;
    ids[p.key] = id;
    const v = p as Partial<{ state: number; city: number; school: number; info: string; step1: string; paid: string; step2: string; offer: number; tuition: string }>;
    await t.db.insert(studentProfiles).values({
      accountId: id,
      batchStr: p.batch,
      schoolCountryId: v.state ? 1 : null,
      schoolStateId: v.state ?? null,
      schoolCityId: v.city ?? null,
      schoolId: v.school ?? null,
      schoolName: v.school === s1 ? '北京市第四中学' : v.school === s2 ? '上海中学' : null,
      activatedAt: at(p.reg),
      infoCompletedAt: v.info ? at(v.info) : null,
      step1SubmittedAt: v.step1 ? at(v.step1) : null,
      applyPaidAt: v.paid ? at(v.paid) : null,
      step2SubmittedAt: v.step2 ? at(v.step2) : null,
      offerLetter: v.offer ?? null,
      offerCreatedAt: v.offer !== undefined ? at('2026-05-04T02:00:00Z') : null,
      tuitionPaidAt: v.tuition ? at(v.tuition) : null,
    });
    if (v.offer !== undefined) {
      await t.db.insert(admissionDecisions).values({ accountId: id, decision: 'offer', decidedAt: at('2026-05-04T02:00:00Z'), releasedAt: v.offer ? at('2026-05-05T02:00:00Z') : null });
    }
  }
  await t.db.insert(applications).values({ accountId: ids.A!, step1: { gender: 2 }, batch: 'EB1' });
});
afterAll(async () => {
  await t.close();
});

const funnel = (qs = '', token = admin) => call<FunnelReport>(t.app, 'GET', `/api/admin/analytics/funnel${qs}`, { token });
const rowOf = (r: FunnelReport, key: string) => r.groups.find((g) => g.key === key);

describe('permissions and input', () => {
  it('only admins read the funnel, profiles and export', async () => {
    for (const token of [teacher, school]) {
      for (const url of ['/api/admin/analytics/funnel', `/api/admin/analytics/profiles/${ids.A}`, '/api/admin/analytics/profiles/export']) {
        const res = await call(t.app, 'GET', url, { token });
        expect({ http: res.http, msg: res.body.msg }).toEqual({ http: 403, msg: MSG.NO_PERMISSION });
      }
    }
    expect((await call(t.app, 'GET', '/api/admin/analytics/funnel')).http).toBe(401);
  });

  it('a bad query is 4003, never a 500', async () => {
    for (const qs of ['?group=week', '?batch=late', '?from=2026-13-01', '?from=2026-05-02&to=2026-05-01', '?province=abc', '?school=-1', '?from=2024-01-01&to=2026-01-01']) {
      const res = await funnel(qs);
      expect({ qs, status: res.body.status }).toEqual({ qs, status: 4003 });
    }
    expect((await call(t.app, 'GET', '/api/admin/analytics/profiles/abc', { token: admin })).body.status).toBe(4003);
    expect((await call(t.app, 'GET', '/api/admin/analytics/profiles/export?batch=x', { token: admin })).body.status).toBe(4003);
    const missing = await call(t.app, 'GET', '/api/admin/analytics/profiles/999999', { token: admin });
    expect({ http: missing.http, msg: missing.body.msg }).toEqual({ http: 404, msg: '学生不存在' });
  });
});

describe('funnel', () => {
  it('counts each stage by its own timestamp, with adjacent conversions', async () => {
    const res = await funnel();
    expect(res.body.status).toBe(200);
    const r = res.body.data!;
    expect(r.stages.map((s) => s.key)).toEqual(['registered', 'info_completed', 'signed_up', 'apply_paid', 'applied', 'offer', 'tuition_paid']);
    expect(r.counts).toEqual([6, 5, 4, 3, 2, 1, 1]);
    expect(r.conversions.map((c) => c.rate)).toEqual([0.8333, 0.8, 0.75, 0.6667, 0.5, 1]);
  });

  it('groups by batch (EB in any case = early), with per-group conversions', async () => {
    const r = (await funnel('?group=batch')).body.data!;
    expect(r.groups.map((g) => [g.key, g.label, g.counts])).toEqual([
      ['early', '提前批', [2, 2, 2, 2, 2, 1, 1]],
      ['regular', '常规批', [4, 3, 2, 1, 0, 0, 0]],
    ]);
    expect(rowOf(r, 'regular')!.conversions.map((c) => c.rate)).toEqual([0.75, 0.6667, 0.5, 0, 0, 0]);
  });

  it('groups by province and school, the unknown as 未填写', async () => {
    const p = (await funnel('?group=province')).body.data!;
    expect(p.groups.map((g) => [g.label, g.counts[0]])).toEqual([['北京市', 3], ['上海市', 2], ['未填写', 1]]);
    expect(rowOf(p, '110000')!.counts).toEqual([3, 3, 3, 3, 2, 1, 1]);
    const s = (await funnel('?group=school')).body.data!;
    expect(s.groups.map((g) => [g.key, g.label, g.counts[0]])).toEqual([[String(s1), '北京市第四中学', 3], [String(s2), '上海中学', 2], ['', '未填写', 1]]);
  });

  it('groups by Beijing registration day and filters by registration range', async () => {
    const r = (await funnel('?group=day&from=2026-05-01&to=2026-05-31')).body.data!;
    expect(r.counts).toEqual([5, 4, 3, 2, 2, 1, 1]);
    // E registered at 16:30 UTC on 05-02, which is 00:30 on 05-03 in Beijing.
    expect(r.groups.map((g) => [g.key, g.counts[0]])).toEqual([['2026-05-01', 2], ['2026-05-02', 2], ['2026-05-03', 1]]);
    expect((await funnel('?from=2026-04-01&to=2026-04-30')).body.data!.counts).toEqual([1, 1, 1, 1, 0, 0, 0]);
  });

  it('filters by batch, province and school together', async () => {
    expect((await funnel('?batch=early&province=110000')).body.data!.counts).toEqual([2, 2, 2, 2, 2, 1, 1]);
    expect((await funnel('?batch=regular&province=110000')).body.data!.counts).toEqual([1, 1, 1, 1, 0, 0, 0]);
    expect((await funnel(`?school=${s2}`)).body.data!.counts).toEqual([2, 2, 1, 0, 0, 0, 0]);
    const none = (await funnel('?province=440000')).body.data!;
    expect(none.counts).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(none.conversions.every((c) => c.rate === 0)).toBe(true);
    expect(none.groups).toEqual([]);
    expect(none.series).toEqual([]);
  });

  it('the per-day series counts each stage on its own Beijing day', async () => {
    const r = (await funnel('?from=2026-05-01&to=2026-05-31')).body.data!;
    const day = (d: string) => r.series.find((s) => s.date === d)?.counts;
    expect(r.series.map((s) => s.date)).toEqual(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05', '2026-05-06']);
    expect(day('2026-05-01')).toEqual([2, 2, 0, 0, 0, 0, 0]);
    expect(day('2026-05-02')).toEqual([2, 2, 3, 2, 0, 0, 0]);
    expect(day('2026-05-03')).toEqual([1, 0, 0, 0, 2, 0, 0]);
    // The offer counts on its release day, not the day it was drafted.
    expect(day('2026-05-05')).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(day('2026-05-06')).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });
});

async function readSheet(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

describe('analytics profile (docs/product/data.md)', () => {
  it('returns one student’s profile', async () => {
    const res = await call<AnalyticsProfile>(t.app, 'GET', `/api/admin/analytics/profiles/${ids.A}`, { token: admin });
    expect(res.body.data).toMatchObject({
      user_unique_id: String(ids.A),
      user_email: 'a@example.com',
      gender: 2,
      user_country: '中国',
      user_state: '北京市',
      user_school: `s_${s1}`,
      user_school_name: '北京市第四中学',
      user_batch: 'early',
      user_signup_status: 'applied',
      user_type: 'student',
      activated_at: '2026-05-01T02:00:00.000Z',
      paid_at: '2026-05-02T03:00:00.000Z',
      application_finished_at: '2026-05-03T02:00:00.000Z',
    });
    const c = await call<AnalyticsProfile>(t.app, 'GET', `/api/admin/analytics/profiles/${ids.C}`, { token: admin });
    expect([c.body.data!.user_batch, c.body.data!.user_signup_status, c.body.data!.gender, c.body.data!.paid_at]).toEqual(['regular', 'signed_up', null, null]);
  });

  it('exports the profiles of the funnel filter with Chinese headers and Beijing times', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/profiles/export?batch=early', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['用户编号', '手机号', '邮箱', '性别', '国家', '省份', '城市', '学校编号', '学校', '批次', '报名状态', '用户类型', '注册时间', '完善信息时间', '报名时间', '缴费时间', '申请完成时间']);
    expect(rows).toHaveLength(3);
    const a = rows.find((r) => r[0] === String(ids.A))!;
    expect(a.slice(2, 13)).toEqual(['a@example.com', '女', '中国', '北京市', '北京市', `s_${s1}`, '北京市第四中学', '提前批', '已提交第二步', '学生', '2026-05-01 10:00']);
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/profiles/export', headers: { authorization: `Bearer ${admin}` } });
    expect(await readSheet(all.rawPayload)).toHaveLength(7);
  });
});
