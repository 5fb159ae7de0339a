import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { AliyunSmsProvider } from './aliyun-sms.provider.ts';
import { OutboxSmsProvider } from './outbox-sms.provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export function createSmsProvider(env: Env, log?: FastifyBaseLogger): SmsProvider {
  if (env.SMS_PROVIDER === 'aliyun') {
    // env.ts has already refused to start without these.
    return new AliyunSmsProvider({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      notificationTemplates: {
        decision_released: env.ALIYUN_SMS_TEMPLATE_DECISION_RELEASED ?? '',
        tuition_paid: env.ALIYUN_SMS_TEMPLATE_TUITION_PAID ?? '',
        parent_paid: env.ALIYUN_SMS_TEMPLATE_PARENT_PAID ?? '',
        checklist_due: env.ALIYUN_SMS_TEMPLATE_CHECKLIST_DUE ?? '',
        admin_message: env.ALIYUN_SMS_TEMPLATE_ADMIN_MESSAGE ?? '',
      },
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    });
  }
  return new OutboxSmsProvider(log);
}
