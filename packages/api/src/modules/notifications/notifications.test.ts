import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ParentLink, PaymentOrder, ReleaseResult } from '@summit/domain';
import { accounts, smsOutbox, studentProfiles } from '../../db/schema.ts';
import { applications } from '../../db/schema-admission.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { OutboxSmsProvider } from '../../providers/sms/outbox-sms.provider.ts';
import { SmsDeliveryError, type NotificationSms, type SmsSendResult } from '../../providers/sms/sms-provider.ts';
import { buildSandboxNotification, signSandboxNotification, SANDBOX_SIGNATURE_HEADER } from '../../providers/payment/sandbox.provider.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';
import { payingStudent, pressSandbox } from '../payments/payment-test-kit.ts';
import { enqueueNotification } from './notifications.repo.ts';
import { settleNotifications, sweepNotifications } from './notifications.service.ts';

/** The demo outbox, with a switch that makes result notifications fail like a provider outage. */
class SwitchableSms extends OutboxSmsProvider {
  failing = false;
  readonly sentTo: string[] = [];
  override async sendNotification(message: NotificationSms): Promise<SmsSendResult> {
    this.sentTo.push(message.phone);
    if (this.failing) throw new SmsDeliveryError('provider down', 'isv.OUT_OF_SERVICE');
    return super.sendNotification(message);
  }
}

const sms = new SwitchableSms();
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ sms });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

interface OutboxItem {
  phone: string;
  content: string;
}
/** What the student's phone received apart from verification codes (the public demo outbox endpoint). */
async function resultSms(phone: string): Promise<string[]> {
  await settleNotifications(t.app.ctx);
  const res = await call<OutboxItem[]>(t.app, 'GET', `/api/dev/outbox?phone=${phone}`);
  return res.body.data!.map((m) => m.content).filter((c) => !c.includes('验证码'));
}
const phoneOf = async (accountId: number) => (await t.db.select({ phone: accounts.phone }).from(accounts).where(eq(accounts.id, accountId)))[0]!.phone;
const rowsOf = async (phone: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).filter((r) => r.kind !== null);

async function submittedApplicant(name: string) {
  const { token, phone } = await registerStudent(t.app);
  const id = (await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token })).body.data!.user_id;
  await t.db.update(accounts).set({ name }).where(eq(accounts.id, id));
  const at = new Date();
  await t.db
    .update(studentProfiles)
    .set({ infoCompletedAt: at, step1SubmittedAt: at, applyPaidAt: at, step2SubmittedAt: at })
    .where(eq(studentProfiles.accountId, id));
  await t.db.insert(applications).values({ accountId: id, step1: { legal_name: name }, step2: {}, batch: 'RD' });
  return { id, token, phone };
}
const decide = (id: number, body: unknown) => call(t.app, 'PUT', `/api/admin/applications/${id}/decision`, { token: admin, body });
const release = (ids: number[]) => call<ReleaseResult>(t.app, 'POST', '/api/admin/applications/release', { token: admin, body: { user_ids: ids } });
const OFFER = { decision: 'offer', place_name: '第一期', professional_track: '理工科学', note: '' };

describe('decision released → one SMS', () => {
  it('each released student gets exactly one message, without the result in it; releasing again sends nothing more', async () => {
    const a = await submittedApplicant('王小红');
    const b = await submittedApplicant('李明');
    expect((await decide(a.id, OFFER)).body.status).toBe(200);
    expect((await decide(b.id, { decision: 'reject', note: '' })).body.status).toBe(200);
    expect(await resultSms(a.phone)).toEqual([]);

    expect((await release([a.id, b.id])).body.data).toMatchObject({ released: 2 });
    expect(await resultSms(a.phone)).toEqual(['【Summit】王小红同学，你的录取结果已公布，请登录网站查看。']);
    expect(await resultSms(b.phone)).toEqual(['【Summit】李明同学，你的录取结果已公布，请登录网站查看。']);

    // The admin's retried request (already released) changes nothing and sends nothing.
    expect((await release([a.id, b.id])).body.data).toMatchObject({ released: 0 });
    expect(await resultSms(a.phone)).toHaveLength(1);
    expect((await rowsOf(a.phone)).map((r) => r.status)).toEqual(['sent']);
  });

  it('a draft is not news: saving a decision sends nothing', async () => {
    const s = await submittedApplicant('赵一');
    expect((await decide(s.id, OFFER)).body.status).toBe(200);
    expect(await resultSms(s.phone)).toEqual([]);
  });
});

describe('tuition received → one SMS', () => {
  let secret: string;
  beforeAll(async () => {
    secret = await getSandboxSecret(t.app.ctx);
  });

  it('the student pays: one 缴费成功 message with the amount; re-delivered notifications add none', async () => {
    const s = await payingStudent(t, { offer: 1, name: '张小明' });
    const phone = await phoneOf(s.accountId);
    const order = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } })).body.data!;
    const body = JSON.stringify(buildSandboxNotification({ orderNo: order.id, result: 'paid', amountFen: order.amount_fen, currency: 'CNY', at: t.clock.now() }));
    const headers = { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(secret, body, t.clock.now()) };
    // The provider delivers the same notification three times at once, then again later.
    const replies = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers, payload: body })));
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/notify/sandbox', headers, payload: body })).statusCode).toBe(200);
    // And the reconciler's own query finds it paid.
    expect((await pressSandbox(t.app, order.id, 'confirm')).body.status).not.toBe(500);

    expect(await resultSms(phone)).toEqual(['【Summit】张小明同学，我们已收到你缴纳的学费16800.00元，缴费成功。请登录网站查看后续安排。']);
  });

  it('a parent pays through the link: the student is told the parent paid', async () => {
    const s = await payingStudent(t, { offer: 1, name: '陈小华' });
    const phone = await phoneOf(s.accountId);
    const link = (await call<ParentLink>(t.app, 'POST', '/api/student/payment/parent-link', { token: s.token, body: { purpose: 'tuition' } })).body.data!;
    const order = (await call<PaymentOrder>(t.app, 'POST', `/api/guest/payment/pay-for/${link.token}`, { body: { provider: 'WX', channel: 'wechat_wap' } })).body.data!;
    expect((await pressSandbox(t.app, order.id, 'confirm')).body.status).toBe(200);
    expect((await pressSandbox(t.app, order.id, 'confirm')).body.status).not.toBe(500);
    expect(await resultSms(phone)).toEqual(['【Summit】陈小华同学，你的家长已通过代付链接为你缴纳学费16800.00元，缴费成功。请登录网站查看后续安排。']);
  });

  it('the application fee sends no result SMS (no page promises one)', async () => {
    const s = await payingStudent(t, { name: '周一' });
    const phone = await phoneOf(s.accountId);
    const order = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' } })).body.data!;
    expect((await pressSandbox(t.app, order.id, 'confirm')).body.status).toBe(200);
    expect(await resultSms(phone)).toEqual([]);
  });
});

describe('a failing SMS provider', () => {
  it('never fails the payment; the message is kept and sent once by a later sweep', async () => {
    const s = await payingStudent(t, { offer: 1, name: '孙小美' });
    const phone = await phoneOf(s.accountId);
    const order = (await call<PaymentOrder>(t.app, 'POST', '/api/student/payment', { token: s.token, body: { purpose: 'tuition', provider: 'WX', channel: 'wechat_scan' } })).body.data!;
    sms.failing = true;
    try {
      expect((await pressSandbox(t.app, order.id, 'confirm')).body.status).toBe(200);
      expect((await call<{ is_tuition_paid: boolean }>(t.app, 'GET', '/api/student/status', { token: s.token })).body.data!.is_tuition_paid).toBe(true);
      await settleNotifications(t.app.ctx);
      expect(await rowsOf(phone)).toMatchObject([{ status: 'failed', attempts: 1, error: 'provider down' }]);
      // Too early for a retry.
      await sweepNotifications(t.app.ctx, t.app.log);
      expect((await rowsOf(phone))[0]!.attempts).toBe(1);
    } finally {
      sms.failing = false;
    }
    t.clock.advance(61_000);
    await sweepNotifications(t.app.ctx, t.app.log);
    await sweepNotifications(t.app.ctx, t.app.log);
    expect(await rowsOf(phone)).toMatchObject([{ status: 'sent', attempts: 2, error: null }]);
    expect(await resultSms(phone)).toHaveLength(1);
  });

  it('never fails the release either', async () => {
    const a = await submittedApplicant('吴小强');
    await decide(a.id, OFFER);
    sms.failing = true;
    try {
      expect((await release([a.id])).body).toMatchObject({ status: 200, data: { released: 1 } });
      await settleNotifications(t.app.ctx);
    } finally {
      sms.failing = false;
    }
    expect((await rowsOf(a.phone)).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('the outbox row lives and dies with its event', () => {
  it('a rolled-back event leaves no message; a second write of one event key is a no-op', async () => {
    const s = await payingStudent(t, { name: '郑一' });
    const phone = await phoneOf(s.accountId);
    const now = t.clock.now();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueNotification(tx, { eventKey: `test:${s.accountId}`, kind: 'tuition_paid', accountId: s.accountId, params: { amount: '1.00' }, now });
        throw new Error('the request failed after the write');
      }),
    ).rejects.toThrow('the request failed');
    expect(await rowsOf(phone)).toEqual([]);

    const first = await enqueueNotification(t.db, { eventKey: `test:${s.accountId}`, kind: 'tuition_paid', accountId: s.accountId, params: { amount: '1.00' }, now });
    const again = await enqueueNotification(t.db, { eventKey: `test:${s.accountId}`, kind: 'tuition_paid', accountId: s.accountId, params: { amount: '1.00' }, now });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await rowsOf(phone)).toHaveLength(1);
  });

  it('a message left pending by a crash between commit and send is sent by the sweep, once, even by two sweepers', async () => {
    const s = await payingStudent(t, { name: '钱二' });
    const phone = await phoneOf(s.accountId);
    await enqueueNotification(t.db, { eventKey: `crash:${s.accountId}`, kind: 'decision_released', accountId: s.accountId, now: t.clock.now() });
    await sweepNotifications(t.app.ctx, t.app.log);
    expect((await rowsOf(phone))[0]!.status).toBe('pending');
    t.clock.advance(31_000);
    await Promise.all([sweepNotifications(t.app.ctx, t.app.log), sweepNotifications(t.app.ctx, t.app.log)]);
    expect(sms.sentTo.filter((p) => p === phone)).toHaveLength(1);
    expect(await rowsOf(phone)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });
});
