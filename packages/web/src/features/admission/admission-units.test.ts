import { describe, expect, it } from 'vitest';
import { detectAmc } from './amc.ts';
import { formatMoney } from '../../components/payment/money.ts';
import { ALIPAY_IN_WECHAT_GUIDE, ALIPAY_WEB_OPTION, detectPayDevice, payDeviceFor, payOptionsFor } from '../../components/payment/pay-channels.ts';
import { bridgeArgs, isSandboxPackage, outcomeOf } from '../../components/payment/wx-bridge.ts';

describe('formatMoney', () => {
  it.each([
    [1_680_000, '¥16,800.00'],
    [50_000, '¥500.00'],
    [1, '¥0.01'],
    [0, '¥0.00'],
    [123_456_789, '¥1,234,567.89'],
  ])('%i fen → %s', (fen, text) => {
    expect(formatMoney(fen)).toBe(text);
  });

  it('shows another currency by its code', () => {
    expect(formatMoney(1_000, 'USD')).toBe('USD 10.00');
  });

  it('refuses fractions of a fen', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_WECHAT = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.40';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

describe('channel choice by device', () => {
  it('phones by user agent, or any browser narrower than a tablet', () => {
    expect(detectPayDevice(IPHONE, 1024)).toBe('phone');
    expect(detectPayDevice(ANDROID_WECHAT, 1024)).toBe('phone');
    expect(detectPayDevice(DESKTOP, 375)).toBe('phone');
    expect(detectPayDevice(DESKTOP, 1280)).toBe('desktop');
    expect(detectPayDevice(DESKTOP, 0)).toBe('desktop');
  });

  it('phones pay through the wap pages, desktops scan a QR code (or use Alipay web)', () => {
    expect(payOptionsFor('phone')).toEqual([
      { provider: 'WX', channel: 'wechat_wap', label: '微信支付' },
      { provider: 'AL', channel: 'alipay_wap', label: '支付宝' },
    ]);
    expect(payOptionsFor('desktop')).toEqual([
      { provider: 'WX', channel: 'wechat_scan', label: '微信支付' },
      { provider: 'AL', channel: 'scan', label: '支付宝' },
    ]);
    expect(ALIPAY_WEB_OPTION).toMatchObject({ provider: 'AL', channel: 'alipay_web' });
  });
});

describe('inside WeChat (decision 070)', () => {
  it('the WeChat browser and the mini-program web-view pay by JSAPI; other browsers keep their device', () => {
    expect(payDeviceFor('wechat', ANDROID_WECHAT, 375)).toBe('wechat');
    expect(payDeviceFor('wechatweb', ANDROID_WECHAT, 1280)).toBe('wechat');
    expect(payDeviceFor('web', IPHONE, 375)).toBe('phone');
    expect(payDeviceFor('web', DESKTOP, 1280)).toBe('desktop');
  });

  it('offers WeChat JSAPI, and Alipay only as the guide to open a browser', () => {
    expect(payOptionsFor('wechat')).toEqual([
      { provider: 'WX', channel: 'wechat_mp', label: '微信支付' },
      { provider: 'AL', channel: 'alipay_wap', label: '支付宝', blocked: 'wechat' },
    ]);
    expect(ALIPAY_IN_WECHAT_GUIDE).toBe('请点击右上角 ··· 选择「在浏览器打开」后使用支付宝支付');
  });

  it('hands the bridge its own spelling and reads its answers', () => {
    const params = { app_id: 'wx1', time_stamp: '1700000000', nonce_str: 'n', package: 'prepay_id=sandbox_SM1', sign_type: 'RSA' as const, pay_sign: 's' };
    expect(bridgeArgs(params)).toEqual({ appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=sandbox_SM1', signType: 'RSA', paySign: 's' });
    expect(isSandboxPackage(params)).toBe(true);
    expect(isSandboxPackage({ ...params, package: 'prepay_id=wx201410272009395522657a690389285100' })).toBe(false);
    expect(outcomeOf('get_brand_wcpay_request:ok')).toBe('ok');
    expect(outcomeOf('get_brand_wcpay_request:cancel')).toBe('cancel');
    expect(outcomeOf('get_brand_wcpay_request:fail')).toBe('fail');
    expect(outcomeOf(undefined)).toBe('fail');
  });
});

describe('AMC variant detection', () => {
  it('by host, by ?amc=1 (remembered), cleared by ?amc=0', () => {
    expect(detectAmc('amc.summit.cn', '', null)).toEqual({ amc: true, store: undefined });
    expect(detectAmc('summit.cn', '?amc=1', null)).toEqual({ amc: true, store: '1' });
    expect(detectAmc('summit.cn', '', '1')).toEqual({ amc: true, store: undefined });
    expect(detectAmc('summit.cn', '?amc=0', '1')).toEqual({ amc: false, store: null });
    expect(detectAmc('summit.cn', '', null)).toEqual({ amc: false, store: undefined });
  });
});
