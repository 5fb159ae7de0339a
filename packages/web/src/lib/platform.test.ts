import { describe, expect, it } from 'vitest';
import { detectPlat } from './platform.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const MINI =
  'Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0 Mobile Safari/537.36 MicroMessenger/8.0.44 NetType/WIFI Language/zh_CN miniProgram/wx1234567890';

describe('detectPlat', () => {
  it.each([
    ['desktop Chrome', CHROME, undefined, 'web'],
    ['WeChat in-app browser', WECHAT, undefined, 'wechat'],
    ['mini-program web-view by UA', MINI, undefined, 'wechatweb'],
    ['mini-program web-view by JS bridge', WECHAT, 'miniprogram', 'wechatweb'],
    ['empty UA', '', undefined, 'web'],
  ])('%s → %s', (_label, ua, env, expected) => {
    expect(detectPlat(ua, env)).toBe(expected);
  });

  it('the demo switch makes a desktop browser WeChat, never a mini-program into one', () => {
    expect(detectPlat(CHROME, undefined, true)).toBe('wechat');
    expect(detectPlat(MINI, undefined, true)).toBe('wechatweb');
    expect(detectPlat(CHROME, undefined, false)).toBe('web');
  });
});
