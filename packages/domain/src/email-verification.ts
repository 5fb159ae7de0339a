/**
 * E-mail verification (decision 027): the result pages, the reasons a link fails and the
 * limits on sending. Zod-free, so the web's paths module and the api's redirect share the one list.
 */

/** Where GET /api/email/validate sends the browser. */
export const EMAIL_RESULT_PAGES = {
  success: '/email/validate-success',
  fail: '/email/validate-fail',
} as const;

/** Why a verification link did not verify anything (the fail page's ?reason=). */
export const EMAIL_FAIL_REASONS = ['expired', 'used', 'superseded', 'changed', 'invalid'] as const;
export type EmailFailReason = (typeof EMAIL_FAIL_REASONS)[number];

export const EMAIL_FAIL_TEXT: Record<EmailFailReason, { title: string; detail: string }> = {
  expired: { title: '验证链接已过期', detail: '验证链接的有效期为 24 小时。请登录后重新发送验证邮件。' },
  used: { title: '验证链接已使用', detail: '这个链接已经完成过一次验证，不能重复使用。如邮箱仍显示未验证，请重新发送验证邮件。' },
  superseded: { title: '验证链接已失效', detail: '你之后又发送过验证邮件，只有最新一封邮件中的链接有效。' },
  changed: { title: '邮箱已修改', detail: '发送这封邮件后，账号的邮箱已经修改。请为新邮箱重新发送验证邮件。' },
  invalid: { title: '验证链接无效', detail: '链接不完整或已被修改。请复制邮件中的完整链接，或重新发送验证邮件。' },
};

export function isEmailFailReason(value: string | null | undefined): value is EmailFailReason {
  return typeof value === 'string' && (EMAIL_FAIL_REASONS as readonly string[]).includes(value);
}

export const EMAIL_VERIFY_LIMITS = {
  /** How long a link works. */
  linkTtlHours: 24,
  /** Between two sends to one account (the button counts down). */
  resendIntervalSeconds: 60,
  /** Sends per account per rolling 24 hours. */
  dailyPerAccount: 5,
} as const;

export const EMAIL_MSG = {
  NO_EMAIL: '请先在个人信息中填写邮箱',
  ALREADY_VERIFIED: '邮箱已验证，无需重复发送',
  SEND_TOO_SOON: '验证邮件刚刚发送，请稍后再试',
  DAILY_LIMIT: '今日验证邮件发送次数已达上限，请明天再试',
  SEND_FAILED: '验证邮件发送失败，请稍后再试',
  SENT: '验证邮件已发送，请查收邮箱',
  SUBJECT: 'Summit 邮箱验证',
} as const;

/** The e-mail's plain text; `link` is the one-time verification address. */
export function verificationEmailText(name: string, link: string): string {
  return [
    `${name || '同学'}，你好：`,
    '',
    '请点击下面的链接验证你在 Summit 高中生夏季学术项目填写的邮箱：',
    link,
    '',
    `链接 ${EMAIL_VERIFY_LIMITS.linkTtlHours} 小时内有效，只能使用一次。如果这不是你本人的操作，请忽略本邮件。`,
    '',
    'Summit 高中生夏季学术项目',
  ].join('\n');
}
