import nodemailer, { type Transporter } from 'nodemailer';
import { MailDeliveryError, type MailMessage, type MailProvider, type MailSendResult } from './mail-provider.ts';

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the start; default: port 465. Otherwise STARTTLS is used when the server offers it. */
  secure?: boolean;
  user?: string;
  pass?: string;
  from: string;
  /** Tests talk to a local server with a self-signed certificate. */
  rejectUnauthorized?: boolean;
  timeoutMs?: number;
}

/** Any SMTP relay (Aliyun DirectMail, Tencent Exmail, SES SMTP …) through nodemailer. */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    this.transport = nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure ?? options.port === 465,
      ...(options.user ? { auth: { user: options.user, pass: options.pass ?? '' } } : {}),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      tls: { rejectUnauthorized: options.rejectUnauthorized ?? true },
    });
  }

  async send(message: MailMessage): Promise<MailSendResult> {
    try {
      const info = await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text });
      const rejected = info.rejected ?? [];
      if (rejected.length > 0) throw new Error(`rejected: ${rejected.map(String).join(', ')}`);
      return { provider: this.name, providerMessageId: info.messageId ?? null, keepsBody: false };
    } catch (err) {
      throw new MailDeliveryError(`SMTP delivery failed: ${(err as Error).message}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}
