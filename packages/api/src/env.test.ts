import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('configuration', () => {
  it('serves WeChat from the stand-in in demo mode, not at all with PostgreSQL, and needs the app for live (decision 069)', () => {
    expect(loadEnv({}).WECHAT_MODE).toBe('standin');
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' }).WECHAT_MODE).toBe('off');
    expect(() => loadEnv({ WECHAT_MODE: 'live' })).toThrow(/WECHAT_APP_ID is required when WECHAT_MODE=live[\s\S]*WECHAT_APP_SECRET[\s\S]*PUBLIC_URL/);
    expect(() => loadEnv({ WECHAT_APP_ID: 'not-an-app-id' })).toThrow(/WECHAT_APP_ID/);
    const live = loadEnv({ WECHAT_MODE: 'live', WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: '0123456789abcdef0123', PUBLIC_URL: 'https://summit.example.cn' });
    expect(live).toMatchObject({ WECHAT_MODE: 'live', WECHAT_API_BASE: 'https://api.weixin.qq.com', WECHAT_OPEN_BASE: 'https://open.weixin.qq.com' });
  });

  it('defaults to the embedded database in demo mode on port 3000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_MODE: true, SEED_DEMO: true, SMS_PROVIDER: 'outbox', TOKEN_TTL_DAYS: 30 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('listens on 127.0.0.1 in demo mode (its passwords are published) and on every interface otherwise, unless HOST says', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', DEMO_MODE: 'true' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('turns demo mode off by default with PostgreSQL', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' })).toMatchObject({ DEMO_MODE: false, SEED_DEMO: false });
    expect(loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });

  it('refuses bad values and a half-configured Aliyun provider, naming each variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_SECRET[\s\S]*ALIYUN_SMS_SIGN_NAME/);
    expect(() => loadEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });

  it('needs one valid template code per result notification with Aliyun', () => {
    const aliyun = { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'k', ALIYUN_SMS_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'Summit', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1000' };
    expect(() => loadEnv(aliyun)).toThrow(/ALIYUN_SMS_TEMPLATE_DECISION_RELEASED[\s\S]*ALIYUN_SMS_TEMPLATE_TUITION_PAID[\s\S]*ALIYUN_SMS_TEMPLATE_PARENT_PAID/);
    const full = { ...aliyun, ALIYUN_SMS_TEMPLATE_DECISION_RELEASED: 'SMS_2001', ALIYUN_SMS_TEMPLATE_TUITION_PAID: 'SMS_2002', ALIYUN_SMS_TEMPLATE_PARENT_PAID: 'SMS_2003' };
    expect(loadEnv(full).ALIYUN_SMS_TEMPLATE_PARENT_PAID).toBe('SMS_2003');
    expect(() => loadEnv({ ...full, ALIYUN_SMS_TEMPLATE_TUITION_PAID: '学费模板' })).toThrow(/ALIYUN_SMS_TEMPLATE_TUITION_PAID/);
  });
});
