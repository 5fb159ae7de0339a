import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env.ts';
import { lazyProvider } from '../lazy-provider.ts';
import type { MailProvider } from './mail-provider.ts';
import { OutboxMailProvider } from './outbox-mail.provider.ts';

export function createMailProvider(env: Env, log?: FastifyBaseLogger): MailProvider {
  if (env.MAIL_PROVIDER === 'smtp') {
    // env.ts has already refused to start without host and sender. nodemailer loads on the first mail.
    const options = {
      host: env.SMTP_HOST ?? '',
      port: env.SMTP_PORT,
      ...(env.SMTP_SECURE !== undefined ? { secure: env.SMTP_SECURE } : {}),
      ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : {}),
      from: env.MAIL_FROM ?? '',
    };
    return lazyProvider<MailProvider>({}, async () => new (await import('./smtp-mail.provider.ts')).SmtpMailProvider(options));
  }
  return new OutboxMailProvider(log);
}
