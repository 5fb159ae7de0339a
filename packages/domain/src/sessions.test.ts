import { describe, expect, it } from 'vitest';
import { deviceLabel, passwordChangeRequestSchema, platformLabel, SESSION_MSG } from './sessions.ts';
import { MSG } from './messages.ts';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      '微信内置浏览器 · iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; V2203A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram/wx1234',
      '微信小程序 · Android',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome · Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86', 'Edge · Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', 'Safari · Mac'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'Chrome · iPhone'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox · Linux'],
    ['Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0 HuaweiBrowser/14.0.2.311 Mobile Safari/537.36', '华为浏览器 · 鸿蒙'],
    ['Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Safari/537.36 wxwork/4.1.16 MicroMessenger/7.0.1', '企业微信 · Windows'],
    ['curl/8.4.0', '未知浏览器 · 未知系统'],
  ])('%s → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });

  it('says 未知设备 without a user agent', () => {
    expect(deviceLabel(null)).toBe('未知设备');
    expect(deviceLabel('')).toBe('未知设备');
  });
});

describe('platformLabel', () => {
  it('names the x-plat values and passes nothing through as null', () => {
    expect(platformLabel('web')).toBe('网页');
    expect(platformLabel('wechat')).toBe('微信小程序');
    expect(platformLabel('wechatweb')).toBe('微信网页');
    expect(platformLabel(null)).toBeNull();
  });
});

describe('passwordChangeRequestSchema', () => {
  it('needs the current password, a valid new one, and a different one', () => {
    expect(passwordChangeRequestSchema.safeParse({ password: 'old-pass1', new_password: 'NewPassw0rd!' }).success).toBe(true);
    const missing = passwordChangeRequestSchema.safeParse({ password: '', new_password: 'NewPassw0rd!' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['password'], message: SESSION_MSG.OLD_PASSWORD_REQUIRED });
    const weak = passwordChangeRequestSchema.safeParse({ password: 'old-pass1', new_password: 'short' });
    expect(weak.error?.issues[0]).toMatchObject({ path: ['new_password'], message: MSG.PASSWORD_FORMAT });
    const same = passwordChangeRequestSchema.safeParse({ password: 'NewPassw0rd!', new_password: 'NewPassw0rd!' });
    expect(same.error?.issues[0]).toMatchObject({ path: ['new_password'], message: SESSION_MSG.PASSWORD_SAME });
  });
});
