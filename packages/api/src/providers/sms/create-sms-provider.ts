import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { lazyProvider } from '../lazy-provider.ts';
import { OutboxSmsProvider } from './outbox-sms.provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export function createSmsProvider(env: Env, log?: FastifyBaseLogger): SmsProvider {
  if (env.SMS_PROVIDER === 'aliyun') {
    // env.ts has already refused to start without these. The SDK loads on the first message.
    const options = {
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      notificationTemplates: {
        decision_released: env.ALIYUN_SMS_TEMPLATE_DECISION_RELEASED ?? '',
        tuition_paid: env.ALIYUN_SMS_TEMPLATE_TUITION_PAID ?? '',
        parent_paid: env.ALIYUN_SMS_TEMPLATE_PARENT_PAID ?? '',
        checklist_due: env.ALIYUN_SMS_TEMPLATE_CHECKLIST_DUE ?? '',
        refund_succeeded: env.ALIYUN_SMS_TEMPLATE_REFUND_SUCCEEDED ?? '',
        admin_message: env.ALIYUN_SMS_TEMPLATE_ADMIN_MESSAGE ?? '',
        payment_due: env.ALIYUN_SMS_TEMPLATE_PAYMENT_DUE ?? '',
        place_released: env.ALIYUN_SMS_TEMPLATE_PLACE_RELEASED ?? '',
        programme_result: env.ALIYUN_SMS_TEMPLATE_PROGRAMME_RESULT ?? '',
        programme_result_withdrawn: env.ALIYUN_SMS_TEMPLATE_PROGRAMME_RESULT_WITHDRAWN ?? '',
      },
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    };
    return lazyProvider<SmsProvider>({}, async () => new (await import('./aliyun-sms.provider.ts')).AliyunSmsProvider(options));
  }
  return new OutboxSmsProvider(log);
}
