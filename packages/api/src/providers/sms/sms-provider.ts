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

/** The result messages the platform sends (docs/decisions/026), each one template at the provider. */
export const NOTIFICATION_KINDS = ['decision_released', 'tuition_paid', 'parent_paid', 'checklist_due', 'admin_message', 'refund_succeeded', 'payment_due', 'place_released', 'programme_result', 'programme_result_withdrawn'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Template parameters: the student's name and, for payments, the amount in yuan ("16800.00"). */
export interface NotificationParams {
  name: string;
  amount?: string;
  /** payment_due: `item` is the installment (学费定金), `amount` in yuan, `due` its due date. */
  /** checklist_due: the item's title and its due date in Beijing time ("7月1日 23:59"). */
  item?: string;
  due?: string;
  /** programme_result(_withdrawn): `item` is the programme's name (H-week). */
  /** admin_message: the message's title (the body is read on the site; decision 061). */
  title?: string;
}

export interface NotificationSms {
  phoneCode: string;
  phone: string;
  kind: NotificationKind;
  params: NotificationParams;
}

/** One interface, one file per provider: the local outbox (default) and Aliyun SMS. */
export interface SmsProvider {
  readonly name: string;
  sendVerificationCode(message: VerificationSms): Promise<SmsSendResult>;
  /** A result notification through the provider's template for its kind. */
  sendNotification(message: NotificationSms): Promise<SmsSendResult>;
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

/**
 * The readable text of each notification, as the outbox keeps it and as the Aliyun templates must be
 * registered (README: ALIYUN_SMS_TEMPLATE_*). The decision message does not say what was decided: an SMS
 * can be read by anyone holding the phone, and the result deserves the full page.
 */
export function notificationText(kind: NotificationKind, params: NotificationParams): string {
  switch (kind) {
    case 'decision_released':
      return `【Summit】${params.name}同学，你的录取结果已公布，请登录网站查看。`;
    case 'tuition_paid':
      return `【Summit】${params.name}同学，我们已收到你缴纳的学费${params.amount ?? ''}元，缴费成功。请登录网站查看后续安排。`;
    case 'checklist_due':
      return `【Summit】${params.name}同学，入学清单中的“${params.item ?? ''}”将于${params.due ?? ''}截止，请尽快登录网站完成。`;
    case 'admin_message':
      return `【Summit】${params.name}同学，你有一条新消息“${params.title ?? ''}”，请登录网站在“消息”中查看。`;
    case 'refund_succeeded':
      return `【Summit】${params.name}同学，你的一笔退款${params.amount ?? ''}元已原路退回付款账户，请登录网站查看。`;
    case 'payment_due':
      return `【Summit】${params.name}同学，你的${params.item ?? ''}${params.amount ?? ''}元将于${params.due ?? ''}截止缴纳，请尽快登录网站完成支付。`;
    case 'place_released':
      return `【Summit】${params.name}同学，你的${params.item ?? ''}已逾期未缴，按项目规定你的录取名额已被撤销。如有疑问请联系项目组。`;
    case 'programme_result':
      return `【Summit】${params.name}同学，你的${params.item ?? ''}录取结果已公布，请登录网站查看。`;
    case 'programme_result_withdrawn':
      return `【Summit】${params.name}同学，你的${params.item ?? ''}录取结果已被项目组撤回，请登录网站查看最新状态。`;
    case 'parent_paid':
      return `【Summit】${params.name}同学，你的家长已通过代付链接为你缴纳学费${params.amount ?? ''}元，缴费成功。请登录网站查看后续安排。`;
  }
}
