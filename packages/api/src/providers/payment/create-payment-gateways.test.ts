import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createPaymentGateways, notifyUrlFor } from './create-payment-gateways.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicPem = keys.publicKey.export({ format: 'pem', type: 'spki' }).toString();
const deps = { now: () => new Date(), sandboxSecret: async () => 's'.repeat(64) };

const wechat = {
  PAYMENT_WECHAT: 'wechatpay',
  PUBLIC_URL: 'https://summit.example',
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: privatePem,
  WECHATPAY_API_V3_KEY: 'k'.repeat(32),
  WECHATPAY_PLATFORM_PUBLIC_KEY: publicPem,
  WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_01',
};
const stripe = { PAYMENT_STRIPE: 'stripe', PUBLIC_URL: 'https://summit.example', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const alipay = { PAYMENT_ALIPAY: 'alipay', PUBLIC_URL: 'https://summit.example', ALIPAY_APP_ID: '2021000122671080', ALIPAY_PRIVATE_KEY: privatePem, ALIPAY_PUBLIC_KEY: publicPem };
const nhp = { PAYMENT_NHP: 'nhp', PUBLIC_URL: 'https://summit.example', NHP_MERCHANT_ID: 'summit-prod', NHP_KEY: 'n'.repeat(48) };

describe('payment configuration', () => {
  it('demo mode (the embedded database) defaults every provider to the sandbox', () => {
    const env = loadEnv({});
    expect([env.PAYMENT_WECHAT, env.PAYMENT_ALIPAY, env.PAYMENT_STRIPE]).toEqual(['sandbox', 'sandbox', 'sandbox']);
    const gateways = createPaymentGateways(env, deps);
    expect(gateways.forProvider('WX')?.id).toBe('sandbox');
    expect(gateways.forProvider('AL')).toBe(gateways.forProvider('WX'));
    expect(gateways.byId('sandbox')?.id).toBe('sandbox');
    // Stripe's option works on one machine through the same sandbox checkout (decision 071).
    expect(gateways.forProvider('STRIPE')).toBe(gateways.forProvider('WX'));
    // The week camps' partner channel (decision 076) likewise.
    expect(env.PAYMENT_NHP).toBe('sandbox');
    expect(gateways.forProvider('NHP')).toBe(gateways.forProvider('WX'));
  });

  it('with PostgreSQL and no demo mode, nothing takes payments until a provider is configured', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect([env.PAYMENT_WECHAT, env.PAYMENT_ALIPAY, env.PAYMENT_STRIPE]).toEqual(['off', 'off', 'off']);
    const gateways = createPaymentGateways(env, deps);
    expect(gateways.forProvider('WX')).toBeNull();
    expect(gateways.forProvider('STRIPE')).toBeNull();
    expect(gateways.forProvider('NHP')).toBeNull();
    expect(gateways.byId('sandbox')).toBeNull();
    // A staging deploy may still ask for the sandbox explicitly.
    expect(createPaymentGateways(loadEnv({ DATABASE_URL: 'postgres://u@localhost/db', PAYMENT_WECHAT: 'sandbox' }), deps).forProvider('WX')?.id).toBe('sandbox');
  });

  it('refuses WeChat Pay or Alipay half configured, naming every missing variable', () => {
    for (const key of Object.keys(wechat).filter((k) => k !== 'PAYMENT_WECHAT')) {
      expect(() => loadEnv({ ...wechat, [key]: '' }), key).toThrow(new RegExp(`${key} is required when PAYMENT_WECHAT=wechatpay`));
    }
    for (const key of Object.keys(alipay).filter((k) => k !== 'PAYMENT_ALIPAY')) {
      expect(() => loadEnv({ ...alipay, [key]: '' }), key).toThrow(new RegExp(`${key} is required when PAYMENT_ALIPAY=alipay`));
    }
    for (const key of Object.keys(stripe).filter((k) => k !== 'PAYMENT_STRIPE')) {
      expect(() => loadEnv({ ...stripe, [key]: '' }), key).toThrow(new RegExp(`${key} is required when PAYMENT_STRIPE=stripe`));
    }
    // The stand-in needs the keys it checks, not a publishable key (it has no Stripe.js).
    expect(() => loadEnv({ PAYMENT_STRIPE: 'standin', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required when PAYMENT_STRIPE=standin/);
    expect(() => loadEnv({ PAYMENT_STRIPE: 'standin', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:4242' })).not.toThrow();
    expect(() => loadEnv({ ...wechat, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => loadEnv({ PAYMENT_WECHAT: 'paypal' })).toThrow(/PAYMENT_WECHAT/);
    for (const key of Object.keys(nhp).filter((k) => k !== 'PAYMENT_NHP')) {
      expect(() => loadEnv({ ...nhp, [key]: '' }), key).toThrow(new RegExp(`${key}`));
    }
    expect(() => loadEnv({ ...nhp, NHP_KEY: 'short' })).toThrow(/NHP_KEY/);
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u@localhost/db', PAYMENT_NHP: 'standin' })).toThrow(/PAYMENT_NHP=standin is a demo mode/);
    expect(() => loadEnv({ SANDBOX_PAY_SECRET: 'too-short' })).toThrow(/SANDBOX_PAY_SECRET/);
  });

  it('PAYMENT_WECHAT=standin is for demo mode only: the real gateway against the in-process stand-in', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u@localhost/db', PAYMENT_WECHAT: 'standin' })).toThrow(/PAYMENT_WECHAT=standin is a demo mode/);
    const gateways = createPaymentGateways(loadEnv({ PAYMENT_WECHAT: 'standin', PUBLIC_URL: 'http://127.0.0.1:3000' }), deps);
    expect(gateways.forProvider('WX')?.id).toBe('wechatpay');
    expect(gateways.wechatStandIn?.publicBase).toBe('http://127.0.0.1:3000');
    expect(createPaymentGateways(loadEnv({ ...wechat }), deps).wechatStandIn).toBeUndefined();
    expect(loadEnv({ WECHATPAY_EXTRA_APP_IDS: ' wxa, wxb ,' }).WECHATPAY_EXTRA_APP_IDS).toEqual(['wxa', 'wxb']);
  });

  it('fully configured providers are served by their own gateways, notified at PUBLIC_URL', () => {
    const gateways = createPaymentGateways(loadEnv({ ...wechat, ...alipay, ...stripe, ...nhp }), deps);
    expect(gateways.forProvider('WX')?.id).toBe('wechatpay');
    expect(gateways.forProvider('AL')?.id).toBe('alipay');
    expect(gateways.forProvider('STRIPE')?.id).toBe('stripe');
    expect(gateways.byId('stripe')).toBe(gateways.forProvider('STRIPE'));
    expect(gateways.forProvider('NHP')?.id).toBe('nhp');
    expect(gateways.byId('sandbox')).toBeNull();
    expect(notifyUrlFor('https://summit.example/', 'wechatpay')).toBe('https://summit.example/api/payment/notify/wechatpay');
  });
});
