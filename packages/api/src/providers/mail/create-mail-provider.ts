import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import type { MailProvider } from './mail-provider.ts';
import { OutboxMailProvider } from './outbox-mail.provider.ts';
import { SmtpMailProvider } from './smtp-mail.provider.ts';

export function createMailProvider(env: Env, log?: FastifyBaseLogger): MailProvider {
  if (env.MAIL_PROVIDER === 'smtp') {
    // env.ts has already refused to start without host and sender.
    return new SmtpMailProvider({
      host: env.SMTP_HOST ?? '',
      port: env.SMTP_PORT,
      ...(env.SMTP_SECURE !== undefined ? { secure: env.SMTP_SECURE } : {}),
      ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : {}),
      from: env.MAIL_FROM ?? '',
    });
  }
  return new OutboxMailProvider(log);
}
