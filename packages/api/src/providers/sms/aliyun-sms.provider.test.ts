import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { AliyunSmsProvider } from './aliyun-sms.provider.ts';
import { SmsDeliveryError } from './sms-provider.ts';

/** A local stand-in for dysmsapi.aliyuncs.com: records what the real SDK sends and answers like Aliyun. */
let server: FastifyInstance;
let endpoint = '';
const seen: Array<{ query: Record<string, string>; headers: Record<string, unknown> }> = [];
let answer: Record<string, string> = { Code: 'OK', Message: 'OK', BizId: '900000^0', RequestId: 'req-1' };

beforeAll(async () => {
  server = Fastify();
  server.post('/', async (req) => {
    seen.push({ query: req.query as Record<string, string>, headers: req.headers });
    return answer;
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  endpoint = typeof address === 'object' && address ? `127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  await server.close();
});

const provider = () =>
  new AliyunSmsProvider({ accessKeyId: 'test-key-id', accessKeySecret: 'test-secret', signName: 'Summit', templateCode: 'SMS_123', endpoint, protocol: 'http', timeoutMs: 2000 });

describe('Aliyun SMS adapter (real SDK against a local stand-in)', () => {
  it('sends SendSms with the template, the code as JSON and an ACS3 signature', async () => {
    answer = { Code: 'OK', Message: 'OK', BizId: '900000^0', RequestId: 'req-1' };
    const result = await provider().sendVerificationCode({ phoneCode: '86', phone: '13900001111', code: '0427' });
    expect(result).toMatchObject({ provider: 'aliyun', providerMessageId: '900000^0', keepsCode: false });
    expect(result.content).not.toContain('0427');
    const last = seen.at(-1)!;
    expect(last.query).toMatchObject({ PhoneNumbers: '13900001111', SignName: 'Summit', TemplateCode: 'SMS_123' });
    expect(JSON.parse(last.query.TemplateParam!)).toEqual({ code: '0427' });
    expect(last.headers['x-acs-action']).toBe('SendSms');
    expect(last.headers['x-acs-version']).toBe('2017-05-25');
    expect(String(last.headers.authorization)).toMatch(/^ACS3-HMAC-SHA256 Credential=test-key-id,SignedHeaders=.+,Signature=[0-9a-f]{64}$/);
  });

  it('sends a result notification through the template of its kind, with the name and amount as parameters', async () => {
    answer = { Code: 'OK', Message: 'OK', BizId: '900001^0', RequestId: 'req-3' };
    const p = new AliyunSmsProvider({ accessKeyId: 'k', accessKeySecret: 's', signName: 'Summit', templateCode: 'SMS_123', notificationTemplates: { tuition_paid: 'SMS_456' }, endpoint, protocol: 'http', timeoutMs: 2000 });
    const result = await p.sendNotification({ phoneCode: '86', phone: '13900001111', kind: 'tuition_paid', params: { name: '张小明', amount: '16800.00' } });
    expect(result).toMatchObject({ provider: 'aliyun', providerMessageId: '900001^0' });
    expect(result.content).toContain('16800.00元');
    expect(seen.at(-1)!.query).toMatchObject({ TemplateCode: 'SMS_456' });
    expect(JSON.parse(seen.at(-1)!.query.TemplateParam!)).toEqual({ name: '张小明', amount: '16800.00' });
    // A kind without a template fails that message only, as a delivery error (retried, never a 500).
    await expect(p.sendNotification({ phoneCode: '86', phone: '13900001111', kind: 'parent_paid', params: { name: '张小明' } })).rejects.toBeInstanceOf(SmsDeliveryError);
  });

  it('prefixes non-mainland numbers with 00 and the country code', () => {
    expect(AliyunSmsProvider.formatPhone('86', '13900001111')).toBe('13900001111');
    expect(AliyunSmsProvider.formatPhone('852', '51234567')).toBe('0085251234567');
  });

  it('turns a refusal into SmsDeliveryError with the provider code', async () => {
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控', RequestId: 'req-2' };
    await expect(provider().sendVerificationCode({ phoneCode: '86', phone: '13900001111', code: '1111' })).rejects.toMatchObject({
      name: 'SmsDeliveryError',
      providerCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
  });

  it('turns a network failure into SmsDeliveryError', async () => {
    const dead = new AliyunSmsProvider({ accessKeyId: 'a', accessKeySecret: 'b', signName: 's', templateCode: 't', endpoint: '127.0.0.1:9', protocol: 'http', timeoutMs: 500 });
    await expect(dead.sendVerificationCode({ phoneCode: '86', phone: '13900001111', code: '1111' })).rejects.toBeInstanceOf(SmsDeliveryError);
  });
});
