import type { JsapiPayParamsDto } from '@summit/domain/api/payments';

/**
 * WeChat's in-app JS bridge (WeixinJSBridge, present only inside WeChat) and, elsewhere, what stands in for it
 * in the demo: the page shows a simulated WeChat pay sheet and confirms through the sandbox or the Pay v3
 * stand-in (decision 070). Either way the page then polls is-paid as for every other channel: the bridge's
 * "ok" is never taken as proof of payment (WeChat's own advice), the provider's notification is.
 */

export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

interface WeixinJSBridgeApi {
  invoke(name: 'getBrandWCPayRequest', args: Record<string, string>, callback: (res: { err_msg?: string }) => void): void;
}

function bridge(): WeixinJSBridgeApi | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { WeixinJSBridge?: WeixinJSBridgeApi }).WeixinJSBridge;
}

/** The bridge arrives a moment after the page inside WeChat ("WeixinJSBridgeReady"); a desktop never has it. */
export function waitForBridge(timeoutMs = 1_500): Promise<WeixinJSBridgeApi | undefined> {
  const now = bridge();
  if (now || typeof document === 'undefined') return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      window.clearTimeout(timer);
      resolve(bridge());
    };
    const timer = window.setTimeout(done, timeoutMs);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

/** The getBrandWCPayRequest arguments, in the bridge's own spelling. */
export function bridgeArgs(p: JsapiPayParamsDto): Record<string, string> {
  return { appId: p.app_id, timeStamp: p.time_stamp, nonceStr: p.nonce_str, package: p.package, signType: p.sign_type, paySign: p.pay_sign };
}

export function outcomeOf(errMsg: string | undefined): BridgeOutcome {
  if (errMsg === 'get_brand_wcpay_request:ok') return 'ok';
  if (errMsg === 'get_brand_wcpay_request:cancel') return 'cancel';
  return 'fail';
}

export function invokeWechatPay(api: WeixinJSBridgeApi, p: JsapiPayParamsDto): Promise<BridgeOutcome> {
  return new Promise((resolve) => api.invoke('getBrandWCPayRequest', bridgeArgs(p), (res) => resolve(outcomeOf(res.err_msg))));
}

/** The sandbox's parameters name their order in the package; anything else came from WeChat Pay (or its stand-in). */
export function isSandboxPackage(p: JsapiPayParamsDto): boolean {
  return p.package.startsWith('prepay_id=sandbox_');
}

/** Where the demo's simulated sheet confirms a stand-in JSAPI payment (PAYMENT_WECHAT=standin). */
export const STANDIN_CONFIRM_PATH = '/__wechat/pay/jsapi/confirm';

/** The stand-in's "WeChat app": it checks paySign like the bridge, then pays and notifies like WeChat Pay. */
export async function confirmThroughStandIn(p: JsapiPayParamsDto): Promise<BridgeOutcome> {
  try {
    const res = await fetch(STANDIN_CONFIRM_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bridgeArgs(p)) });
    const body = (await res.json()) as { err_msg?: string };
    return outcomeOf(body.err_msg);
  } catch {
    return 'fail';
  }
}
