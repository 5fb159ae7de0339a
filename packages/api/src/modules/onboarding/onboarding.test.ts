import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminOffering, AdminOnboarding, AdminSignups, StudentOfferings, StudentReading } from '@summit/domain';
import { auditLog, studentProfiles } from '../../db/schema.ts';
import { onboardingOfferings } from '../../db/schema-onboarding.ts';
import { createClock, createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken } from '../../test/flows.ts';
import { payingStudent, type PayingStudent } from '../payments/payment-test-kit.ts';
import { studentsSignedUp } from './completion.ts';
import { ONBOARDING_AUDIT_ENTITY } from './onboarding.repo.ts';

const clock = createClock(new Date('2026-05-01T02:00:00Z'));
let t: TestApp;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
});
afterAll(async () => {
  await t.close();
});
// Staff sessions expire when idle: the tests that move the clock far sign the admin in again.
const freshAdmin = async () => {
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
};

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString();

/** A student with a released offer; tuition paid `paidAfterHours` after the offer (null: unpaid). */
async function admitted(paidAfterHours: number | null = 1): Promise<PayingStudent> {
  const s = await payingStudent(t, { offer: 1 });
  const offerAt = new Date(clock.now().getTime() - 10 * 24 * HOUR);
  await t.db
    .update(studentProfiles)
    .set({ offerCreatedAt: offerAt, tuitionPaidAt: paidAfterHours === null ? null : new Date(offerAt.getTime() + paidAfterHours * HOUR), professionalTrack: '人文社科' })
    .where(eq(studentProfiles.accountId, s.accountId));
  return s;
}

const create = (body: object) => call<AdminOffering>(t.app, 'POST', '/api/admin/onboarding/offerings', { token: admin, body });
const offerings = (token: string, kind: string) => call<StudentOfferings>(t.app, 'GET', `/api/student/onboarding/offerings?kind=${kind}`, { token });
const signup = (token: string, id: number) => call<StudentOfferings>(t.app, 'POST', '/api/student/onboarding/signup', { token, body: { offering_id: id } });
const cancel = (token: string, id: number) => call<StudentOfferings>(t.app, 'POST', '/api/student/onboarding/cancel', { token, body: { offering_id: id } });
const reading = (token: string, slug: string) => call<StudentReading>(t.app, 'GET', `/api/student/onboarding/reading?slug=${encodeURIComponent(slug)}`, { token });
const takenOf = async (id: number) => (await t.db.select().from(onboardingOfferings).where(eq(onboardingOfferings.id, id)))[0]!.taken;

describe('roles and the admission gate', () => {
  it('keeps admin calls to admins, and student calls to students with an offer and paid tuition (403-10)', async () => {
    const unpaid = await admitted(null);
    expect((await call(t.app, 'GET', '/api/admin/onboarding', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/onboarding', { token: unpaid.token })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/student/onboarding/offerings?kind=major', { token: teacher })).http).toBe(403);
    expect((await offerings(unpaid.token, 'major')).body).toEqual({ status: '403-10', msg: '仅限被录取并支付费用的用户访问' });
    expect((await reading(unpaid.token, 'student/manage/orientation')).body.status).toBe('403-10');
    const noOffer = await payingStudent(t, { offer: null });
    expect((await offerings(noOffer.token, 'csi')).body.status).toBe('403-10');
  });

  it('bad input is a 4003 naming the field', async () => {
    const s = await admitted();
    expect((await offerings(s.token, 'lunch')).body).toMatchObject({ status: 4003, data: { field: 'kind' } });
    expect((await signup(s.token, 0)).body).toMatchObject({ status: 4003, data: { field: 'offering_id' } });
    expect((await create({ kind: 'info_session', title: '说明会', capacity: 10, closes_at: inHours(24) })).body).toMatchObject({ status: 4003, data: { field: 'starts_at' } });
    expect((await create({ kind: 'podcast', title: '播客', capacity: -1, closes_at: inHours(24) })).body).toMatchObject({ status: 4003, data: { field: 'capacity' } });
    expect((await signup(s.token, 999_999)).body).toMatchObject({ status: 4001, msg: '项目不存在' });
  });
});

describe('major confirmation within seats', () => {
  it('confirms, changes (the seat moves), and never exceeds a major’s seats', async () => {
    const a = (await create({ kind: 'major', title: '人文社科', capacity: 1, closes_at: inHours(48) })).body.data!;
    const b = (await create({ kind: 'major', title: '商业经济', capacity: 2, closes_at: inHours(48) })).body.data!;
    expect(a).toMatchObject({ capacity: 1, taken: 0, remaining: 1 });
    const s1 = await admitted();
    const s2 = await admitted();

    const first = await signup(s1.token, a.id);
    expect(first.body).toMatchObject({ status: 200, msg: '报名成功', data: { kind: 'major', offer_track: '人文社科' } });
    expect(first.body.data!.items.find((i) => i.id === a.id)).toMatchObject({ signed_up: true, taken: 1, remaining: 0 });
    expect((await studentsSignedUp(t.db, [s1.accountId], 'major_confirmed')).has(s1.accountId)).toBe(true);
    expect((await studentsSignedUp(t.db, [s2.accountId], 'major_confirmed')).has(s2.accountId)).toBe(false);

    expect((await signup(s2.token, a.id)).body).toEqual({ status: 4001, msg: '名额已满' });
    expect((await signup(s1.token, a.id)).body).toEqual({ status: 4001, msg: '您已报名该项目' });

    // Changing to b frees a's seat, in one transaction.
    await signup(s1.token, b.id);
    expect([await takenOf(a.id), await takenOf(b.id)]).toEqual([0, 1]);
    const list = (await offerings(s1.token, 'major')).body.data!.items;
    expect(list.filter((i) => i.signed_up).map((i) => i.id)).toEqual([b.id]);
    expect((await signup(s2.token, a.id)).body.status).toBe(200);

    // A full target leaves the current major in place.
    const s3 = await admitted();
    await signup(s3.token, b.id);
    expect((await signup(s3.token, a.id)).body.msg).toBe('名额已满');
    expect((await offerings(s3.token, 'major')).body.data!.items.filter((i) => i.signed_up).map((i) => i.id)).toEqual([b.id]);
    expect([await takenOf(a.id), await takenOf(b.id)]).toEqual([1, 2]);
  });
});

describe('capacity under concurrency', () => {
  it('twelve students racing for the last three seats: exactly three get in', async () => {
    const pod = (await create({ kind: 'podcast', title: '播客录制', capacity: 3, closes_at: inHours(48) })).body.data!;
    const students = await Promise.all(Array.from({ length: 12 }, () => admitted()));
    const results = await Promise.all(students.map((s) => signup(s.token, pod.id)));
    const statuses = results.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(results.filter((r) => r.body.status !== 200).map((r) => r.body.msg)).toEqual(Array(9).fill('名额已满'));
    expect(await takenOf(pod.id)).toBe(3);
  });

  it('one student sending the same sign-up five times at once holds one seat', async () => {
    const mc = (await create({ kind: 'master_class', title: '大师课：写作', capacity: 5, closes_at: inHours(48) })).body.data!;
    const s = await admitted();
    const results = await Promise.all(Array.from({ length: 5 }, () => signup(s.token, mc.id)));
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1);
    expect(await takenOf(mc.id)).toBe(1);
  });
});

describe('closing time and cancelling', () => {
  it('cancels before closing (seat back), refuses both after closing', async () => {
    const pilot = (await create({ kind: 'pilot_study', title: '先导研究', capacity: 2, closes_at: inHours(2) })).body.data!;
    const csi = (await create({ kind: 'csi', title: 'SSI 社会创新', capacity: 5, closes_at: inHours(2) })).body.data!;
    const s = await admitted();
    await signup(s.token, pilot.id);
    expect((await cancel(s.token, pilot.id)).body).toMatchObject({ status: 200, msg: '已取消报名' });
    expect(await takenOf(pilot.id)).toBe(0);
    expect((await cancel(s.token, pilot.id)).body.msg).toBe('您尚未报名该项目');
    await signup(s.token, pilot.id);
    await signup(s.token, csi.id);
    expect((await studentsSignedUp(t.db, [s.accountId], 'csi')).has(s.accountId)).toBe(true);
    expect((await studentsSignedUp(t.db, [s.accountId], 'pilot_study')).has(s.accountId)).toBe(true);

    clock.advance(2 * HOUR);
    const late = await admitted();
    expect((await signup(late.token, pilot.id)).body).toEqual({ status: 4001, msg: '报名已截止' });
    expect((await cancel(s.token, pilot.id)).body).toEqual({ status: 4001, msg: '报名已截止' });
    expect((await offerings(s.token, 'pilot_study')).body.data!.items.find((i) => i.id === pilot.id)).toMatchObject({ closed: true, signed_up: true });
  });
});

describe('info sessions', () => {
  it('sign-up, .ics for the signed-up student only, join link from 15 minutes before the start', async () => {
    const start = new Date(clock.now().getTime() + 24 * HOUR);
    const session = (
      await create({ kind: 'info_session', title: '院校说明会：文理学院', capacity: 50, closes_at: start.toISOString(), starts_at: start.toISOString(), duration_minutes: 60, join_url: 'https://meet.example.com/summit-1' })
    ).body.data!;
    const s = await admitted();
    const other = await admitted();
    expect((await call(t.app, 'GET', `/api/student/onboarding/info-sessions/${session.id}/ics`, { token: s.token })).body).toEqual({ status: 4001, msg: '您尚未报名该项目' });
    await signup(s.token, session.id);
    const ics = await t.app.inject({ method: 'GET', url: `/api/student/onboarding/info-sessions/${session.id}/ics`, headers: { authorization: `Bearer ${s.token}` } });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);
    expect(ics.body).not.toContain('meet.example.com');

    const item = async (token: string) => (await offerings(token, 'info_session')).body.data!.items.find((i) => i.id === session.id)!;
    expect(await item(s.token)).toMatchObject({ signed_up: true, join_url: null, join_opens_at: new Date(start.getTime() - 15 * 60_000).toISOString() });
    clock.set(new Date(start.getTime() - 15 * 60_000 - 1000));
    expect((await item(s.token)).join_url).toBeNull();
    clock.set(new Date(start.getTime() - 15 * 60_000));
    expect((await item(s.token)).join_url).toBe('https://meet.example.com/summit-1');
    expect((await item(other.token)).join_url).toBeNull();
    expect((await studentsSignedUp(t.db, [s.accountId], 'info_session')).has(s.accountId)).toBe(true);
  });
});

describe('orientation and unlockable reading (docs/product/users-and-roles.md limited-paid)', () => {
  it('orientation for every admitted student; reading only for a payment within 3 days, or after the cutoff', async () => {
    await freshAdmin();
    const onTime = await admitted(71);
    const late = await admitted(100);
    const orientation = await reading(late.token, 'student/manage/orientation');
    expect(orientation.body.data).toMatchObject({ locked: false, page: { slug: 'student/manage/orientation', title: '入学指南' } });

    expect((await reading(onTime.token, 'student/admission-positive')).body.data).toMatchObject({ locked: false, msg: null });
    expect((await reading(onTime.token, 'student/elite-schools-know')).body.data!.page!.title).toBe('名校须知');
    expect((await reading(late.token, 'student/admission-positive')).body.data).toEqual({ page: null, locked: true, msg: '录取后3天内支付才可解锁此内容' });
    expect((await reading(late.token, 'student/elite-schools-know')).body.data!.locked).toBe(true);

    // The cutoff: a payment on or after it unlocks, whenever the offer was.
    const lateRow = (await t.db.select().from(studentProfiles).where(eq(studentProfiles.accountId, late.accountId)))[0]!;
    const save = (body: object) => call(t.app, 'PUT', '/api/admin/onboarding/limited-paid', { token: admin, body });
    expect((await save({ days: 3, cutoff: 'tomorrow' })).body).toMatchObject({ status: 4003, data: { field: 'cutoff' } });
    expect((await save({ days: 3, cutoff: new Date(lateRow.tuitionPaidAt!.getTime() + 1000).toISOString() })).body.status).toBe(200);
    expect((await reading(late.token, 'student/admission-positive')).body.data!.locked).toBe(true);
    await save({ days: 3, cutoff: lateRow.tuitionPaidAt!.toISOString() });
    expect((await reading(late.token, 'student/admission-positive')).body.data!.locked).toBe(false);
    // The window setting.
    await save({ days: 2, cutoff: null });
    expect((await reading(onTime.token, 'student/admission-positive')).body.data!.locked).toBe(true);
    expect((await call<AdminOnboarding>(t.app, 'GET', '/api/admin/onboarding', { token: admin })).body.data!.limited_paid).toEqual({ days: 2, cutoff: null });
    await save({ days: 3, cutoff: null });
  });

  it('the pages are edited in the content store and are not public', async () => {
    await freshAdmin();
    const pub = await call(t.app, 'GET', '/api/content/pages?slug=student/admission-positive');
    expect(pub.http).toBe(404);
    const list = await call<{ pages: Array<{ slug: string }> }>(t.app, 'GET', '/api/admin/content/pages', { token: admin });
    expect(list.body.data!.pages.map((p) => p.slug)).toEqual(expect.arrayContaining(['student/manage/orientation', 'student/admission-positive', 'student/elite-schools-know']));
    const adminPage = await call<{ published: { document: unknown } }>(t.app, 'GET', '/api/admin/content/page?slug=student/manage/orientation', { token: admin });
    const document = adminPage.body.data!.published.document;
    await call(t.app, 'PUT', '/api/admin/content/page/draft?slug=student/manage/orientation', { token: admin, body: { title: '入学指南（新版）', description: '新版', document } });
    await call(t.app, 'POST', '/api/admin/content/page/publish?slug=student/manage/orientation', { token: admin, body: {} });
    const s = await admitted();
    expect((await reading(s.token, 'student/manage/orientation')).body.data!.page!.title).toBe('入学指南（新版）');
  });
});

describe('admin', () => {
  it('edits capacity (never below the seats taken, audited), lists and exports the sign-ups', async () => {
    await freshAdmin();
    const pod = (await create({ kind: 'podcast', title: '=播客二期', capacity: 2, closes_at: inHours(48) })).body.data!;
    const s1 = await admitted();
    const s2 = await admitted();
    await signup(s1.token, pod.id);
    await signup(s2.token, pod.id);
    const body = { kind: 'podcast', title: '=播客二期', capacity: 1, closes_at: inHours(48) };
    expect((await call(t.app, 'PUT', `/api/admin/onboarding/offerings/${pod.id}`, { token: admin, body })).body).toMatchObject({ status: 4003, msg: '名额不能少于已报名人数', data: { field: 'capacity' } });
    const grown = await call<AdminOffering>(t.app, 'PUT', `/api/admin/onboarding/offerings/${pod.id}`, { token: admin, body: { ...body, capacity: 4 } });
    expect(grown.body.data).toMatchObject({ capacity: 4, taken: 2, remaining: 2 });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.entity, ONBOARDING_AUDIT_ENTITY), eq(auditLog.entityId, String(pod.id))))).toHaveLength(2);
    expect((await call(t.app, 'PUT', '/api/admin/onboarding/offerings/999999', { token: admin, body })).body.msg).toBe('项目不存在');

    const list = await call<AdminSignups>(t.app, 'GET', '/api/admin/onboarding/signups?kind=podcast', { token: admin });
    const mine = list.body.data!.signups.filter((x) => x.offering_id === pod.id);
    expect(mine.map((x) => x.student_id).sort()).toEqual([s1.accountId, s2.accountId].sort());

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/admin/onboarding/signups.xlsx?kind=podcast', headers: { authorization: `Bearer ${admin}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('报名名单')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '类型', '项目', '学生ID', '姓名', '手机号', '报名时间（北京时间）']);
    const titles = sheet.getColumn(2).values.filter((v) => v === "'=播客二期");
    expect(titles).toHaveLength(2);
  });
});
