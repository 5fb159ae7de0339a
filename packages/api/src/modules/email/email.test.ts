import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema.ts';
import { mailOutbox } from '../../db/schema-email.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, registerStudent } from '../../test/flows.ts';
import { MailDeliveryError, type MailProvider } from '../../providers/mail/mail-provider.ts';

let t: TestApp;
// Delivery that can be switched to fail, to prove a failed send leaves no working link behind.
let failDelivery = false;
const flakyMail: MailProvider = {
  name: 'outbox',
  send: async () => {
    if (failDelivery) throw new MailDeliveryError('connection refused');
    return { provider: 'outbox', providerMessageId: null, keepsBody: true };
  },
};

beforeAll(async () => {
  t = await createTestApp({ mail: flakyMail });
});
afterAll(async () => {
  await t.close();
});

async function studentWithEmail(email: string | null) {
  const s = await registerStudent(t.app);
  const [account] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, s.phone));
  await t.db.update(accounts).set({ email }).where(eq(accounts.id, account!.id));
  return { ...s, accountId: account!.id };
}

async function setEmail(accountId: number, email: string) {
  await t.db.update(accounts).set({ email }).where(eq(accounts.id, accountId));
}

/** The link of the latest e-mail to this address, read back from the demo outbox as a person would. */
async function latestLink(to: string): Promise<string> {
  const res = await call<Array<{ text: string; subject: string }>>(t.app, 'GET', `/api/dev/mail-outbox?to=${encodeURIComponent(to)}`);
  expect(res.body.status).toBe(200);
  const text = res.body.data?.[0]?.text ?? '';
  const link = /https?:\/\/\S+\/api\/email\/validate\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in outbox for ${to}: ${text}`);
  return link;
}

async function open(link: string) {
  const url = new URL(link);
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  return { http: res.statusCode, location: res.headers.location, body: res.json() as { status: unknown; data?: { url?: string } } };
}

describe('e-mail verification', () => {
  it('sends a link that verifies the address once, then reads as verified', async () => {
    const s = await studentWithEmail('Ming.Li@Example.com');
    const before = await call<{ verified: boolean; email: string }>(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(before.body.data).toMatchObject({ email: 'Ming.Li@Example.com', verified: false, last_sent_at: null, resend_in: 0 });

    const sent = await call<{ resend_in: number; last_sent_at: string }>(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    expect(sent.body).toMatchObject({ status: 200, msg: '验证邮件已发送，请查收邮箱', data: { verified: false, resend_in: 60 } });

    const link = await latestLink('ming.li@example.com');
    const first = await open(link);
    expect(first.http).toBe(302);
    expect(first.location).toBe('/email/validate-success');
    expect(first.body).toMatchObject({ status: 302, data: { url: '/email/validate-success' } });

    const after = await call<{ verified: boolean; verified_at: string | null }>(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(after.body.data).toMatchObject({ verified: true });
    expect(after.body.data!.verified_at).not.toBeNull();

    // Single use: the same link again fails, saying why.
    expect((await open(link)).location).toBe('/email/validate-fail?reason=used');
    // And a verified address needs no second e-mail.
    t.clock.advance(61_000);
    const again = await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    expect(again.body).toMatchObject({ status: 4001, msg: '邮箱已验证，无需重复发送' });
  });

  it('keeps only the token hash in the database', async () => {
    const s = await studentWithEmail('hash.check@example.com');
    await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    const link = await latestLink('hash.check@example.com');
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { emailVerifications } = await import('../../db/schema-email.ts');
    const rows = await t.db.select().from(emailVerifications).where(eq(emailVerifications.accountId, s.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an expired link, an older link once a newer one is sent, and a link for a changed address', async () => {
    const s = await studentWithEmail('expiry@example.com');
    await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    const old = await latestLink('expiry@example.com');
    t.clock.advance(61_000);
    await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    const newer = await latestLink('expiry@example.com');
    expect(newer).not.toBe(old);
    expect((await open(old)).location).toBe('/email/validate-fail?reason=superseded');

    t.clock.advance(24 * 3600_000 + 1000);
    expect((await open(newer)).location).toBe('/email/validate-fail?reason=expired');

    t.clock.advance(61_000);
    await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    const third = await latestLink('expiry@example.com');
    await setEmail(s.accountId, 'someone.else@example.com');
    expect((await open(third)).location).toBe('/email/validate-fail?reason=changed');
    const status = await call<{ verified: boolean }>(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(status.body.data!.verified).toBe(false);
  });

  it('answers a missing, malformed or unknown token with the fail page, never a 500', async () => {
    for (const query of ['', '?token=', '?token=abc', `?token=${'A'.repeat(43)}`, '?token=%00%ff', `?token=${'x'.repeat(190)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/email/validate${query}` });
      expect([query, res.statusCode, res.headers.location]).toEqual([query, 302, '/email/validate-fail?reason=invalid']);
    }
  });

  it('a verified address stops counting as verified when the student changes it', async () => {
    const s = await studentWithEmail('first@example.com');
    await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    expect((await open(await latestLink('first@example.com'))).location).toBe('/email/validate-success');
    await setEmail(s.accountId, 'second@example.com');
    const status = await call<{ verified: boolean; email: string }>(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(status.body.data).toMatchObject({ email: 'second@example.com', verified: false });
  });

  it('rate-limits sends: one a minute, five a day', async () => {
    const s = await studentWithEmail('limits@example.com');
    const send = () => call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    expect((await send()).body.status).toBe(200);
    const soon = await send();
    expect(soon.http).toBe(429);
    expect(soon.body).toMatchObject({ status: 4001, msg: '验证邮件刚刚发送，请稍后再试' });
    const status = await call<{ resend_in: number }>(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(status.body.data!.resend_in).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await send()).body.status).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await send();
    expect(sixth.body).toMatchObject({ status: 4001, msg: '今日验证邮件发送次数已达上限，请明天再试' });
    t.clock.advance(24 * 3600_000);
    expect((await send()).body.status).toBe(200);
  });

  it('concurrent sends cannot both pass the interval', async () => {
    const s = await studentWithEmail('race@example.com');
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} })));
    expect(results.filter((r) => r.body.status === 200)).toHaveLength(1);
  });

  it('without an address on file, says to fill it in', async () => {
    const s = await studentWithEmail(null);
    const res = await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
    expect(res.body).toMatchObject({ status: 4001, msg: '请先在个人信息中填写邮箱' });
    const status = await call(t.app, 'GET', '/api/student/email/status', { token: s.token });
    expect(status.body.data).toEqual({ email: null, verified: false, verified_at: null, last_sent_at: null, resend_in: 0 });
  });

  it('a failed delivery is reported, recorded, and leaves no working link', async () => {
    const s = await studentWithEmail('down@example.com');
    failDelivery = true;
    try {
      const res = await call(t.app, 'POST', '/api/student/email/verify/send', { token: s.token, body: {} });
      expect(res.body).toMatchObject({ status: 4001, msg: '验证邮件发送失败，请稍后再试' });
    } finally {
      failDelivery = false;
    }
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'down@example.com'));
    expect(rows).toMatchObject([{ status: 'failed', error: expect.stringContaining('connection refused') }]);
    const { emailVerifications } = await import('../../db/schema-email.ts');
    const links = await t.db.select().from(emailVerifications).where(eq(emailVerifications.accountId, s.accountId));
    expect(links[0]!.supersededAt).not.toBeNull();
  });

  it('only students may ask; other roles and visitors are refused', async () => {
    const anon = await call(t.app, 'POST', '/api/student/email/verify/send', { body: {} });
    expect(anon.http).toBe(401);
  });
});
