import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { Config } from '@alicloud/openapi-client';
import {
  SmsDeliveryError,
  notificationText,
  verificationText,
  type NotificationKind,
  type NotificationSms,
  type SmsProvider,
  type SmsSendResult,
  type VerificationSms,
} from './sms-provider.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** One registered template per result notification (env ALIYUN_SMS_TEMPLATE_<KIND>). */
  notificationTemplates?: Partial<Record<NotificationKind, string>>;
  endpoint: string;
  /** 'https' in production; tests point the real SDK at a local HTTP stand-in. */
  protocol?: 'https' | 'http';
  timeoutMs?: number;
}

type DysmsClient = InstanceType<typeof Dysmsapi>;
const ClientClass: typeof Dysmsapi = ((Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi);

/** Aliyun SMS (dysmsapi 2017-05-25) through the official SDK, which signs each request (ACS3-HMAC-SHA256). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly client: DysmsClient;

  constructor(private readonly options: AliyunSmsOptions) {
    this.client = new ClientClass(
      new Config({
        accessKeyId: options.accessKeyId,
        accessKeySecret: options.accessKeySecret,
        endpoint: options.endpoint,
        protocol: options.protocol ?? 'https',
      }),
    );
  }

  /** Mainland numbers go bare; others carry their country code, as the API expects. */
  static formatPhone(phoneCode: string, phone: string): string {
    return phoneCode === '86' ? phone : `00${phoneCode}${phone}`;
  }

  async sendVerificationCode(message: VerificationSms): Promise<SmsSendResult> {
    const bizId = await this.send(message, this.options.templateCode, { code: message.code });
    return { provider: this.name, content: verificationText('****'), providerMessageId: bizId, keepsCode: false };
  }

  async sendNotification(message: NotificationSms): Promise<SmsSendResult> {
    const templateCode = this.options.notificationTemplates?.[message.kind];
    // env.ts refuses to start without these; a provider built by hand without one fails this message only.
    if (!templateCode) throw new SmsDeliveryError(`no Aliyun template configured for ${message.kind}`, undefined);
    const bizId = await this.send(message, templateCode, { ...message.params });
    return { provider: this.name, content: notificationText(message.kind, message.params), providerMessageId: bizId, keepsCode: false };
  }

  private async send(to: { phoneCode: string; phone: string }, templateCode: string, params: Record<string, string>): Promise<string | null> {
    const request = new SendSmsRequest({
      phoneNumbers: AliyunSmsProvider.formatPhone(to.phoneCode, to.phone),
      signName: this.options.signName,
      templateCode,
      templateParam: JSON.stringify(params),
    });
    let response;
    try {
      response = await this.client.sendSmsWithOptions(request, {
        connectTimeout: this.options.timeoutMs ?? 5000,
        readTimeout: this.options.timeoutMs ?? 5000,
        autoretry: true,
        maxAttempts: 3,
      } as never);
    } catch (err) {
      const e = err as { code?: string; message?: string };
      throw new SmsDeliveryError(`Aliyun SMS request failed: ${e.message ?? String(err)}`, e.code);
    }
    const body = response.body;
    if (!body || body.code !== 'OK') {
      throw new SmsDeliveryError(`Aliyun SMS refused: ${body?.code ?? 'no body'} ${body?.message ?? ''}`.trim(), body?.code);
    }
    return body.bizId ?? null;
  }
}
