export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailSendResult {
  provider: string;
  providerMessageId: string | null;
  /**
   * Whether the outbox row may keep the body as sent. Only the local outbox provider, whose row *is* the
   * delivery; with a real provider the one-time link would otherwise sit readable in the database.
   */
  keepsBody: boolean;
}

/** One interface, one file per provider: the local outbox (default) and SMTP. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<MailSendResult>;
}

export class MailDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}
