export interface VerificationSms {
  phoneCode: string;
  phone: string;
  code: string;
}

export interface SmsSendResult {
  provider: string;
  /** Readable text of what the recipient gets (for the outbox and the audit trail). */
  content: string;
  providerMessageId: string | null;
  /** Whether the recipient can read the code back from the outbox (only the local provider). */
  keepsCode: boolean;
}

/** One interface, one file per provider: the local outbox (default) and Aliyun SMS. */
export interface SmsProvider {
  readonly name: string;
  sendVerificationCode(message: VerificationSms): Promise<SmsSendResult>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly providerCode: string | undefined,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export function verificationText(code: string): string {
  return `【Summit】您的验证码为${code}，10分钟内有效。如非本人操作，请忽略本短信。`;
}
