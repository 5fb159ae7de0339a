import { describe, expect, it } from 'vitest';
import { payKindOf } from '@summit/domain/payments';
import { STRIPE_OPTION } from '../../components/payment/pay-channels.ts';
import { pageUrlOf } from '../../components/payment/pay-instruction.ts';

describe('Stripe on the pay pages (decision 071)', () => {
  it('the option asks for a pair the server takes', () => {
    expect(STRIPE_OPTION).toEqual({ provider: 'STRIPE', channel: 'checkout', label: '海外银行卡支付 (Stripe)' });
    expect(payKindOf(STRIPE_OPTION.provider, STRIPE_OPTION.channel)).not.toBeNull();
  });

  it('offline Stripe is opened like a provider page; live Stripe and QR codes stay on the page', () => {
    expect(pageUrlOf({ kind: 'stripe', client_secret: 'pi_1_secret_x', publishable_key: null, url: 'http://127.0.0.1:12111/confirm/pi_1' })).toBe('http://127.0.0.1:12111/confirm/pi_1');
    expect(pageUrlOf({ kind: 'stripe', client_secret: 'pi_1_secret_x', publishable_key: 'pk_live_1', url: '/student/admission' })).toBeNull();
    expect(pageUrlOf({ kind: 'redirect', url: '/pay/sandbox/SM1' })).toBe('/pay/sandbox/SM1');
    expect(pageUrlOf({ kind: 'qr', code_url: 'weixin://wxpay/bizpayurl?pr=x' })).toBeNull();
  });
});
