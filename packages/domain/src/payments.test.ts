import { describe, expect, it } from 'vitest';
import { PAYMENT_CHANNELS, PAYMENT_PROVIDERS } from './constants.ts';
import {
  DEFAULT_FEES_FEN,
  PAYMENT_ORDER_STATUSES,
  amountAfterAidFen,
  channelsOf,
  fenToYuanString,
  formatFen,
  maskName,
  payKindOf,
  transitionOrder,
  yuanStringToFen,
  type PaymentEventKind,
} from './payments.ts';

describe('order state machine', () => {
  it('pending moves to paid or closed', () => {
    expect(transitionOrder('pending', 'paid')).toEqual({ ok: true, changed: true, next: 'paid' });
    expect(transitionOrder('pending', 'closed')).toEqual({ ok: true, changed: true, next: 'closed' });
  });

  it('paid moves only to refunded; a late close or a repeated paid changes nothing', () => {
    expect(transitionOrder('paid', 'refunded')).toEqual({ ok: true, changed: true, next: 'refunded' });
    expect(transitionOrder('paid', 'paid')).toEqual({ ok: true, changed: false, next: 'paid' });
    expect(transitionOrder('paid', 'closed')).toEqual({ ok: true, changed: false, next: 'paid' });
  });

  it('a paid event for a closed order still records the money, with a note', () => {
    expect(transitionOrder('closed', 'paid')).toEqual({ ok: true, changed: true, next: 'paid', note: 'paid_after_close' });
  });

  it('refunds need a paid order', () => {
    expect(transitionOrder('pending', 'refunded').ok).toBe(false);
    expect(transitionOrder('closed', 'refunded').ok).toBe(false);
    expect(transitionOrder('refunded', 'refunded')).toEqual({ ok: true, changed: false, next: 'refunded' });
  });

  it('never leaves refunded and never returns to pending', () => {
    const events: PaymentEventKind[] = ['paid', 'closed', 'refunded'];
    for (const status of PAYMENT_ORDER_STATUSES) {
      for (const event of events) {
        const t = transitionOrder(status, event);
        if (t.ok && t.changed) expect(t.next).not.toBe('pending');
        if (status === 'refunded') expect(t.next).toBe('refunded');
      }
    }
  });
});

describe('money', () => {
  it('formats fen as yuan for display', () => {
    expect(formatFen(DEFAULT_FEES_FEN.apply_fen)).toBe('¥500.00');
    expect(formatFen(DEFAULT_FEES_FEN.tuition_fen)).toBe('¥16,800.00');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(-250)).toBe('-¥2.50');
    expect(() => formatFen(1.5)).toThrow(RangeError);
  });

  it('converts to and from the decimal strings providers use, exactly', () => {
    expect(fenToYuanString(50_000)).toBe('500.00');
    expect(fenToYuanString(1_680_001)).toBe('16800.01');
    expect(fenToYuanString(7)).toBe('0.07');
    expect(yuanStringToFen('500.00')).toBe(50_000);
    expect(yuanStringToFen('0.1')).toBe(10);
    expect(yuanStringToFen('16800')).toBe(1_680_000);
    // 0.29 * 100 is 28.999999999999996 in floating point: the parser must not go through floats.
    expect(yuanStringToFen('0.29')).toBe(29);
    for (const bad of ['', '1.234', '-1.00', '1e3', 'abc', '1,000.00', '.5']) expect(yuanStringToFen(bad)).toBeNull();
    for (let fen = 0; fen < 1000; fen += 7) expect(yuanStringToFen(fenToYuanString(fen))).toBe(fen);
  });

  it('takes granted aid off the tuition but never below one fen', () => {
    expect(amountAfterAidFen(1_680_000, 0)).toBe(1_680_000);
    expect(amountAfterAidFen(1_680_000, 500_000)).toBe(1_180_000);
    expect(amountAfterAidFen(1_680_000, 9_999_999)).toBe(1);
    expect(amountAfterAidFen(1_680_000, -5)).toBe(1_680_000);
  });
});

describe('maskName', () => {
  it.each([
    ['张小明', '张*明'],
    ['张三', '张*'],
    ['欧阳小明', '欧**明'],
    ['王', '*'],
    ['  李雷 ', '李*'],
    ['𠮷野家', '𠮷*家'],
    ['John Smith', 'J********h'],
    ['', ''],
  ])('%j → %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

describe('provider and channel pairs', () => {
  it('WeChat Pay: native scan gives a QR, H5 opens a page', () => {
    expect(payKindOf('WX', 'wechat_scan')).toBe('qr');
    expect(payKindOf('WX', 'scan')).toBe('qr');
    expect(payKindOf('WX', 'wechat_wap')).toBe('redirect');
    expect(payKindOf('WX', 'alipay_web')).toBeNull();
    expect(payKindOf('WX', 'mp')).toBe('jsapi');
    expect(payKindOf('WX', 'wechat_mp')).toBe('jsapi');
    expect(payKindOf('AL', 'wechat_mp')).toBeNull();
  });

  it('Alipay: precreate scan gives a QR, page and wap pay open a page', () => {
    expect(payKindOf('AL', 'scan')).toBe('qr');
    expect(payKindOf('AL', 'alipay_web')).toBe('redirect');
    expect(payKindOf('AL', 'alipay_wap')).toBe('redirect');
    expect(payKindOf('AL', 'wechat_scan')).toBeNull();
  });

  it('every listed channel is one of docs/product/constants.md, and providers without an integration offer none', () => {
    for (const provider of PAYMENT_PROVIDERS) {
      for (const channel of channelsOf(provider)) expect(PAYMENT_CHANNELS).toContain(channel);
    }
    // Stripe: one card checkout page, the same on desktops and phones (decision 071).
    expect(channelsOf('STRIPE')).toEqual(['checkout']);
    expect(payKindOf('STRIPE', 'checkout')).toBe('redirect');
    expect(payKindOf('STRIPE', 'scan')).toBeNull();
    expect(channelsOf('NHP')).toEqual(['web', 'wap']);
    expect(payKindOf('CMB', 'scan')).toBeNull();
  });
});
