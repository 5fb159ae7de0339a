import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';
import { createTestApp } from '../test/test-app.ts';

describe('access-log URLs', () => {
  it('mask parent-pay tokens, verification tokens and signatures, and leave other addresses alone', () => {
    expect(redactUrl('/api/guest/payment/pay-for/AbC_123-xyz/is-paid')).toBe('/api/guest/payment/pay-for/[redacted]/is-paid');
    expect(redactUrl('/pay/admission-parent/AbC_123?x=1')).toBe('/pay/admission-parent/[redacted]?x=1');
    expect(redactUrl('/api/email/validate?token=secret&lang=zh')).toBe('/api/email/validate?token=[redacted]&lang=zh');
    expect(redactUrl('/innersecurity?password=hunter2')).toBe('/innersecurity?password=[redacted]');
    expect(redactUrl('/api/student/info')).toBe('/api/student/info');
  });

  it('mask the WeChat app secret, codes, states and tokens of the OAuth and credential calls (decision 069)', () => {
    expect(redactUrl('/__wechat/cgi-bin/token?grant_type=client_credential&appid=wx1&secret=s3cr3t')).toBe('/__wechat/cgi-bin/token?grant_type=client_credential&appid=wx1&secret=[redacted]');
    expect(redactUrl('/wx-code-redirect?code=abc&state=def')).toBe('/wx-code-redirect?code=[redacted]&state=[redacted]');
    expect(redactUrl('/__wechat/cgi-bin/ticket/getticket?access_token=tok&type=jsapi')).toBe('/__wechat/cgi-bin/ticket/getticket?access_token=[redacted]&type=jsapi');
  });

  it("the server's own request log line never holds a pay-link token", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp({ logStream: sink });
    try {
      await t.app.inject({ method: 'GET', url: '/api/guest/payment/pay-for/TOPSECRETTOKEN123/is-paid' });
      await t.app.inject({ method: 'GET', url: '/api/email/validate?token=ANOTHERSECRET' });
    } finally {
      await t.close();
    }
    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain('TOPSECRETTOKEN123');
    expect(log).not.toContain('ANOTHERSECRET');
    // Builds a whole app inside the test: on a loaded 2-core machine that alone has taken 30 s.
  }, 120_000);
});
