/** Server-enforced limits of the account flows (docs/api-contract.md, "SMS codes and captcha"). */
export const ACCOUNT_LIMITS = {
  captchaTtlMs: 5 * 60_000,
  captchaMin: 1,
  captchaMax: 20,
  /** Spec §4/§9: a wrong captcha answer locks sending for 3 s. */
  captchaWrongLockMs: 3_000,
  smsCodeTtlMs: 10 * 60_000,
  /** Spec §9: 60 s between two codes to one phone. */
  smsResendIntervalMs: 60_000,
  smsDailyPerPhone: 10,
  smsDailyPerIp: 30,
  smsCodeMaxFailures: 5,
  loginWindowMs: 15 * 60_000,
  loginFailuresPerPhone: 10,
  loginFailuresPerIp: 50,
} as const;
