import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '@summit/domain';
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
    // The code is the credential: the log says that one was sent and to whom (masked); /api/dev/outbox shows it in demo mode.
    this.log?.info({ phone: `+${message.phoneCode} ${maskPhone(message.phone)}` }, 'sms outbox verification code');
    return { provider: this.name, content, providerMessageId: null, keepsCode: true };
  }

  async sendNotification(message: NotificationSms): Promise<SmsSendResult> {
    const content = notificationText(message.kind, message.params);
    this.log?.info({ phone: `+${message.phoneCode} ${maskPhone(message.phone)}`, kind: message.kind }, 'sms outbox notification');
    return { provider: this.name, content, providerMessageId: null, keepsCode: false };
  }
}
