import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailProvider, MailSendResult } from './mail-provider.ts';

/**
 * The default provider on one machine: nothing leaves the server. The caller writes the message to the
 * mail_outbox table, where demo mode's /api/dev/mail-outbox shows it (like the SMS outbox).
 */
export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox';
  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<MailSendResult> {
    // The body holds a one-time link: log who and what, not the link.
    this.log?.info({ to: message.to, subject: message.subject }, 'mail outbox');
    return { provider: this.name, providerMessageId: null, keepsBody: true };
  }
}
