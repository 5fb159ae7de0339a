import type { FastifyBaseLogger } from 'fastify';
import { notificationText, verificationText, type NotificationSms, type SmsProvider, type SmsSendResult, type VerificationSms } from './sms-provider.ts';

/**
 * The default provider on one machine: nothing leaves the server. The message is logged and written to
 * the sms_outbox table by the caller, where demo mode's /api/dev/outbox shows it.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly log?: FastifyBaseLogger) {}

  async sendVerificationCode(message: VerificationSms): Promise<SmsSendResult> {
    const content = verificationText(message.code);
    this.log?.info({ phone: `+${message.phoneCode} ${message.phone}`, content }, 'sms outbox');
    return { provider: this.name, content, providerMessageId: null, keepsCode: true };
  }

  async sendNotification(message: NotificationSms): Promise<SmsSendResult> {
    const content = notificationText(message.kind, message.params);
    this.log?.info({ phone: `+${message.phoneCode} ${message.phone.slice(0, 3)}****${message.phone.slice(-4)}`, kind: message.kind }, 'sms outbox notification');
    return { provider: this.name, content, providerMessageId: null, keepsCode: false };
  }
}
