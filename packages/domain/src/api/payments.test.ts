import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  feeSettingsUpdateRequestSchema,
  orderNoSchema,
  parentLinkRequestSchema,
  payForRequestSchema,
  payInstructionSchema,
  payLinkTokenSchema,
  paymentCreateRequestSchema,
  paymentOrderSchema,
} from './payments.ts';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => r.error?.issues[0];

describe('POST /api/student/payment body', () => {
  it('accepts a purpose, a docs/product/constants.md provider and channel', () => {
    expect(paymentCreateRequestSchema.parse({ purpose: 'apply_fee', provider: 'WX', channel: 'wechat_scan' })).toEqual({
      purpose: 'apply_fee',
      provider: 'WX',
      channel: 'wechat_scan',
    });
  });

  it.each([
    [{ purpose: 'donation', provider: 'WX', channel: 'scan' }, 'purpose', MSG.PAY_PURPOSE_REQUIRED],
    [{ purpose: 'tuition', provider: 'PAYPAL', channel: 'scan' }, 'provider', MSG.PAY_PROVIDER_REQUIRED],
    [{ purpose: 'tuition', provider: 'AL', channel: 'bank' }, 'channel', MSG.PAY_PROVIDER_REQUIRED],
    [{ provider: 'AL', channel: 'scan' }, 'purpose', MSG.PAY_PURPOSE_REQUIRED],
  ])('refuses %j on the field with a Chinese message', (body, field, msg) => {
    const issue = firstMessage(paymentCreateRequestSchema.safeParse(body));
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toBe(msg);
  });

  it('parent links are for tuition only; guests choose provider and channel', () => {
    expect(parentLinkRequestSchema.safeParse({ purpose: 'tuition' }).success).toBe(true);
    expect(parentLinkRequestSchema.safeParse({ purpose: 'apply_fee' }).success).toBe(false);
    expect(payForRequestSchema.safeParse({ provider: 'AL', channel: 'alipay_wap' }).success).toBe(true);
    expect(payForRequestSchema.safeParse({ provider: 'AL' }).success).toBe(false);
  });
});

describe('identifiers in paths', () => {
  it('order numbers are 8–32 letters and digits', () => {
    expect(orderNoSchema.safeParse('SM20260501a1b2c3d4e5f6a7b8c9d0').success).toBe(true);
    for (const bad of ['1', 'short', "SM2026' or 1=1", 'x'.repeat(33), 'SM-2026-0501-abcdef']) expect(orderNoSchema.safeParse(bad).success).toBe(false);
  });

  it('parent-pay tokens are 43 base64url characters', () => {
    expect(payLinkTokenSchema.safeParse('a'.repeat(42) + '_').success).toBe(true);
    expect(payLinkTokenSchema.safeParse('a'.repeat(42)).success).toBe(false);
    expect(payLinkTokenSchema.safeParse('a'.repeat(42) + '/').success).toBe(false);
  });
});

describe('answers', () => {
  it('a pay instruction is a QR code or a page, never both', () => {
    expect(payInstructionSchema.parse({ kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc' })).toEqual({ kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
    expect(payInstructionSchema.safeParse({ kind: 'qr', url: 'https://x' }).success).toBe(false);
    expect(payInstructionSchema.safeParse({ kind: 'form', url: 'https://x' }).success).toBe(false);
    const stripe = { kind: 'stripe', client_secret: 'pi_1_secret_2', publishable_key: null, url: 'http://127.0.0.1:4242/confirm/pi_1' };
    expect(payInstructionSchema.parse(stripe)).toEqual(stripe);
    expect(payInstructionSchema.parse({ ...stripe, publishable_key: 'pk_live_1' }).kind).toBe('stripe');
    expect(payInstructionSchema.safeParse({ kind: 'stripe', url: 'https://x' }).success).toBe(false);
  });

  it('an order has integer fen in CNY', () => {
    const order = { id: 'SM2026050112345678', purpose: 'apply_fee', amount_fen: 50_000, currency: 'CNY', status: 'pending', expires_at: '2026-05-01T02:00:00.000Z', pay: { kind: 'redirect', url: '/pay/sandbox/x' } };
    expect(paymentOrderSchema.parse(order)).toEqual(order);
    expect(paymentOrderSchema.safeParse({ ...order, amount_fen: 500.5 }).success).toBe(false);
    expect(paymentOrderSchema.safeParse({ ...order, currency: 'USD' }).success).toBe(false);
  });
});

describe('fee settings', () => {
  it('accepts whole fen from 1 to ¥1,000,000', () => {
    expect(feeSettingsUpdateRequestSchema.safeParse({ apply_fen: 1, tuition_fen: 100_000_000 }).success).toBe(true);
    for (const bad of [0, -1, 1.5, 100_000_001, '50000']) {
      const issue = firstMessage(feeSettingsUpdateRequestSchema.safeParse({ apply_fen: bad, tuition_fen: 1_680_000 }));
      expect(issue?.path).toEqual(['apply_fen']);
      expect(issue?.message).toBe(MSG.FEE_INVALID);
    }
  });
});
