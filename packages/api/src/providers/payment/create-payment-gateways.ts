import type { PaymentProvider } from '@summit/domain';
import type { Env } from '../../env.ts';
import { AlipayGateway } from './alipay.provider.ts';
import type { PaymentGateway, PaymentGatewayId } from './payment-provider.ts';
import { SandboxGateway } from './sandbox.provider.ts';
import { WechatPayV3Gateway } from './wechat-pay-v3.provider.ts';

/** Which gateway serves each spec §9 provider code, and the gateways by id for the notify route. */
export interface PaymentGateways {
  forProvider(provider: PaymentProvider): PaymentGateway | null;
  byId(id: string): PaymentGateway | null;
}

export function gatewaysOf(map: Partial<Record<PaymentProvider, PaymentGateway>>): PaymentGateways {
  const byId = new Map<string, PaymentGateway>();
  for (const gateway of Object.values(map)) if (gateway) byId.set(gateway.id, gateway);
  return {
    forProvider: (provider) => map[provider] ?? null,
    byId: (id) => byId.get(id) ?? null,
  };
}

export function notifyUrlFor(publicUrl: string, gateway: PaymentGatewayId): string {
  return new URL(`/api/payment/notify/${gateway}`, publicUrl).toString();
}

/** Builds the gateways env.ts asked for; env.ts has already refused half configurations. */
export function createPaymentGateways(env: Env, deps: { now: () => Date; sandboxSecret: () => Promise<string> }): PaymentGateways {
  let sandbox: SandboxGateway | undefined;
  const sandboxGateway = () => (sandbox ??= new SandboxGateway({ secret: deps.sandboxSecret, now: deps.now }));
  const map: Partial<Record<PaymentProvider, PaymentGateway>> = {};

  if (env.PAYMENT_WECHAT === 'sandbox') map.WX = sandboxGateway();
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
  return gatewaysOf(map);
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentGateways;
  }
}
