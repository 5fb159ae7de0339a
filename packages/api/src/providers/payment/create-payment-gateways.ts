import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from '@summit/domain';
import type { Env } from '../../env.ts';
import { AlipayGateway } from './alipay.provider.ts';
import type { PaymentGateway, PaymentGatewayId, ProviderBillLine } from './payment-provider.ts';
import { SandboxGateway } from './sandbox.provider.ts';
import { StripeGateway } from './stripe.provider.ts';
import { WechatPayV3Gateway } from './wechat-pay-v3.provider.ts';
import { NhpGateway } from './nhp.provider.ts';
import { NHP_STANDIN_PATH, NhpStandIn } from '../../stand-ins/nhp.ts';
import { WECHAT_PAY_STANDIN_PATH, WechatPayStandIn, generateWechatPayStandInKeys } from '../../stand-ins/wechat-pay.ts';

/** Which gateway serves each docs/product/constants.md provider code, and the gateways by id for the notify route. */
export interface PaymentGateways {
  forProvider(provider: PaymentProvider): PaymentGateway | null;
  byId(id: string): PaymentGateway | null;
  /** PAYMENT_WECHAT=standin: the in-process stand-in of WeChat Pay's servers the app mounts at /__wechat/pay. */
  wechatStandIn?: WechatPayStandIn;
  /** PAYMENT_NHP=standin: the in-process NHP stand-in the app mounts at /__nhp (decision 076). */
  nhpStandIn?: NhpStandIn;
}

export function gatewaysOf(map: Partial<Record<PaymentProvider, PaymentGateway>>, extra: { wechatStandIn?: WechatPayStandIn; nhpStandIn?: NhpStandIn } = {}): PaymentGateways {
  const byId = new Map<string, PaymentGateway>();
  for (const gateway of Object.values(map)) if (gateway) byId.set(gateway.id, gateway);
  return {
    forProvider: (provider) => map[provider] ?? null,
    byId: (id) => byId.get(id) ?? null,
    ...extra,
  };
}

/**
 * Demo mode PAYMENT_WECHAT=standin (decision 070): the real v3 gateway, signing and verifying for real, against
 * a stand-in of WeChat Pay mounted in this process. Keys are generated at start and never leave memory.
 */
function standInGateway(env: Env, now: () => Date): { gateway: WechatPayV3Gateway; standIn: WechatPayStandIn } {
  const keys = generateWechatPayStandInKeys({ appId: env.WECHATPAY_APP_ID ?? 'wxd678efh567hg6787' });
  const origin = new URL(env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`).origin;
  const standIn = new WechatPayStandIn(keys, { basePath: WECHAT_PAY_STANDIN_PATH });
  standIn.publicBase = origin;
  const gateway = new WechatPayV3Gateway({
    mchId: keys.mchId,
    appId: keys.appId,
    certSerialNo: keys.certSerialNo,
    privateKey: keys.merchant.privateKey,
    apiV3Key: keys.apiV3Key,
    platformPublicKey: keys.platform.publicKey,
    platformSerial: keys.platformSerial,
    apiBase: `${origin}${WECHAT_PAY_STANDIN_PATH}`,
    notifyUrl: notifyUrlFor(origin, 'wechatpay'),
    now,
    extraAppIds: env.WECHATPAY_EXTRA_APP_IDS,
  });
  return { gateway, standIn };
}

export function notifyUrlFor(publicUrl: string, gateway: PaymentGatewayId): string {
  return new URL(`/api/payment/notify/${gateway}`, publicUrl).toString();
}

/** Builds the gateways env.ts asked for; env.ts has already refused half configurations. */
export function createPaymentGateways(
  env: Env,
  deps: {
    now: () => Date;
    sandboxSecret: () => Promise<string>;
    stripeIntentOf?: (orderNo: string) => Promise<string | null>;
    sandboxLedger?: (day: string) => Promise<ProviderBillLine[]>;
  },
): PaymentGateways {
  let sandbox: SandboxGateway | undefined;
  const sandboxGateway = () => (sandbox ??= new SandboxGateway({ secret: deps.sandboxSecret, now: deps.now, ...(deps.sandboxLedger ? { ledger: deps.sandboxLedger } : {}) }));
  const map: Partial<Record<PaymentProvider, PaymentGateway>> = {};

  let wechatStandIn: WechatPayStandIn | undefined;
  if (env.PAYMENT_WECHAT === 'sandbox') map.WX = sandboxGateway();
  else if (env.PAYMENT_WECHAT === 'standin') {
    const built = standInGateway(env, deps.now);
    map.WX = built.gateway;
    wechatStandIn = built.standIn;
  }
  else if (env.PAYMENT_WECHAT === 'wechatpay') {
    map.WX = new WechatPayV3Gateway({
      mchId: env.WECHATPAY_MCH_ID ?? '',
      appId: env.WECHATPAY_APP_ID ?? '',
      certSerialNo: env.WECHATPAY_CERT_SERIAL_NO ?? '',
      privateKey: env.WECHATPAY_PRIVATE_KEY ?? '',
      apiV3Key: env.WECHATPAY_API_V3_KEY ?? '',
      platformPublicKey: env.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
      platformSerial: env.WECHATPAY_PLATFORM_SERIAL ?? '',
      apiBase: env.WECHATPAY_API_BASE,
      notifyUrl: notifyUrlFor(env.PUBLIC_URL ?? '', 'wechatpay'),
      now: deps.now,
      extraAppIds: env.WECHATPAY_EXTRA_APP_IDS,
    });
  }

  if (env.PAYMENT_ALIPAY === 'sandbox') map.AL = sandboxGateway();
  else if (env.PAYMENT_ALIPAY === 'alipay') {
    map.AL = new AlipayGateway({
      appId: env.ALIPAY_APP_ID ?? '',
      privateKey: env.ALIPAY_PRIVATE_KEY ?? '',
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? '',
      gateway: env.ALIPAY_GATEWAY,
      notifyUrl: notifyUrlFor(env.PUBLIC_URL ?? '', 'alipay'),
    });
  }

  if (env.PAYMENT_STRIPE === 'sandbox') map.STRIPE = sandboxGateway();
  else if (env.PAYMENT_STRIPE === 'stripe' || env.PAYMENT_STRIPE === 'standin') {
    map.STRIPE = new StripeGateway({
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      // The stand-in has no Stripe.js: its payers confirm on its own page.
      publishableKey: env.PAYMENT_STRIPE === 'stripe' ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: env.STRIPE_API_BASE,
      now: deps.now,
      ...(deps.stripeIntentOf ? { intentIdOf: deps.stripeIntentOf } : {}),
    });
  }
  let nhpStandIn: NhpStandIn | undefined;
  if (env.PAYMENT_NHP === 'sandbox') map.NHP = sandboxGateway();
  else if (env.PAYMENT_NHP === 'nhp' || env.PAYMENT_NHP === 'standin') {
    const origin = new URL(env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`).origin;
    if (env.PAYMENT_NHP === 'standin') {
      // Demo only: a merchant key made at start, never leaving memory; the stand-in is served by this process.
      const key = randomBytes(32).toString('hex');
      nhpStandIn = new NhpStandIn('summit-demo', key, deps.now);
      nhpStandIn.publicBase = origin;
      map.NHP = new NhpGateway({ merchantId: 'summit-demo', key, apiBase: `${origin}${NHP_STANDIN_PATH}`, notifyUrl: notifyUrlFor(origin, 'nhp'), now: deps.now });
    } else {
      map.NHP = new NhpGateway({ merchantId: env.NHP_MERCHANT_ID ?? '', key: env.NHP_KEY ?? '', apiBase: env.NHP_API_BASE, notifyUrl: notifyUrlFor(env.PUBLIC_URL ?? '', 'nhp'), now: deps.now });
    }
  }
  return gatewaysOf(map, { ...(wechatStandIn ? { wechatStandIn } : {}), ...(nhpStandIn ? { nhpStandIn } : {}) });
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentGateways;
  }
}
