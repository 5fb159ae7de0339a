/** Two-factor sign-in for staff (decision 036), against the real database through app.inject. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MFA_LIMITS, MFA_MSG, MSG } from '@summit/domain';
import { accounts, auditLog } from '../../db/schema.ts';
import { accountMfa, mfaRecoveryCodes } from '../../db/schema-security-mfa.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, newPhone, registerStudent, TEST_PASSWORD } from '../../test/flows.ts';
import { hashPassword } from '../../lib/password.ts';
import { loadEnv } from '../../env.ts';

const MINUTE = 60_000;

interface Staff {
  id: number;
  phone: string;
}

async function createAccount(t: TestApp, opts: { role?: 'teacher' | 'school'; teacherType?: number | null; isAdmin?: boolean } = {}): Promise<Staff> {
  const phone = newPhone();
  const role = opts.role ?? 'teacher';
  const [row] = await t.db
    .insert(accounts)
    .values({
      role,
      phone,
      name: '测试员工',
      passwordHash: await hashPassword(TEST_PASSWORD, 8192),
      isAdmin: opts.isAdmin ?? false,
      teacherType: role === 'teacher' ? (opts.teacherType ?? (opts.isAdmin ? 9 : 1)) : null,
    })
    .returning({ id: accounts.id });
  return { id: row!.id, phone };
}

type LoginData = { token?: string; mfa_required?: boolean; mfa_enrol_required?: boolean; challenge?: string; is_admin?: boolean };

function login(t: TestApp, phone: string) {
  return call<LoginData>(t.app, 'POST', '/api/login', { body: { phone_code: '86', phone, password: TEST_PASSWORD } });
}

function codeAt(secret: string, t: TestApp, offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: t.clock.now().getTime() + offsetMs });
}

/** Moves the test clock to the start of the next 30 s step, so a new code exists. */
function nextStep(t: TestApp) {
  const now = t.clock.now().getTime();
  t.clock.set(new Date((Math.floor(now / 30_000) + 1) * 30_000 + 1_000));
}

async function enrolWithToken(t: TestApp, token: string): Promise<{ secret: string; recovery: string[] }> {
  const begin = await call<{ secret: string; otpauth_uri: string; qr_data_url: string }>(t.app, 'POST', '/api/auth/mfa/enrol', { token });
  expect(begin.body.status).toBe(200);
  const secret = begin.body.data!.secret;
  const confirm = await call<{ recovery_codes: string[]; sessions_ended: number }>(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token, body: { code: codeAt(secret, t) } });
  expect(confirm.body).toMatchObject({ status: 200, msg: confirm.body.data?.sessions_ended ? MFA_MSG.ENABLED_OTHERS_ENDED : MFA_MSG.ENABLED_OK });
  return { secret, recovery: confirm.body.data!.recovery_codes };
}

async function auditRows(t: TestApp, action: string, accountId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, 'account_mfa'), eq(auditLog.entityId, String(accountId))))
    .orderBy(auditLog.id);
}

describe('DATA_ENCRYPTION_KEY', () => {
  it('must be 32 bytes in base64 when set', () => {
    expect(() => loadEnv({}, { DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadEnv({}, { DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(loadEnv({}, { DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).DATA_ENCRYPTION_KEY).toBeTruthy();
  });
});

describe('demo mode: offered, not required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an administrator without a factor signs in with the password alone, and is offered enrolment', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const res = await login(t, admin.phone);
    expect(res.body.status).toBe(200);
    expect(res.body.data?.token).toBeTruthy();
    expect(res.body.data?.mfa_required).toBeUndefined();
    const status = await call(t.app, 'GET', '/api/auth/mfa/status', { token: res.body.data!.token! });
    expect(status.body.data).toMatchObject({ allowed: true, enabled: false, required: false });
  });

  it('enrols: QR and otpauth URI, a wrong code is refused, a right one returns 10 recovery codes, audited', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const token = (await login(t, admin.phone)).body.data!.token!;
    const begin = await call<{ secret: string; otpauth_uri: string; qr_data_url: string }>(t.app, 'POST', '/api/auth/mfa/enrol', { token });
    expect(begin.body.data!.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Summit:\d+\?/);
    expect(begin.body.data!.otpauth_uri).toContain(`secret=${begin.body.data!.secret}`);
    expect(begin.body.data!.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const secret = begin.body.data!.secret;
    const good = codeAt(secret, t);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token, body: { code: wrong } });
    expect(refused.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_WRONG, data: { field: 'code' } });
    const bad = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token, body: { code: '12ab' } });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'code' } });
    const ok = await call<{ recovery_codes: string[] }>(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token, body: { code: good } });
    expect(ok.body.status).toBe(200);
    expect(ok.body.data!.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.data!.recovery_codes).size).toBe(10);
    for (const c of ok.body.data!.recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await auditRows(t, 'mfa.enrol', admin.id)).toHaveLength(1);
    const status = await call(t.app, 'GET', '/api/auth/mfa/status', { token });
    expect(status.body.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const again = await call(t.app, 'POST', '/api/auth/mfa/enrol', { token });
    expect(again.body).toMatchObject({ status: 4001, msg: MFA_MSG.ALREADY_ENABLED });
  });

  it('turning two-factor on ends the account\'s other sessions (401 at once, cached or not); this one keeps working', async () => {
    const teacher = await createAccount(t, { teacherType: 1 });
    const other = await createAccount(t, { teacherType: 1 });
    const here = (await login(t, teacher.phone)).body.data!.token!;
    const phone = (await login(t, teacher.phone)).body.data!.token!;
    const laptop = (await login(t, teacher.phone)).body.data!.token!;
    const someoneElse = (await login(t, other.phone)).body.data!.token!;
    // The phone's token is resolved and sits in the token cache; the laptop's is not.
    expect((await call(t.app, 'GET', '/api/auth/info', { token: phone })).body.status).toBe(200);

    const begin = await call<{ secret: string }>(t.app, 'POST', '/api/auth/mfa/enrol', { token: here });
    const confirm = await call<{ recovery_codes: string[]; sessions_ended: number }>(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token: here, body: { code: codeAt(begin.body.data!.secret, t) } });
    expect(confirm.body).toMatchObject({ status: 200, msg: MFA_MSG.ENABLED_OTHERS_ENDED, data: { sessions_ended: 2 } });
    expect(confirm.body.msg).toBe('已开启两步验证，其他设备已退出登录');

    for (const token of [phone, laptop]) {
      const refused = await call(t.app, 'GET', '/api/auth/info', { token });
      expect([refused.http, refused.body]).toEqual([401, { status: 401, msg: MSG.LOGIN_REQUIRED }]);
    }
    expect((await call(t.app, 'GET', '/api/auth/info', { token: here })).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/mfa/status', { token: here })).body.data).toMatchObject({ enabled: true });
    // Another account's session is untouched.
    expect((await call(t.app, 'GET', '/api/auth/info', { token: someoneElse })).body.status).toBe(200);
    const [audit] = await auditRows(t, 'mfa.enrol', teacher.id);
    expect(audit!.after).toMatchObject({ via: 'account', sessions_ended: 2 });

    // With no other session the answer says only that it is on.
    const alone = await createAccount(t, { teacherType: 1 });
    const only = (await login(t, alone.phone)).body.data!.token!;
    const alone2fa = await call<{ secret: string }>(t.app, 'POST', '/api/auth/mfa/enrol', { token: only });
    const quiet = await call(t.app, 'POST', '/api/auth/mfa/enrol/confirm', { token: only, body: { code: codeAt(alone2fa.body.data!.secret, t) } });
    expect(quiet.body).toMatchObject({ status: 200, msg: MFA_MSG.ENABLED_OK, data: { sessions_ended: 0 } });
  });

  it('stores the secret encrypted and the recovery codes hashed, never in clear', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const token = (await login(t, admin.phone)).body.data!.token!;
    const { secret, recovery } = await enrolWithToken(t, token);
    const [row] = await t.db.select().from(accountMfa).where(eq(accountMfa.accountId, admin.id));
    expect(row!.secretEnc).toBeTruthy();
    expect(row!.secretEnc).not.toContain(secret);
    expect(row!.secretEnc).toMatch(/^v1\./);
    expect(Buffer.from(row!.secretEnc!.split('.')[3]!, 'base64url').toString('utf8')).not.toContain(secret);
    expect(row!.pendingSecretEnc).toBeNull();
    const codes = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.accountId, admin.id));
    expect(codes).toHaveLength(10);
    const stored = codes.map((c) => c.codeHash).join(' ');
    for (const c of recovery) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace('-', ''));
    }
    // A ciphertext moved to another account's row does not decrypt there (bound to its account).
    const other = await createAccount(t, { isAdmin: true });
    await t.db.insert(accountMfa).values({ accountId: other.id, secretEnc: row!.secretEnc, enabledAt: new Date() });
    const challenge = (await login(t, other.phone)).body.data!.challenge!;
    nextStep(t);
    const res = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: codeAt(secret, t) } });
    expect(res.body).toMatchObject({ status: 4001, msg: MFA_MSG.UNREADABLE });
  });

  it('after enrolment the password answers a challenge and no token; the code finishes the sign-in', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const { secret } = await enrolWithToken(t, (await login(t, admin.phone)).body.data!.token!);
    nextStep(t);
    const first = await login(t, admin.phone);
    expect(first.body.status).toBe(200);
    expect(first.body.data).toMatchObject({ mfa_required: true, mfa_enrol_required: false, is_admin: true });
    expect(first.body.data!.token).toBeUndefined();
    const challenge = first.body.data!.challenge!;
    const done = await call<{ token: string; type: string }>(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: codeAt(secret, t) } });
    expect(done.body).toMatchObject({ status: 200, data: { type: 'TEACHER' } });
    const info = await call(t.app, 'GET', '/api/auth/info', { token: done.body.data!.token });
    expect(info.body).toMatchObject({ status: 200, data: { user_id: admin.id, is_admin: true } });
    expect(await auditRows(t, 'mfa.verify', admin.id)).toHaveLength(1);
    // The challenge is single use.
    const reuse = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: codeAt(secret, t, 30_000) } });
    expect(reuse.body).toMatchObject({ status: 4001, msg: MFA_MSG.CHALLENGE_EXPIRED });
  });

  it('refuses a replay of the same code, and of an earlier step, within its window', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const { secret } = await enrolWithToken(t, (await login(t, admin.phone)).body.data!.token!);
    nextStep(t);
    const code = codeAt(secret, t);
    const earlier = codeAt(secret, t, -30_000);
    const a = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code } });
    expect(a.body.status).toBe(200);
    const b = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code } });
    expect(b.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_REPLAYED });
    const c = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code: earlier } });
    expect(c.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_REPLAYED });
    // A right code sent again is no guess: however often (a double submit), it never locks the owner out.
    for (let i = 0; i < MFA_LIMITS.maxFailures; i++) {
      const again = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code } });
      expect(again.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_REPLAYED });
    }
    nextStep(t);
    const d = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code: codeAt(secret, t) } });
    expect(d.body.status).toBe(200);
  });

  it('a challenge expires after 5 minutes', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const { secret } = await enrolWithToken(t, (await login(t, admin.phone)).body.data!.token!);
    const challenge = (await login(t, admin.phone)).body.data!.challenge!;
    t.clock.advance(5 * MINUTE + 1_000);
    const res = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: codeAt(secret, t) } });
    expect(res.body).toMatchObject({ status: 4001, msg: MFA_MSG.CHALLENGE_EXPIRED });
  });

  it('a recovery code signs in once, audited; the second use is refused', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const { recovery } = await enrolWithToken(t, (await login(t, admin.phone)).body.data!.token!);
    const code = recovery[3]!.toUpperCase().replace('-', ' ');
    const ok = await call<{ token: string }>(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code } });
    expect(ok.body.status).toBe(200);
    expect(ok.body.data!.token).toBeTruthy();
    const audits = await auditRows(t, 'mfa.recovery.use', admin.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ for: 'login', codes_left: 9 });
    const again = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code: recovery[3] } });
    expect(again.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_WRONG });
    const status = await call(t.app, 'GET', '/api/auth/mfa/status', { token: ok.body.data!.token });
    expect(status.body.data).toMatchObject({ recovery_codes_left: 9 });
  });

  it('locks for 15 minutes after 5 wrong codes, audited; even the right code waits', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const { secret } = await enrolWithToken(t, (await login(t, admin.phone)).body.data!.token!);
    nextStep(t);
    const challenge = (await login(t, admin.phone)).body.data!.challenge!;
    const right = codeAt(secret, t);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) {
      const res = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: wrong } });
      expect(res.body).toMatchObject({ status: 4003, msg: MFA_MSG.CODE_WRONG });
    }
    const fifth = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: wrong } });
    expect(fifth.http).toBe(429);
    expect(fifth.body).toMatchObject({ status: 4001, msg: MFA_MSG.LOCKED });
    expect(await auditRows(t, 'mfa.lockout', admin.id)).toHaveLength(1);
    const blocked = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: right } });
    expect(blocked.http).toBe(429);
    t.clock.advance(15 * MINUTE + 1_000);
    const later = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, admin.phone)).body.data!.challenge, code: codeAt(secret, t) } });
    expect(later.body.status).toBe(200);
  });

  it('an opt-in teacher can disable with a current code (audited); a school account may enrol; students may not', async () => {
    const teacher = await createAccount(t, { teacherType: 1 });
    const token = (await login(t, teacher.phone)).body.data!.token!;
    const { secret } = await enrolWithToken(t, token);
    nextStep(t);
    const wrong = await call(t.app, 'POST', '/api/auth/mfa/disable', { token, body: { code: String((Number(codeAt(secret, t)) + 1) % 1_000_000).padStart(6, '0') } });
    expect(wrong.body.status).toBe(4003);
    const off = await call(t.app, 'POST', '/api/auth/mfa/disable', { token, body: { code: codeAt(secret, t) } });
    expect(off.body).toMatchObject({ status: 200, msg: MFA_MSG.DISABLED_OK });
    expect(await auditRows(t, 'mfa.disable', teacher.id)).toHaveLength(1);
    expect((await login(t, teacher.phone)).body.data!.token).toBeTruthy();

    const school = await createAccount(t, { role: 'school' });
    const schoolToken = (await login(t, school.phone)).body.data!.token!;
    await enrolWithToken(t, schoolToken);
    expect((await login(t, school.phone)).body.data).toMatchObject({ mfa_required: true, type: 'SCHOOL' });

    const student = await registerStudent(t.app);
    const refused = await call(t.app, 'POST', '/api/auth/mfa/enrol', { token: student.token });
    expect(refused.http).toBe(403);
    const status = await call(t.app, 'GET', '/api/auth/mfa/status', { token: student.token });
    expect(status.body.data).toMatchObject({ allowed: false, enabled: false });
  });

  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const teacher = await createAccount(t, { teacherType: 2 });
    const token = (await login(t, teacher.phone)).body.data!.token!;
    const { secret, recovery } = await enrolWithToken(t, token);
    nextStep(t);
    const res = await call<{ recovery_codes: string[] }>(t.app, 'POST', '/api/auth/mfa/recovery-codes', { token, body: { code: codeAt(secret, t) } });
    expect(res.body).toMatchObject({ status: 200, msg: MFA_MSG.CODES_REGENERATED });
    expect(res.body.data!.recovery_codes).toHaveLength(10);
    expect(await auditRows(t, 'mfa.recovery.regenerate', teacher.id)).toHaveLength(1);
    const old = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, teacher.phone)).body.data!.challenge, code: recovery[0] } });
    expect(old.body.status).toBe(4003);
    const fresh = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge: (await login(t, teacher.phone)).body.data!.challenge, code: res.body.data!.recovery_codes[0] } });
    expect(fresh.body.status).toBe(200);
  });

  it('an administrator resets another staff member\'s factor: audited, their sessions end; others may not', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const adminToken = (await login(t, admin.phone)).body.data!.token!;
    const staff = await createAccount(t, { teacherType: 4 });
    const staffToken = (await login(t, staff.phone)).body.data!.token!;
    await enrolWithToken(t, staffToken);

    const list = await call<{ enforced: boolean; list: Array<{ id: number; enabled: boolean; required: boolean }> }>(t.app, 'GET', '/api/admin/staff/mfa', { token: adminToken });
    expect(list.body.data!.enforced).toBe(false);
    expect(list.body.data!.list.find((r) => r.id === staff.id)).toMatchObject({ enabled: true, required: true });

    const teacher = await createAccount(t, { teacherType: 1 });
    const teacherToken = (await login(t, teacher.phone)).body.data!.token!;
    const forbidden = await call(t.app, 'POST', `/api/admin/staff/${staff.id}/mfa/reset`, { token: teacherToken });
    expect(forbidden.http).toBe(403);

    const self = await call(t.app, 'POST', `/api/admin/staff/${admin.id}/mfa/reset`, { token: adminToken });
    expect(self.body.status).toBe(4001);
    const student = await registerStudent(t.app);
    const info = await call<{ user_id: number }>(t.app, 'GET', '/api/auth/info', { token: student.token });
    const notStaff = await call(t.app, 'POST', `/api/admin/staff/${info.body.data!.user_id}/mfa/reset`, { token: adminToken });
    expect(notStaff.http).toBe(404);

    const reset = await call(t.app, 'POST', `/api/admin/staff/${staff.id}/mfa/reset`, { token: adminToken });
    expect(reset.body).toMatchObject({ status: 200, msg: MFA_MSG.RESET_OK });
    const audits = await auditRows(t, 'mfa.admin_reset', staff.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(admin.id);
    expect((await t.db.select().from(accountMfa).where(eq(accountMfa.accountId, staff.id))).length).toBe(0);
    const gone = await call(t.app, 'GET', '/api/auth/info', { token: staffToken });
    expect(gone.body.status).toBe(401);
    // Demo mode: the member signs in with the password again.
    expect((await login(t, staff.phone)).body.data!.token).toBeTruthy();
  });

  it('the admin can switch enforcement on in the settings (audited); it then applies at the next sign-in', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const adminToken = (await login(t, admin.phone)).body.data!.token!;
    const before = await call(t.app, 'GET', '/api/admin/settings/security', { token: adminToken });
    expect(before.body.data).toEqual({ mfa_enforced: false, demo_mode: true });
    const bad = await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: 'yes' } });
    expect(bad.body).toMatchObject({ status: 4003, data: { field: 'mfa_enforced' } });
    const on = await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: true } });
    expect(on.body.data).toEqual({ mfa_enforced: true, demo_mode: true });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.security.update')).orderBy(auditLog.id);
    expect(audit.at(-1)).toMatchObject({ actorId: admin.id, before: { mfa_enforced: false }, after: { mfa_enforced: true } });
    const next = await login(t, admin.phone);
    expect(next.body.data).toMatchObject({ mfa_required: true, mfa_enrol_required: true });
    await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: false } });
    expect((await login(t, admin.phone)).body.data!.token).toBeTruthy();
  });

  it('switching enforcement on ends the live sessions of staff without a factor; enrolled staff and the acting admin keep theirs', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const adminToken = (await login(t, admin.phone)).body.data!.token!;
    const bare = await createAccount(t, { teacherType: 4 });
    const bareToken = (await login(t, bare.phone)).body.data!.token!;
    const enrolled = await createAccount(t, { teacherType: 4 });
    const enrolledToken = (await login(t, enrolled.phone)).body.data!.token!;
    await enrolWithToken(t, enrolledToken);
    const teacher = await createAccount(t, { teacherType: 1 });
    const teacherToken = (await login(t, teacher.phone)).body.data!.token!;

    expect((await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: true } })).body.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/info', { token: bareToken })).body.status).toBe(401);
    for (const token of [adminToken, enrolledToken, teacherToken]) expect((await call(t.app, 'GET', '/api/auth/info', { token })).body.status).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.security.update')).orderBy(auditLog.id);
    expect((audit.at(-1)!.after as { sessions_ended_for: number[] }).sessions_ended_for).toContain(bare.id);
    expect((audit.at(-1)!.after as { sessions_ended_for: number[] }).sessions_ended_for).not.toContain(enrolled.id);
    await call(t.app, 'PUT', '/api/admin/settings/security', { token: adminToken, body: { mfa_enforced: false } });
    expect((await login(t, admin.phone)).body.data!.token).toBeTruthy();
  });
});

describe('outside demo mode: enforced for administrators and staff', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_MODE: 'false', DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('an administrator without a factor gets no token: only the enrolment challenge, which then signs in', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const res = await login(t, admin.phone);
    expect(res.body.status).toBe(200);
    expect(res.body.data).toMatchObject({ mfa_required: true, mfa_enrol_required: true });
    expect(res.body.data!.token).toBeUndefined();
    const challenge = res.body.data!.challenge!;
    // The enrolment challenge is not a sign-in and not a bearer token.
    const asBearer = await call(t.app, 'GET', '/api/admin/settings/fees', { token: challenge });
    expect(asBearer.http).toBe(401);
    const asVerify = await call(t.app, 'POST', '/api/auth/mfa/verify', { body: { challenge, code: '123456' } });
    expect(asVerify.body).toMatchObject({ status: 4001, msg: MFA_MSG.CHALLENGE_EXPIRED });

    const setup = await call<{ secret: string; qr_data_url: string }>(t.app, 'POST', '/api/auth/mfa/setup', { body: { challenge } });
    expect(setup.body.status).toBe(200);
    const secret = setup.body.data!.secret;
    const done = await call<{ token: string; recovery_codes: string[]; is_admin: boolean }>(t.app, 'POST', '/api/auth/mfa/setup/confirm', { body: { challenge, code: codeAt(secret, t) } });
    expect(done.body).toMatchObject({ status: 200, data: { is_admin: true } });
    expect(done.body.data!.recovery_codes).toHaveLength(10);
    const console = await call(t.app, 'GET', '/api/admin/settings/fees', { token: done.body.data!.token });
    expect(console.body.status).toBe(200);
    expect(await auditRows(t, 'mfa.enrol', admin.id)).toHaveLength(1);

    // Enforced roles cannot switch it off.
    nextStep(t);
    const off = await call(t.app, 'POST', '/api/auth/mfa/disable', { token: done.body.data!.token, body: { code: codeAt(secret, t) } });
    expect(off.body).toMatchObject({ status: 4001, msg: MFA_MSG.ENFORCED_CANNOT_DISABLE });
    const status = await call(t.app, 'GET', '/api/auth/mfa/status', { token: done.body.data!.token });
    expect(status.body.data).toMatchObject({ enabled: true, required: true });
  });

  it('staff (type 4) must enrol too, also when signing in with an SMS code path; other teachers and schools only opt in', async () => {
    const staff = await createAccount(t, { teacherType: 4 });
    expect((await login(t, staff.phone)).body.data).toMatchObject({ mfa_required: true, mfa_enrol_required: true });
    const teacher = await createAccount(t, { teacherType: 1 });
    expect((await login(t, teacher.phone)).body.data!.token).toBeTruthy();
    const school = await createAccount(t, { role: 'school' });
    expect((await login(t, school.phone)).body.data!.token).toBeTruthy();
    const settings = await call(t.app, 'GET', '/api/admin/settings/security', {
      token: (await login(t, teacher.phone)).body.data!.token!,
    });
    expect(settings.http).toBe(403);
  });

  it('a verify challenge cannot be used to enrol a second authenticator', async () => {
    const admin = await createAccount(t, { isAdmin: true });
    const challenge = (await login(t, admin.phone)).body.data!.challenge!;
    const setup = await call<{ secret: string }>(t.app, 'POST', '/api/auth/mfa/setup', { body: { challenge } });
    const done = await call<{ token: string }>(t.app, 'POST', '/api/auth/mfa/setup/confirm', { body: { challenge, code: codeAt(setup.body.data!.secret, t) } });
    expect(done.body.status).toBe(200);
    const verifyChallenge = (await login(t, admin.phone)).body.data!;
    expect(verifyChallenge).toMatchObject({ mfa_required: true, mfa_enrol_required: false });
    const again = await call(t.app, 'POST', '/api/auth/mfa/setup', { body: { challenge: verifyChallenge.challenge } });
    expect(again.body).toMatchObject({ status: 4001, msg: MFA_MSG.CHALLENGE_EXPIRED });
  });
});
