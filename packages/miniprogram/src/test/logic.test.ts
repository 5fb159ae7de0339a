import { describe, expect, it } from 'vitest';
import { landingOf, lastShareMessage, loginPath, payOutcomeOf, sceneOf, sharePath, sitePathOf, webviewUrl, yuan } from '../lib/logic';

const ORIGIN = 'https://summit.example.cn';

describe('the mini-program’s decisions', () => {
  it('reads the scene of a mini-program code and the landing of a card or code', () => {
    expect(sceneOf({ scene: encodeURIComponent('Sc3n3Id_0123456789abcd') })).toBe('Sc3n3Id_0123456789abcd');
    for (const bad of [undefined, '', 'short', '%E0%A4%A', 'has space in it 0123456', 'x'.repeat(33)]) expect(sceneOf({ scene: bad })).toBeNull();
    expect(landingOf({ scene: 'l42' })).toBe(42);
    expect(landingOf({ landing: '105' })).toBe(105);
    expect(landingOf({ landing: '0' })).toBe(1);
    expect(landingOf({ landing: '99999999999' })).toBe(1);
    expect(landingOf({})).toBe(1);
  });

  it('opens only the site’s own paths', () => {
    expect(sitePathOf(encodeURIComponent('/courses?x=1'))).toBe('/courses?x=1');
    for (const bad of ['//evil.example.com', '/\\evil.example.com', 'https://evil.example.com', '/a\nb', undefined]) expect(sitePathOf(bad)).toBeNull();
  });

  it('puts the one-time code in the fragment only', () => {
    const url = webviewUrl({ origin: ORIGIN, landing: 1, code: 'abc', to: '/x', referrerId: 'ref123456' });
    expect(url).toBe(`${ORIGIN}/mini/1?to=%2Fx&mini_referrer_id=ref123456#mp_code=abc`);
    expect(new URL(url).search).not.toContain('abc');
  });

  it('shares a page of our origin only, with the sharer as referrer', () => {
    expect(sharePath({ webViewUrl: 'https://evil.example.com/x', origin: ORIGIN, message: null, referrerId: null })).toBe('/pages/index/index');
    expect(sharePath({ webViewUrl: `${ORIGIN}/`, origin: ORIGIN, message: null, referrerId: 'me1234567' })).toBe('/pages/index/index?mini_referrer_id=me1234567');
    expect(lastShareMessage('nope')).toBeNull();
    expect(lastShareMessage([{ type: 'other' }])).toBeNull();
  });

  it('picks the login of its variant, and reads WeChat Pay’s answers', () => {
    expect(loginPath('main')).toBe('/api/login-mp');
    expect(loginPath('com')).toBe('/api/login-mp-com');
    expect(payOutcomeOf('requestPayment:fail cancel')).toBe('cancel');
    expect(payOutcomeOf('requestPayment:fail')).toBe('fail');
    expect(yuan(1)).toBe('¥0.01');
  });
});
