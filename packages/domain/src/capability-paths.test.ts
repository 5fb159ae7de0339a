import { describe, expect, it } from 'vitest';
import { CAPABILITY_PATH_PATTERN, CAPABILITY_QUERY_PATTERN, carriesCapability } from './capability-paths.ts';

describe('addresses that carry a capability (decision 033)', () => {
  it.each([
    '/pay/admission-parent/3f9c2a',
    '/pay/sbp-parent/3f9c2a?from=wechat',
    '/api/guest/payment/pay-for/3f9c2a',
    '/offer/verify/AB12CD34',
    '/student/certificate/3f9c2a',
    '/pay/sandbox/SM20260101ffff?return=%2Fpay%2Fapply',
    '/api/email/validate?token=abc',
    '/wx-code-redirect?state=x&code=061abc',
    '/anything?Signature=1',
    '/recommend-letter/verify/AB12CD34',
    '/api/recommend-letter/file/3f9c2a',
    '/api/certificate/verify/3f9c2a',
    '/api/calendar/3f9c2a.ics',
    '/student/checkin?t=3f9c2a.1f',
  ])('%s does', (url) => {
    expect(carriesCapability(url)).toBe(true);
  });

  it.each([
    '/',
    '/pay/admission',
    '/pay/admission-parent/',
    '/student/certificate',
    '/student/certificate-post',
    '/offer/verify',
    '/login?r=%2Fstudent%2Fapply',
    '/pdf/%2Fapi%2Ffiles%2F1',
    '/api/clock',
    '/faq?barcode=1',
    '/pay/admission-parent',
    '/student/checkin',
    '/student/calendar',
    '/calendar',
    '/faq?tab=1',
  ])('%s does not', (url) => {
    expect(carriesCapability(url)).toBe(false);
  });

  it('captures the part a log line keeps, so redaction can replace only the secret', () => {
    expect('/pay/admission-parent/3f9c2a/x'.replace(CAPABILITY_PATH_PATTERN, '$1[redacted]')).toBe('/pay/admission-parent/[redacted]/x');
    expect('/api/email/validate?token=abc&x=1'.replace(CAPABILITY_QUERY_PATTERN, '$1[redacted]')).toBe('/api/email/validate?token=[redacted]&x=1');
  });
});
