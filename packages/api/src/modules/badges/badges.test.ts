import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { BADGE_MSG, MSG, type AdminBadge, type AdminBadgeAward, type AdminHonour, type BadgeVerification, type Honour, type MyBadges } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { badgeAwards } from '../../db/schema-badges.ts';
import { studentNotices } from '../../db/schema-course-centre.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { awardBadgesFor, revokeBadgeAward } from './badges.queries.ts';
import { BADGE_AWARD_AUDIT_ENTITY } from './badges.repo.ts';
import { IssuerKeyMissingError, issuerKey } from './badge-credential.ts';
import { loadEnv } from '../../env.ts';
import { redactUrl } from '../../http/log-redaction.ts';
import { beijingWeekStart, evaluateAttendanceWeek, nextAttendanceRunAt, weekKey } from './badges-attendance.ts';
import { attendance, checkinSessions } from '../../db/schema-teaching.ts';
import { jobs } from '../../db/schema-jobs.ts';
import { courseWithMeetings, enrol } from '../teaching/teaching-test-kit.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let teacher: string;
let alice: { token: string; id: number };
let bob: { token: string; id: number };

async function student(name: string) {
  const s = await registerStudent(t.app);
  const [row] = await t.db.update(accounts).set({ name }).where(eq(accounts.phone, s.phone)).returning({ id: accounts.id });
  return { token: s.token, id: row!.id };
}

const badgeBody = (over: Record<string, unknown> = {}) => ({
  name: '探索者',
  description: '完成 Mission X 任务',
  criteria_text: '任一 Mission X 提交被老师采纳',
  criterion: 'mission_x_accepted',
  emblem: '探',
  colour: '#1d4ed8',
  published: true,
  ...over,
});
const createBadge = async (over: Record<string, unknown> = {}, token = admin) => call<AdminBadge>(t.app, 'POST', '/api/admin/badges', { token, body: badgeBody(over) });
const mine = async (token: string) => (await call<MyBadges>(t.app, 'GET', '/api/student/badges', { token })).body.data!;
const verify = async (publicId: string) => call<BadgeVerification>(t.app, 'GET', `/api/badges/verify/${publicId}`);
const download = (id: number, token: string) => t.app.inject({ method: 'GET', url: `/api/student/badges/${id}/credential`, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  adminId = (await call<{ user_id: number }>(t.app, 'GET', '/api/teacher/info', { token: admin })).body.data!.user_id;
  teacher = await createStaffToken(t, 'teacher');
  alice = await student('李小花');
  bob = await student('王大明');
});
afterAll(async () => {
  await t.close();
});

describe('roles', () => {
  it('the console is admins only; a teacher or a student gets 403 and nothing is written', async () => {
    for (const token of [teacher, alice.token]) {
      const res = await createBadge({ name: '越权' }, token);
      expect(res.http).toBe(403);
      expect((await call(t.app, 'GET', '/api/admin/badges', { token })).http).toBe(403);
      expect((await call(t.app, 'POST', '/api/admin/badge-awards/1/revoke', { token, body: { reason: 'x' } })).http).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/student/badges', { token: teacher })).http).toBe(403);
    expect((await call(t.app, 'GET', '/api/student/badges')).body.status).toBe(401);
  });

  it('bad input gets the field message in the envelope', async () => {
    const res = await createBadge({ name: '', colour: 'red' });
    expect(res.body.status).toBe(4003);
    expect([BADGE_MSG.NAME, BADGE_MSG.COLOUR]).toContain(res.body.msg);
    const emblem = await createBadge({ name: '三个字', emblem: '一二三' });
    expect(emblem.body.msg).toBe(BADGE_MSG.EMBLEM);
  });
});

describe('automatic awards', () => {
  let badgeId: number;
  it('awardBadgesFor awards every published badge of the criterion once, however often or concurrently it runs; drafts are skipped', async () => {
    badgeId = (await createBadge()).body.data!.id;
    const draft = (await createBadge({ name: '草稿徽章', published: false })).body.data!.id;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => awardBadgesFor(t.db, alice.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 100 + i, by: adminId })));
    expect(results.flat()).toHaveLength(1);
    expect(await awardBadgesFor(t.db, alice.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 200 })).toEqual([]);
    const rows = await t.db.select().from(badgeAwards).where(eq(badgeAwards.accountId, alice.id));
    expect(rows.map((r) => r.badgeId)).toEqual([badgeId]);
    expect(rows.map((r) => r.badgeId)).not.toContain(draft);
    const my = await mine(alice.token);
    expect(my.awards.map((a) => a.badge.name)).toEqual(['探索者']);
    expect(my.catalogue.map((b) => b.name)).toContain('探索者');
    expect(my.catalogue.map((b) => b.name)).not.toContain('草稿徽章');
    expect((await mine(bob.token)).awards).toEqual([]);
    // One notice under 消息, however many times it fired.
    const notices = await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, alice.id));
    expect(notices.map((n) => n.title)).toEqual(['你获得了徽章「探索者」']);
  });

  it('revokeBadgeAward revokes only what that source earned, with an audit row', async () => {
    const [award] = await t.db.select().from(badgeAwards).where(and(eq(badgeAwards.accountId, alice.id), eq(badgeAwards.badgeId, badgeId)));
    expect(await revokeBadgeAward(t.db, alice.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 999 }, '误判')).toBe(0);
    bob = { ...bob };
    await awardBadgesFor(t.db, bob.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 7 });
    expect(await revokeBadgeAward(t.db, bob.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 7, by: adminId }, '采纳已撤回')).toBe(1);
    const [bobs] = await t.db.select().from(badgeAwards).where(eq(badgeAwards.accountId, bob.id));
    expect(bobs!.revokedAt).not.toBeNull();
    expect(bobs!.revokeReason).toBe('采纳已撤回');
    // A revoked badge is not handed back automatically.
    expect(await awardBadgesFor(t.db, bob.id, 'mission_x_accepted', { kind: 'mission-x-submission', id: 8 })).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, BADGE_AWARD_AUDIT_ENTITY), eq(auditLog.entityId, String(bobs!.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['badge_award.auto', 'badge_award.revoke']);
    expect(award!.revokedAt).toBeNull();
  });
});

describe('manual awards', () => {
  let manualId: number;
  it('staff give a manual badge: audited with the giver; giving it again answers the same award', async () => {
    manualId = (await createBadge({ name: '热心同学', criterion: 'manual', emblem: '心', colour: '#be185d' })).body.data!.id;
    const res = await call<AdminBadgeAward>(t.app, 'POST', `/api/admin/badges/${manualId}/awards`, { token: admin, body: { account_id: alice.id, note: '帮助同学' } });
    expect(res.body.status).toBe(200);
    expect(res.body.msg).toBe(BADGE_MSG.AWARDED);
    expect(res.body.data!.awarded_by?.id).toBe(adminId);
    const again = await call<AdminBadgeAward>(t.app, 'POST', `/api/admin/badges/${manualId}/awards`, { token: admin, body: { account_id: alice.id } });
    expect(again.body.data!.id).toBe(res.body.data!.id);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, BADGE_AWARD_AUDIT_ENTITY), eq(auditLog.entityId, String(res.body.data!.id))));
    expect(audit).toMatchObject({ actorId: adminId, action: 'badge_award.grant' });
  });

  it('an automatic badge, a draft, a teacher account or an unknown student cannot be given by hand', async () => {
    const auto = (await call<AdminBadge[]>(t.app, 'GET', '/api/admin/badges', { token: admin })).body.data!.find((b) => b.criterion === 'mission_x_accepted')!;
    expect((await call(t.app, 'POST', `/api/admin/badges/${auto.id}/awards`, { token: admin, body: { account_id: bob.id } })).body.msg).toBe(BADGE_MSG.BADGE_NOT_MANUAL);
    expect((await call(t.app, 'POST', `/api/admin/badges/${manualId}/awards`, { token: admin, body: { account_id: adminId } })).body.msg).toBe(BADGE_MSG.STUDENT_NOT_FOUND);
    expect((await call(t.app, 'POST', `/api/admin/badges/999999/awards`, { token: admin, body: { account_id: bob.id } })).body.msg).toBe(BADGE_MSG.BADGE_NOT_FOUND);
    const draft = (await createBadge({ name: '草稿手动', criterion: 'manual', published: false })).body.data!.id;
    expect((await call(t.app, 'POST', `/api/admin/badges/${draft}/awards`, { token: admin, body: { account_id: bob.id } })).body.msg).toBe(BADGE_MSG.BADGE_NOT_PUBLISHED);
  });

  it('a duplicate badge name is refused with its message', async () => {
    expect((await createBadge({ name: '热心同学' })).body.msg).toBe(BADGE_MSG.NAME_TAKEN);
  });
});

describe('credentials', () => {
  let awardId: number;
  let publicId: string;
  let jwt: string;

  it('a student downloads their own credential: an enveloped OpenBadgeCredential whose VC-JWT verifies with the published key', async () => {
    const my = await mine(alice.token);
    const award = my.awards.find((a) => a.badge.name === '探索者')!;
    awardId = award.id;
    publicId = award.public_id;
    const res = await download(awardId, alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const file = res.json() as { type: string; id: string };
    expect(file.type).toBe('EnvelopedVerifiableCredential');
    jwt = file.id.replace('data:application/vc+jwt,', '');
    const jwks = (await t.app.inject({ method: 'GET', url: '/api/badges/jwks' })).json() as { keys: Array<Record<string, string>> };
    const header = decodeProtectedHeader(jwt);
    expect(header.alg).toBe('RS256');
    const jwk = jwks.keys.find((k) => k.kid === header.kid)!;
    const { payload } = await jwtVerify(jwt, await importJWK(jwk, 'RS256'));
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(payload.id).toBe(`urn:uuid:${publicId}`);
    expect(payload.jti).toBe(payload.id);
    const subject = payload.credentialSubject as { achievement: { name: string; criteria: { narrative: string } }; identifier: Array<{ identityHash: string }> };
    expect(subject.achievement.name).toBe('探索者');
    expect(subject.achievement.criteria.narrative).toBe('任一 Mission X 提交被老师采纳');
    // The holder is a salted hash, never the name in clear.
    expect(JSON.stringify(payload)).not.toContain('李小花');
    expect(subject.identifier[0]!.identityHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    // Issued once: the second download is the same credential.
    expect(((await download(awardId, alice.token)).json() as { id: string }).id).toBe(file.id);
  });

  it("another student's credential is 404, like one that does not exist", async () => {
    const res = await download(awardId, bob.token);
    expect(res.statusCode).toBe(404);
    expect((res.json() as { msg: string }).msg).toBe(BADGE_MSG.AWARD_NOT_FOUND);
    expect((await download(awardId, admin)).statusCode).toBe(403);
  });

  it('the public verification page: valid, the badge as signed, the holder masked', async () => {
    const res = await verify(publicId);
    expect(res.body.data).toMatchObject({ status: 'valid', holder_name: '李*花', public_id: publicId, revoked_at: null });
    expect(res.body.data!.badge!.name).toBe('探索者');
    const posted = await call<BadgeVerification>(t.app, 'POST', '/api/badges/verify', { body: { credential: jwt } });
    expect(posted.body.data!.status).toBe('valid');
    const file = (await download(awardId, alice.token)).body;
    expect((await call<BadgeVerification>(t.app, 'POST', '/api/badges/verify', { body: { credential: file } })).body.data!.status).toBe('valid');
  });

  it('a tampered credential fails: changed content, or re-signed by another key that names itself in the header', async () => {
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const claims = decodeJwt(jwt);
    const forged = { ...claims, name: '伪造徽章' };
    const tampered = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    const res = await call<BadgeVerification>(t.app, 'POST', '/api/badges/verify', { body: { credential: tampered } });
    expect(res.body.data!.status).toBe('invalid');
    expect(res.body.data!.problem).toContain('签名无效');
    expect(p).not.toBe(Buffer.from(JSON.stringify(forged)).toString('base64url'));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const resigned = await new SignJWT(forged).setProtectedHeader({ alg: 'RS256', typ: 'JWT', jwk: { kty: 'RSA', n: jwk.n!, e: jwk.e! } }).sign(privateKey);
    expect((await call<BadgeVerification>(t.app, 'POST', '/api/badges/verify', { body: { credential: resigned } })).body.data!.status).toBe('invalid');
    const garbage = await call(t.app, 'POST', '/api/badges/verify', { body: { credential: 'not a credential' } });
    expect(garbage.body).toMatchObject({ status: 4003, msg: BADGE_MSG.CREDENTIAL_MALFORMED });
    expect((await verify('00000000-0000-4000-8000-000000000000')).http).toBe(404);
    expect((await verify('not-a-uuid')).body.status).toBe(4003);
  });

  it('the verification address is a capability: never written to the log', () => {
    expect(redactUrl(`/api/badges/verify/${publicId}`)).not.toContain(publicId);
    expect(redactUrl(`/badges/verify/${publicId}`)).not.toContain(publicId);
  });

  it('staff revoke it with a reason (audited): verification says revoked, the revocation list names it, a second revoke is refused', async () => {
    expect((await call(t.app, 'POST', `/api/admin/badge-awards/${awardId}/revoke`, { token: admin, body: { reason: '' } })).body.msg).toBe(BADGE_MSG.REASON);
    const res = await call<AdminBadgeAward>(t.app, 'POST', `/api/admin/badge-awards/${awardId}/revoke`, { token: admin, body: { reason: '提交被认定为抄袭' } });
    expect(res.body.data!.revoke_reason).toBe('提交被认定为抄袭');
    const v = (await verify(publicId)).body.data!;
    expect(v.status).toBe('revoked');
    expect(v.revoked_at).not.toBeNull();
    expect((await call<BadgeVerification>(t.app, 'POST', '/api/badges/verify', { body: { credential: jwt } })).body.data!.status).toBe('revoked');
    const list = (await t.app.inject({ method: 'GET', url: '/api/badges/revocations' })).json() as { type: string; revokedCredentials: Array<{ id: string }> };
    expect(list.type).toBe('1EdTechRevocationList');
    expect(list.revokedCredentials.map((c) => c.id)).toContain(`urn:uuid:${publicId}`);
    expect((await call(t.app, 'POST', `/api/admin/badge-awards/${awardId}/revoke`, { token: admin, body: { reason: '再次' } })).body.msg).toBe(BADGE_MSG.ALREADY_REVOKED);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'badge_award.revoke'), eq(auditLog.entityId, String(awardId))));
    expect(audit!.actorId).toBe(adminId);
    const my = await mine(alice.token);
    expect(my.awards.find((a) => a.id === awardId)!.revoke_reason).toBe('提交被认定为抄袭');
    const notices = await t.db.select().from(studentNotices).where(eq(studentNotices.studentId, alice.id));
    expect(notices.map((n) => n.body)).toContain('你的徽章「探索者」已被撤销。原因：提交被认定为抄袭');
  });

  it('the issuer profile, the achievement and the image are public', async () => {
    const profile = (await t.app.inject({ method: 'GET', url: '/api/badges/issuer' })).json() as { type: string[]; name: string };
    expect(profile.type).toEqual(['Profile']);
    expect(profile.name.length).toBeGreaterThan(0);
    const badges = (await call<AdminBadge[]>(t.app, 'GET', '/api/admin/badges', { token: admin })).body.data!;
    const b = badges.find((x) => x.name === '探索者')!;
    const img = await t.app.inject({ method: 'GET', url: `/api/badges/images/${b.id}.svg` });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('探');
    const draft = badges.find((x) => !x.published)!;
    expect((await t.app.inject({ method: 'GET', url: `/api/badges/images/${draft.id}.svg` })).statusCode).toBe(404);
  });
});

describe('honour roll', () => {
  it('staff publish honours (audited); students see only published ones, their own marked', async () => {
    const draft = await call<AdminHonour>(t.app, 'POST', '/api/admin/honours', { token: admin, body: { title: '最佳辩手', citation: '逻辑清晰', honouree_name: '王大明', account_id: bob.id, published: false } });
    expect(draft.body.data!.published_at).toBeNull();
    const pub = await call<AdminHonour>(t.app, 'POST', '/api/admin/honours', { token: admin, body: { title: '学术之星', citation: '<b>课程</b>表现卓越', honouree_name: '李小花', account_id: alice.id, published: true } });
    expect(pub.body.data!.published_at).not.toBeNull();
    const roll = (await call<Honour[]>(t.app, 'GET', '/api/student/honours', { token: alice.token })).body.data!;
    expect(roll.map((h) => h.title)).toEqual(['学术之星']);
    expect(roll[0]!.mine).toBe(true);
    expect((await call<Honour[]>(t.app, 'GET', '/api/student/honours', { token: bob.token })).body.data![0]!.mine).toBe(false);
    const published = await call<AdminHonour>(t.app, 'PUT', `/api/admin/honours/${draft.body.data!.id}`, { token: admin, body: { title: '最佳辩手', citation: '逻辑清晰', honouree_name: '王大明', account_id: bob.id, published: true } });
    expect(published.body.data!.published_at).not.toBeNull();
    expect((await call<Honour[]>(t.app, 'GET', '/api/student/honours', { token: bob.token })).body.data!).toHaveLength(2);
    const del = await call(t.app, 'DELETE', `/api/admin/honours/${draft.body.data!.id}`, { token: admin });
    expect(del.body.msg).toBe(BADGE_MSG.DELETED);
    expect((await call(t.app, 'DELETE', `/api/admin/honours/${draft.body.data!.id}`, { token: admin })).http).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entity, 'honour'))).map((a) => a.action).sort();
    expect(actions).toEqual(['honour.create', 'honour.create', 'honour.delete', 'honour.update']);
    expect((await call(t.app, 'POST', '/api/admin/honours', { token: admin, body: { title: '', citation: 'x', honouree_name: 'y', published: true } })).body.msg).toBe(BADGE_MSG.HONOUR_TITLE);
    expect((await call(t.app, 'GET', '/api/student/honours', { token: teacher })).http).toBe(403);
    expect(MSG.PARAM_INVALID).toBeTruthy();
  });
});

describe('attendance weeks', () => {
  it('weeks run Monday to Sunday in Beijing time; the job runs daily at 02:00 Beijing and is scheduled at start-up', async () => {
    // Sunday 23:30 Beijing belongs to the week that began the Monday before.
    expect(beijingWeekStart(new Date('2027-07-18T15:30:00Z')).toISOString()).toBe('2027-07-11T16:00:00.000Z');
    expect(beijingWeekStart(new Date('2027-07-18T16:30:00Z')).toISOString()).toBe('2027-07-18T16:00:00.000Z');
    expect(weekKey(new Date('2027-07-11T16:00:00.000Z'))).toBe('2027-07-12');
    expect(nextAttendanceRunAt(new Date('2027-07-12T17:00:00Z')).toISOString()).toBe('2027-07-12T18:00:00.000Z');
    expect(nextAttendanceRunAt(new Date('2027-07-12T18:00:00Z')).toISOString()).toBe('2027-07-13T18:00:00.000Z');
    const scheduled = await t.db.select().from(jobs).where(eq(jobs.kind, 'badges-attendance-week'));
    expect(scheduled.length).toBeGreaterThanOrEqual(1);
  });

  it('a student present or late at every sign-in of the week earns the week badge once; one absence, or an excuse, does not', async () => {
    const week = (await createBadge({ name: '一周全勤', criterion: 'attendance_week', emblem: '勤', colour: '#047857' })).body.data!.id;
    const start = new Date('2027-07-11T16:00:00.000Z');
    const at = (h: number) => new Date(start.getTime() + h * 3_600_000);
    const { course, meetings } = await courseWithMeetings(t.db, null, [at(26), at(50), at(7 * 24 + 26)]);
    const carol = await student('赵全勤');
    const dave = await student('钱缺勤');
    const erin = await student('孙请假');
    for (const s of [carol, dave, erin]) await enrol(t.db, s.id, course.id);
    const sessions = [];
    for (const m of meetings) {
      const [row] = await t.db.insert(checkinSessions).values({ meetingId: m.id, courseId: course.id, opensAt: m.startsAt, closesAt: new Date(m.startsAt.getTime() + 3_600_000), lateAfter: new Date(m.startsAt.getTime() + 600_000) }).returning();
      sessions.push(row!);
    }
    const mark = (sessionId: number, studentId: number, status: 'present' | 'late' | 'excused' | 'absent') =>
      t.db.insert(attendance).values({ sessionId, studentId, status, source: 'teacher', checkedAt: t.clock.now() });
    await mark(sessions[0]!.id, carol.id, 'present');
    await mark(sessions[1]!.id, carol.id, 'late');
    await mark(sessions[0]!.id, dave.id, 'present');
    await mark(sessions[0]!.id, erin.id, 'present');
    await mark(sessions[1]!.id, erin.id, 'excused');
    // The next week's sign-in (not attended by anyone) does not count for this week.
    expect(await evaluateAttendanceWeek(t, start, t.clock.now())).toBe(1);
    expect(await evaluateAttendanceWeek(t, start, t.clock.now())).toBe(0);
    const rows = await t.db.select().from(badgeAwards).where(eq(badgeAwards.badgeId, week));
    expect(rows.map((r) => [r.accountId, r.sourceKind, r.sourceId])).toEqual([[carol.id, 'attendance-week', '2027-07-12']]);
    // The following week: nobody attended its one sign-in.
    expect(await evaluateAttendanceWeek(t, new Date(start.getTime() + 7 * 86_400_000), t.clock.now())).toBe(0);
  });
});

describe('the issuer key', () => {
  it('BADGES_ISSUER_KEY is checked at start-up: an RSA key of at least 2048 bits in PEM, line breaks possibly escaped', () => {
    const base = { DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' };
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadEnv({ ...base, BADGES_ISSUER_KEY: pem }).BADGES_ISSUER_KEY).toBe(pem);
    expect(loadEnv({ ...base, BADGES_ISSUER_KEY: pem.replace(/\n/g, '\\n') }).BADGES_ISSUER_KEY).toBeTruthy();
    expect(() => loadEnv({ ...base, BADGES_ISSUER_KEY: 'not a key' })).toThrow(/BADGES_ISSUER_KEY/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadEnv({ ...base, BADGES_ISSUER_KEY: small })).toThrow(/BADGES_ISSUER_KEY/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadEnv({ ...base, BADGES_ISSUER_KEY: ec })).toThrow(/BADGES_ISSUER_KEY/);
  });

  it('the configured key signs; outside demo mode without one nothing is issued', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const key = await issuerKey({ db: t.db, now: t.clock.now, env: { ...t.env, BADGES_ISSUER_KEY: pem } });
    expect(key.publicJwk.n).toBe(createPublicKey(privateKey).export({ format: 'jwk' }).n);
    await expect(issuerKey({ db: t.db, now: t.clock.now, env: { ...t.env, DEMO_MODE: false, BADGES_ISSUER_KEY: undefined } })).rejects.toBeInstanceOf(IssuerKeyMissingError);
  });
});
