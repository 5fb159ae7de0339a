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
const alipay = { PAYMENT_ALIPAY: 'alipay', PUBLIC_URL: 'https://summit.example', ALIPAY_APP_ID: '2021000122671080', ALIPAY_PRIVATE_KEY: privatePem, ALIPAY_PUBLIC_KEY: publicPem };

describe('payment configuration', () => {
  it('demo mode (the embedded database) defaults both providers to the sandbox', () => {
    const env = loadEnv({});
    expect([env.PAYMENT_WECHAT, env.PAYMENT_ALIPAY]).toEqual(['sandbox', 'sandbox']);
    const gateways = createPaymentGateways(env, deps);
    expect(gateways.forProvider('WX')?.id).toBe('sandbox');
    expect(gateways.forProvider('AL')).toBe(gateways.forProvider('WX'));
    expect(gateways.byId('sandbox')?.id).toBe('sandbox');
    expect(gateways.forProvider('STRIPE')).toBeNull();
  });

  it('with PostgreSQL and no demo mode, nothing takes payments until a provider is configured', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect([env.PAYMENT_WECHAT, env.PAYMENT_ALIPAY]).toEqual(['off', 'off']);
    const gateways = createPaymentGateways(env, deps);
    expect(gateways.forProvider('WX')).toBeNull();
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
    expect(() => loadEnv({ ...wechat, WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    expect(() => loadEnv({ PAYMENT_WECHAT: 'paypal' })).toThrow(/PAYMENT_WECHAT/);
    expect(() => loadEnv({ SANDBOX_PAY_SECRET: 'too-short' })).toThrow(/SANDBOX_PAY_SECRET/);
  });

  it('fully configured providers are served by their own gateways, notified at PUBLIC_URL', () => {
    const gateways = createPaymentGateways(loadEnv({ ...wechat, ...alipay }), deps);
    expect(gateways.forProvider('WX')?.id).toBe('wechatpay');
    expect(gateways.forProvider('AL')?.id).toBe('alipay');
    expect(gateways.byId('sandbox')).toBeNull();
    expect(notifyUrlFor('https://summit.example/', 'wechatpay')).toBe('https://summit.example/api/payment/notify/wechatpay');
  });
});
