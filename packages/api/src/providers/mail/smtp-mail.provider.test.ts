import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { loadEnv } from '../../env.ts';
import { createMailProvider } from './create-mail-provider.ts';
import { MailDeliveryError } from './mail-provider.ts';
import { OutboxMailProvider } from './outbox-mail.provider.ts';
import { SmtpMailProvider } from './smtp-mail.provider.ts';

/** A local SMTP server: the real nodemailer client talks SMTP to it, with AUTH, as it would to a relay. */
let server: SMTPServer;
let port = 0;
const received: Array<{ from: string; to: string[]; data: string; user: string | undefined }> = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'secret') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.endsWith('@bounce.test')) cb(new Error('mailbox unavailable'));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The body as the recipient's client shows it (nodemailer sends non-ASCII text quoted-printable). */
function decodeQuotedPrintable(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}$/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const provider = (pass = 'secret') =>
  new SmtpMailProvider({ host: '127.0.0.1', port, secure: false, user: 'mailer', pass, from: 'Summit <no-reply@summit.test>', timeoutMs: 3000 });

describe('SMTP adapter (nodemailer against a local SMTP server)', () => {
  it('authenticates and delivers a UTF-8 message with the link, and never keeps the body', async () => {
    const smtp = provider();
    const result = await smtp.send({ to: 'student@example.com', subject: 'Summit 邮箱验证', text: '请点击链接：https://summit.test/api/email/validate?token=abc' });
    smtp.close();
    expect(result).toMatchObject({ provider: 'smtp', keepsBody: false });
    expect(result.providerMessageId).toMatch(/@/);
    const last = received.at(-1)!;
    expect(last).toMatchObject({ from: 'no-reply@summit.test', to: ['student@example.com'], user: 'mailer' });
    expect(last.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(decodeQuotedPrintable(last.data)).toContain('请点击链接：https://summit.test/api/email/validate?token=abc');
  });

  it('turns a refused login or recipient into MailDeliveryError', async () => {
    const wrong = provider('wrong');
    await expect(wrong.send({ to: 'student@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailDeliveryError);
    wrong.close();
    const smtp = provider();
    await expect(smtp.send({ to: 'x@bounce.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailDeliveryError);
    smtp.close();
  });

  it('turns an unreachable server into MailDeliveryError', async () => {
    const dead = new SmtpMailProvider({ host: '127.0.0.1', port: 9, secure: false, from: 'a@b.c', timeoutMs: 500 });
    await expect(dead.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe('mail configuration', () => {
  it('uses the outbox by default', () => {
    expect(createMailProvider(loadEnv({}))).toBeInstanceOf(OutboxMailProvider);
  });

  it('refuses MAIL_PROVIDER=smtp without host, sender and public address', () => {
    expect(() => loadEnv({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_HOST is required[\s\S]*MAIL_FROM is required[\s\S]*PUBLIC_URL is required/);
    expect(() => loadEnv({ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', MAIL_FROM: 'a@b.c', PUBLIC_URL: 'https://x.cn', SMTP_USER: 'u' })).toThrow(/SMTP_USER and SMTP_PASS/);
    const env = loadEnv({ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', SMTP_PORT: '587', SMTP_SECURE: 'false', MAIL_FROM: 'Summit <a@b.c>', PUBLIC_URL: 'https://x.cn' });
    expect(env).toMatchObject({ SMTP_PORT: 587, SMTP_SECURE: false });
  });

  it('builds the SMTP provider when configured, loading nodemailer on the first mail', async () => {
    const env = loadEnv({ MAIL_PROVIDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', SMTP_USER: 'mailer', SMTP_PASS: 'secret', MAIL_FROM: 'Summit <no-reply@summit.test>', PUBLIC_URL: 'https://x.cn' });
    const before = received.length;
    const result = await createMailProvider(env).send({ to: 'configured@example.com', subject: '配置', text: '经由配置发送' });
    expect(result).toMatchObject({ provider: 'smtp', keepsBody: false });
    expect(received.slice(before).map((m) => m.to)).toEqual([['configured@example.com']]);
  });
});
