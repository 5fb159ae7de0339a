import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  SCHOOL_MSG,
  type AdminApplicationDetail,
  type SchoolRecommendResult,
  type SchoolStudentDetail,
  type SchoolStudentHistory,
  type SchoolStudentList,
} from '@summit/domain';
import { accounts, auditLog, schools, studentProfiles } from '../../db/schema.ts';
import { admissionDecisions, applications } from '../../db/schema-admission.ts';
import { venueAssignments, venues } from '../../db/schema-courses.ts';
import { resultPublications } from '../../db/schema-venue-house.ts';
import { schoolRecommendations } from '../../db/schema-school.ts';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, newPhone, registerStudent, TEST_PASSWORD } from '../../test/flows.ts';
import { SCHOOL_SHEET_HEADERS } from './school-sheet.ts';
import { beijingTime } from '../../exports/sheet-stream.ts';

let t: TestApp;
let schoolA: { id: number; token: string; accountId: number };
let schoolB: { id: number; token: string; accountId: number };
let admin: string;

async function createSchool(name: string) {
  const [row] = await t.db.insert(schools).values({ name, countryId: 1, stateId: 110000, cityId: 110100 }).returning({ id: schools.id });
  return row!.id;
}

async function schoolAccount(schoolId: number | null) {
  const phone = newPhone();
  const [acc] = await t.db
    .insert(accounts)
    .values({ role: 'school', phone, name: '招生办', schoolId, passwordHash: await hashPassword(TEST_PASSWORD, 8192) })
    .returning({ id: accounts.id });
  const res = await call<{ token: string }>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
  return { token: res.body.data!.token, accountId: acc!.id };
}

type Stage = 'registered' | 'step1' | 'paid' | 'applied';
let seq = 0;
/** A student of `schoolId` at a stage; an application row once step 1 is in. */
async function student(schoolId: number, stage: Stage, opts: { name?: string; batch?: string; grade?: string } = {}) {
  const { token, phone } = await registerStudent(t.app);
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token })).body.data!.user_id;
  seq += 1;
  const name = opts.name ?? `学生${seq}`;
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, id));
  const at = new Date(Date.UTC(2026, 2, 1, 2, 5) + seq * 60_000);
  await t.db
    .update(studentProfiles)
    .set({
      infoCompletedAt: at,
      schoolCountryId: 1,
      schoolStateId: 110000,
      schoolId,
      schoolName: '某校',
      step1SubmittedAt: stage === 'registered' ? null : at,
      applyPaidAt: stage === 'paid' || stage === 'applied' ? at : null,
      step2SubmittedAt: stage === 'applied' ? at : null,
    })
    .where(eq(studentProfiles.accountId, id));
  if (stage !== 'registered') {
    await t.db.insert(applications).values({ accountId: id, step1: { legal_name: name, grade: opts.grade ?? 'G11' }, step2: {}, batch: opts.batch ?? 'RD' });
  }
  return { id, token, phone, name, at };
}

async function decide(id: number, decision: 'offer' | 'reject' | 'waitlist', released: boolean) {
  await t.db.insert(admissionDecisions).values({
    accountId: id,
    decision,
    placeName: decision === 'offer' ? '第一期' : null,
    professionalTrack: decision === 'offer' ? '人文社科' : null,
    releasedAt: released ? new Date() : null,
  });
}

const list = (token: string, qs = '') => call<SchoolStudentList>(t.app, 'GET', `/api/school/student-apply${qs}`, { token });
const detail = (token: string, id: number | string) => call<SchoolStudentDetail>(t.app, 'GET', `/api/school/student-admission/${id}`, { token });
const history = (token: string, id: number | string) => call<SchoolStudentHistory>(t.app, 'GET', `/api/school/student-history/${id}`, { token });
const recommend = (token: string, id: number | string, body: unknown) => call<SchoolRecommendResult>(t.app, 'PUT', `/api/school/student-apply/${id}/recommend`, { token, body });
const recommendPost = (token: string, body: unknown) => call<SchoolRecommendResult>(t.app, 'POST', '/api/school/recommendation', { token, body });

async function exportSheet(token: string, qs = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/school/export${qs}`, headers: { authorization: `Bearer ${token}` } });
  return res;
}

async function readSheet(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return { name: sheet.name, rows };
}

let a1: Awaited<ReturnType<typeof student>>;
let a2: Awaited<ReturnType<typeof student>>;
let a3: Awaited<ReturnType<typeof student>>;
let a4: Awaited<ReturnType<typeof student>>;
let a5: Awaited<ReturnType<typeof student>>;
let b1: Awaited<ReturnType<typeof student>>;

beforeAll(async () => {
  t = await createTestApp();
  const idA = await createSchool('测试学校甲');
  const idB = await createSchool('测试学校乙');
  schoolA = { id: idA, ...(await schoolAccount(idA)) };
  schoolB = { id: idB, ...(await schoolAccount(idB)) };
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  a1 = await student(idA, 'registered', { name: '甲一' });
  a2 = await student(idA, 'step1', { name: '甲二', batch: 'EB1', grade: 'G10' });
  a3 = await student(idA, 'applied', { name: '甲三', batch: 'EB1' });
  a4 = await student(idA, 'applied', { name: '甲四' });
  a5 = await student(idA, 'applied', { name: '=甲五' });
  b1 = await student(idB, 'applied', { name: '乙一' });
  await decide(a3.id, 'offer', true);
  await decide(a4.id, 'reject', false);
  await decide(b1.id, 'offer', true);
  // a3 paid tuition and has a venue whose result is published.
  await t.db.update(studentProfiles).set({ tuitionPaidAt: new Date(), offerLetter: 1 }).where(eq(studentProfiles.accountId, a3.id));
  const [venue] = await t.db.insert(venues).values({ placeName: 'test-bj', name: '测试会场' }).returning({ id: venues.id });
  await t.db.insert(venueAssignments).values({ studentId: a3.id, venueId: venue!.id, method: 'manual' });
  await t.db.insert(resultPublications).values({ kind: 'venue', venueId: null, publishAt: new Date(Date.now() - 60_000) });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/school/student-apply', () => {
  it('lists only the school’s own students, with state, released decisions and paid flags only', async () => {
    const res = await list(schoolA.token);
    expect(res.body.status).toBe(200);
    const data = res.body.data!;
    expect(data.total).toBe(5);
    expect(data.school_name).toBe('测试学校甲');
    const ids = data.items.map((i) => i.user_id).sort((x, y) => x - y);
    expect(ids).toEqual([a1.id, a2.id, a3.id, a4.id, a5.id].sort((x, y) => x - y));
    expect(ids).not.toContain(b1.id);
    const byId = new Map(data.items.map((i) => [i.user_id, i]));
    expect(byId.get(a1.id)).toMatchObject({ step: 0, signup_status: 'activated', decision: 'none', apply_paid: false, tuition_paid: false, venue: null });
    expect(byId.get(a2.id)).toMatchObject({ step: 1, signup_status: 'signed_up', batch: 'EB1', grade: '高一' });
    expect(byId.get(a3.id)).toMatchObject({ step: 2, signup_status: 'applied', decision: 'offer', session: '第一期', track: '人文社科', apply_paid: true, tuition_paid: true, venue: '测试会场' });
    // A draft decision is not the school's to see.
    expect(byId.get(a4.id)).toMatchObject({ decision: 'none', session: null });
    // Phones are masked; no amount or order appears anywhere in the answer.
    expect(byId.get(a1.id)!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(JSON.stringify(data)).not.toMatch(/fen|amount|order_no/);
  });

  it('searches and filters on the server, and pages', async () => {
    expect((await list(schoolA.token, `?q=${encodeURIComponent('甲三')}`)).body.data!.items.map((i) => i.user_id)).toEqual([a3.id]);
    expect((await list(schoolA.token, `?q=${a2.phone.slice(-4)}`)).body.data!.items.map((i) => i.user_id)).toEqual([a2.id]);
    expect((await list(schoolA.token, `?q=${encodeURIComponent('乙一')}`)).body.data!.total).toBe(0);
    expect((await list(schoolA.token, '?signup_status=applied')).body.data!.total).toBe(3);
    expect((await list(schoolA.token, '?signup_status=signed_up')).body.data!.items.map((i) => i.user_id)).toEqual([a2.id]);
    expect((await list(schoolA.token, '?batch=EB1')).body.data!.total).toBe(2);
    expect((await list(schoolA.token, '?decision=offer')).body.data!.items.map((i) => i.user_id)).toEqual([a3.id]);
    expect((await list(schoolA.token, '?decision=none')).body.data!.total).toBe(4);
    expect((await list(schoolA.token, '?decision=reject')).body.data!.total).toBe(0);
    expect((await list(schoolA.token, '?tuition=paid')).body.data!.items.map((i) => i.user_id)).toEqual([a3.id]);
    expect((await list(schoolA.token, '?applied=true')).body.data!.total).toBe(4);
    const p1 = (await list(schoolA.token, '?page=1&page_size=2')).body.data!;
    const p3 = (await list(schoolA.token, '?page=3&page_size=2')).body.data!;
    expect([p1.items.length, p3.items.length, p1.total]).toEqual([2, 1, 5]);
    // Latest activity first: a1 registered today, a5 submitted last of the applicants.
    expect(p1.items.map((i) => i.user_id)).toEqual([a1.id, a5.id]);
  });

  it('bad query values → 4003', async () => {
    for (const qs of ['?page=0', '?page_size=101', '?signup_status=x', '?decision=maybe', '?tuition=yes', '?applied=1', `?q=${'x'.repeat(51)}`]) {
      const res = await list(schoolA.token, qs);
      expect([qs, res.http, res.body.status]).toEqual([qs, 400, 4003]);
    }
  });
});

describe('student detail and history', () => {
  it('shows one of the school’s students, with history by programme year', async () => {
    const res = await detail(schoolA.token, a3.id);
    expect(res.body).toMatchObject({ status: 200, data: { user_id: a3.id, name: '甲三', decision: 'offer', venue: '测试会场', recommendation: null } });
    const h = await history(schoolA.token, a3.id);
    expect(h.body.status).toBe(200);
    expect(h.body.data!.years).toHaveLength(1);
    const year = h.body.data!.years[0]!;
    expect(year).toMatchObject({ signup_status: 'applied', decision: 'offer', tuition_paid: true });
    expect(year.events.map((e) => e.label)).toEqual(expect.arrayContaining(['注册账号', '提交申请第一步', '提交申请第二步', '录取结果公布', '缴纳学费']));
  });

  it('another school’s student and an unknown id answer the same 404', async () => {
    for (const id of [b1.id, 999_999, 2_147_483_647]) {
      for (const res of [await detail(schoolA.token, id), await history(schoolA.token, id)]) {
        expect([id, res.http, res.body.status, res.body.msg]).toEqual([id, 404, 4001, SCHOOL_MSG.STUDENT_NOT_FOUND]);
      }
    }
    // School B sees its own and not A's.
    expect((await detail(schoolB.token, b1.id)).body.status).toBe(200);
    expect((await detail(schoolB.token, a1.id)).http).toBe(404);
    expect((await list(schoolB.token)).body.data!.items.map((i) => i.user_id)).toEqual([b1.id]);
  });

  it('a bad id → 4003', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      expect([id, (await detail(schoolA.token, id)).body.status]).toEqual([id, 4003]);
      expect([id, (await history(schoolA.token, id)).body.status]).toEqual([id, 4003]);
    }
  });
});

describe('recommend', () => {
  it('PUT recommends with a comment, stored, audited, visible in the list, detail and to admins', async () => {
    const res = await recommend(schoolA.token, a4.id, { recommended: true, comment: '  品学兼优，担任学生会主席  ' });
    expect(res.body).toMatchObject({ status: 200, msg: SCHOOL_MSG.RECOMMEND_SAVED, data: { user_id: a4.id, recommendation: { comment: '品学兼优，担任学生会主席', recommended_by_name: '招生办' } } });
    expect((await detail(schoolA.token, a4.id)).body.data!.recommendation?.comment).toBe('品学兼优，担任学生会主席');
    expect((await list(schoolA.token, `?q=${encodeURIComponent('甲四')}`)).body.data!.items[0]!.recommended).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'school_recommendation'), eq(auditLog.entityId, String(a4.id))));
    expect(audit).toMatchObject({ actorId: schoolA.accountId, action: 'school.recommendation.save', before: null, after: { school_id: schoolA.id, comment: '品学兼优，担任学生会主席' } });
    const admin1 = await call<AdminApplicationDetail>(t.app, 'GET', `/api/admin/applications/${a4.id}`, { token: admin });
    expect(admin1.body.data!.school_recommendation).toMatchObject({ comment: '品学兼优，担任学生会主席', school_name: '测试学校甲' });
    // Editing keeps one row per student and year.
    await recommend(schoolA.token, a4.id, { recommended: true, comment: '更新后的推荐' });
    expect(await t.db.select().from(schoolRecommendations).where(eq(schoolRecommendations.studentId, a4.id))).toHaveLength(1);
  });

  it('PUT recommended=false withdraws; admins then see none', async () => {
    await recommend(schoolA.token, a5.id, { recommended: true, comment: '推荐' });
    const res = await recommend(schoolA.token, a5.id, { recommended: false });
    expect(res.body).toMatchObject({ status: 200, msg: SCHOOL_MSG.RECOMMEND_WITHDRAWN, data: { recommendation: null } });
    const admin1 = await call<AdminApplicationDetail>(t.app, 'GET', `/api/admin/applications/${a5.id}`, { token: admin });
    expect(admin1.body.data!.school_recommendation).toBeNull();
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(a5.id)))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['school.recommendation.save', 'school.recommendation.withdraw']));
  });

  it('POST /api/school/recommendation does the same by user_id', async () => {
    const res = await recommendPost(schoolA.token, { user_id: a2.id, comment: '数学竞赛省一等奖' });
    expect(res.body).toMatchObject({ status: 200, data: { user_id: a2.id, recommendation: { comment: '数学竞赛省一等奖' } } });
  });

  it('a student who has not applied cannot be recommended (4001)', async () => {
    const res = await recommend(schoolA.token, a1.id, { recommended: true, comment: '推荐' });
    expect([res.http, res.body.status, res.body.msg]).toEqual([400, 4001, SCHOOL_MSG.RECOMMEND_NOT_APPLIED]);
  });

  it('a student already decided (admitted, released) cannot be recommended: 4001 in Chinese, nothing stored; withdrawing stays allowed', async () => {
    const put = await recommend(schoolA.token, a3.id, { recommended: true, comment: '推荐' });
    expect([put.http, put.body.status, put.body.msg]).toEqual([400, 4001, SCHOOL_MSG.RECOMMEND_DECIDED]);
    const post = await recommendPost(schoolA.token, { user_id: a3.id, comment: '推荐' });
    expect([post.body.status, post.body.msg]).toEqual([4001, SCHOOL_MSG.RECOMMEND_DECIDED]);
    expect(await t.db.select().from(schoolRecommendations).where(eq(schoolRecommendations.studentId, a3.id))).toHaveLength(0);
    expect((await recommend(schoolA.token, a3.id, { recommended: false })).body.status).toBe(200);
  });

  it('another school’s student or an unknown id → 404, nothing stored', async () => {
    for (const id of [b1.id, 999_999]) {
      expect((await recommend(schoolA.token, id, { recommended: true, comment: '推荐' })).http).toBe(404);
      expect((await recommendPost(schoolA.token, { user_id: id, comment: '推荐' })).http).toBe(404);
    }
    expect(await t.db.select().from(schoolRecommendations).where(eq(schoolRecommendations.studentId, b1.id))).toHaveLength(0);
  });

  it('bad input → 4003 naming the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'recommended', SCHOOL_MSG.RECOMMEND_REQUIRED],
      [{ recommended: true }, 'comment', SCHOOL_MSG.COMMENT_REQUIRED],
      [{ recommended: true, comment: '   ' }, 'comment', SCHOOL_MSG.COMMENT_REQUIRED],
      [{ recommended: true, comment: '长'.repeat(201) }, 'comment', SCHOOL_MSG.COMMENT_TOO_LONG],
      [{ recommended: 'yes', comment: 'x' }, 'recommended', SCHOOL_MSG.RECOMMEND_REQUIRED],
    ];
    for (const [body, field, msg] of cases) {
      const res = await recommend(schoolA.token, a3.id, body);
      expect([JSON.stringify(body).slice(0, 40), res.http, res.body.status, (res.body.data as { field?: string } | undefined)?.field, res.body.msg]).toEqual([
        JSON.stringify(body).slice(0, 40),
        400,
        4003,
        field,
        msg,
      ]);
    }
    expect((await recommendPost(schoolA.token, { comment: 'x' })).body.status).toBe(4003);
    expect((await recommendPost(schoolA.token, { user_id: 'a', comment: 'x' })).body.status).toBe(4003);
    expect((await recommendPost(schoolA.token, { user_id: a3.id })).body.status).toBe(4003);
  });
});

describe('export', () => {
  it('streams an .xlsx with Chinese headers, the filters applied, Beijing times, paid flags only', async () => {
    const res = await exportSheet(schoolA.token, '?applied=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('测试学校甲-学生名单-')}`);
    // Each school's file has its own name, in the ASCII fallback too (school id and Beijing day).
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`filename="school-${schoolA.id}-students-\\d{8}\\.xlsx"`));
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('学生名单');
    expect(rows[0]).toEqual([...SCHOOL_SHEET_HEADERS]);
    const body = rows.slice(1);
    expect(body.map((r) => Number(r[0])).sort((x, y) => x - y)).toEqual([a2.id, a3.id, a4.id, a5.id].sort((x, y) => x - y));
    const row3 = body.find((r) => Number(r[0]) === a3.id)!;
    const col = (h: string) => SCHOOL_SHEET_HEADERS.indexOf(h as (typeof SCHOOL_SHEET_HEADERS)[number]);
    expect(row3[col('姓名')]).toBe('甲三');
    expect(row3[col('申请进度')]).toBe('已提交第二步');
    expect(row3[col('批次')]).toBe('提前批I');
    expect(row3[col('申请费')]).toBe('已缴');
    expect(row3[col('录取结果')]).toBe('录取');
    expect(row3[col('学费')]).toBe('已缴');
    expect(row3[col('会场')]).toBe('测试会场');
    // 02:05 UTC + seq minutes → 10:05 + seq minutes in Beijing.
    expect(row3[col('提交第一步时间（北京时间）')]).toBe(beijingTime(a3.at.toISOString()));
    expect(row3[col('提交第一步时间（北京时间）')]).toMatch(/^2026-03-01 10:\d\d$/);
    // A name that looks like a formula stays text.
    expect(body.find((r) => Number(r[0]) === a5.id)![col('姓名')]).toBe("'=甲五");
    expect(body.flat().join(' ')).not.toContain('乙一');
  });

  it('applies search and decision filters; another school gets only its own', async () => {
    const offered = await readSheet((await exportSheet(schoolA.token, '?decision=offer')).rawPayload);
    expect(offered.rows.slice(1).map((r) => Number(r[0]))).toEqual([a3.id]);
    const b = await readSheet((await exportSheet(schoolB.token)).rawPayload);
    expect(b.rows.slice(1).map((r) => Number(r[0]))).toEqual([b1.id]);
  });

  it('writes many rows across several database batches', async () => {
    const idC = await createSchool('测试学校丙');
    const c = await schoolAccount(idC);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await student(idC, 'step1')).id);
    // Bulk rows straight into the tables: enough to cross the 500-row batch boundary.
    const phones = Array.from({ length: 520 }, (_, i) => `147${String(i).padStart(8, '0')}`);
    const inserted = await t.db
      .insert(accounts)
      .values(phones.map((phone) => ({ role: 'student' as const, phone, name: `批量${phone.slice(-3)}` })))
      .returning({ id: accounts.id });
    await t.db.insert(studentProfiles).values(inserted.map((r) => ({ accountId: r.id, schoolId: idC })));
    const res = await exportSheet(c.token);
    const { rows } = await readSheet(res.rawPayload);
    expect(rows.length - 1).toBe(523);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(523);
  });

  it('bad filter → 4003 envelope, not a file', async () => {
    const res = await exportSheet(schoolA.token, '?decision=maybe');
    expect([res.statusCode, res.json().status]).toEqual([400, 4003]);
  });
});

describe('access', () => {
  it('no token → 401; student, teacher, admin and SL tokens → 403 on every school route', async () => {
    const teacher = await createStaffToken(t, 'teacher');
    const sl = await createStaffToken(t, 'sl');
    const routes: Array<['GET' | 'PUT' | 'POST', string, unknown?]> = [
      ['GET', '/api/school/student-apply'],
      ['GET', `/api/school/student-admission/${a3.id}`],
      ['GET', `/api/school/student-history/${a3.id}`],
      ['GET', '/api/school/export'],
      ['PUT', `/api/school/student-apply/${a3.id}/recommend`, { recommended: true, comment: '推荐' }],
      ['POST', '/api/school/recommendation', { user_id: a3.id, comment: '推荐' }],
    ];
    for (const [method, url, body] of routes) {
      expect([url, (await call(t.app, method, url, { body })).http]).toEqual([url, 401]);
      for (const token of [a3.token, teacher, admin, sl]) {
        const res = await call(t.app, method, url, { token, body });
        expect([url, res.http, res.body.status]).toEqual([url, 403, 4001]);
      }
    }
  });

  it('a school account bound to no school gets a clear message, never another school’s data', async () => {
    const loose = await schoolAccount(null);
    const res = await list(loose.token);
    expect([res.body.status, res.body.msg]).toEqual([4001, SCHOOL_MSG.NOT_BOUND]);
    expect((await detail(loose.token, a1.id)).body.msg).toBe(SCHOOL_MSG.NOT_BOUND);
  });
});
