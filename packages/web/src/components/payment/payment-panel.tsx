import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { JsapiPayParamsDto, PaymentIsPaid, PaymentOrder } from '@summit/domain/api/payments';
import { PROGRAMME_NAME } from '@summit/domain/payments';
import { ApiError } from '../../lib/api-client.ts';
import { confirmSandboxPayment, fetchPaymentMethods, fetchWechatPayOauthUrl } from './payment-api.ts';
import { formatMoney } from './money.ts';
import { ALIPAY_IN_WECHAT_GUIDE, ALIPAY_WEB_OPTION, STRIPE_OPTION, currentPayDevice, forgetWxPayer, payOptionsFor, readWxPayer, type PayOption } from './pay-channels.ts';
import { StripeCardForm } from './stripe-card-form.tsx';
import { pageUrlOf } from './pay-instruction.ts';
import { PAY_POLL_MS, pollOutcome } from './pay-poll.ts';
import { QrCode } from './qr-code.tsx';
import './payment.css';
import { confirmThroughStandIn, invokeWechatPay, isSandboxPackage, waitForBridge } from './wx-bridge.ts';
import { payInMiniProgram } from '../../lib/miniprogram-bridge.ts';
import { isMiniProgram } from '../../lib/platform.ts';
import { toast } from '../../lib/notifier.ts';

/** A mini-program web-view without the payer ticket its login leaves: the login must run again. */
const MINI_PAYER_MISSING = '请返回小程序首页重新进入后再支付';


interface WaitingOrder {
  id: string;
  /** Null after coming back from a provider page: only the order number was kept. */
  pay: PaymentOrder['pay'] | null;
  label: string;
}

export interface PaymentPanelProps {
  /** 申请费 / 学费: what is being paid. */
  purposeLabel: string;
  amountFen: number | null;
  /** Remembers the order across the provider's redirect (sessionStorage key). */
  resumeKey: string;
  startPayment: (option: PayOption) => Promise<PaymentOrder>;
  checkPaid: (orderId: string) => Promise<PaymentIsPaid>;
  onPaid: () => void;
  /** Offer 海外银行卡支付 (Stripe) when the server takes it (tuition and the parent's link; decision 071). */
  offerStripe?: boolean;
  /** A partner's channel instead of the usual buttons (NHP, decision 075): only these are offered. */
  options?: readonly PayOption[];
}

function readResume(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeResume(key: string, orderId: string | null) {
  try {
    if (orderId) window.sessionStorage.setItem(key, orderId);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Private mode: the page just starts over after a redirect.
  }
}

/**
 * Channel choice → QR code (desktop) or the provider's page (phone) → "等待支付结果…" polling → onPaid.
 * Used for the application fee, tuition and the parent's link alike.
 */
export function PaymentPanel({ purposeLabel, amountFen, resumeKey, startPayment, checkPaid, onPaid, offerStripe = false, options: only }: PaymentPanelProps) {
  const [device] = useState(currentPayDevice);
  const options = only ?? payOptionsFor(device);
  const methods = useQuery({ queryKey: ['payment', 'methods'], queryFn: fetchPaymentMethods, enabled: offerStripe, staleTime: 5 * 60_000, retry: false });
  const stripeOffered = offerStripe && (methods.data?.providers.includes('STRIPE') ?? false);
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<WaitingOrder | null>(() => {
    const id = readResume(resumeKey);
    return id ? { id, pay: null, label: '' } : null;
  });
  const [closedNotice, setClosedNotice] = useState(false);
  /** Alipay chosen inside WeChat: the "open in a browser" guide. */
  const [guide, setGuide] = useState(false);
  /** No WeixinJSBridge (a desktop browser in the demo's WeChat mode): the simulated WeChat pay sheet. */
  const [sheet, setSheet] = useState<{ orderId: string; params: JsapiPayParamsDto } | null>(null);
  const [sheetBusy, setSheetBusy] = useState(false);
  const [jsapiNotice, setJsapiNotice] = useState<string | null>(null);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const checkRef = useRef(checkPaid);
  checkRef.current = checkPaid;

  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const tick = async () => {
      try {
        const result = await checkRef.current(waiting.id);
        if (!live) return;
        const outcome = pollOutcome(result);
        if (outcome === 'paid') {
          writeResume(resumeKey, null);
          onPaidRef.current();
        } else if (outcome === 'closed') {
          writeResume(resumeKey, null);
          setWaiting(null);
          setClosedNotice(true);
        }
      } catch {
        // A missing order (another browser's) or a network blip: keep waiting; the payer can switch channel.
      }
    };
    void tick();
    const timer = window.setInterval(() => void tick(), PAY_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [waiting, resumeKey]);

  /** docs/api-contract.md: no payer ticket yet (or a stale one): the base OAuth, which comes back to this page. */
  const authorise = async () => {
    // The mini-program's payer is known from its login, not from the official account's OAuth (decision 097).
    if (isMiniProgram()) {
      toast('error', MINI_PAYER_MISSING);
      return;
    }
    // The server takes a same-origin path only (decision 069): WeChat sends the payer back here.
    const { wechat_pay_oauth_url: url } = await fetchWechatPayOauthUrl(window.location.pathname + window.location.search);
    window.location.assign(url);
  };

  /** Raises WeChat's pay sheet (or the simulated one); the outcome only changes the hint: is-paid decides. */
  const launchJsapi = async (orderId: string, params: JsapiPayParamsDto) => {
    setJsapiNotice(null);
    // Inside the mini-program's web-view WeChat's pay sheet is the mini-program's own page (decision 097).
    if (isMiniProgram() && (await payInMiniProgram(orderId))) return;
    const api = await waitForBridge();
    if (!api) {
      setSheet({ orderId, params });
      return;
    }
    const outcome = await invokeWechatPay(api, params);
    if (outcome !== 'ok') setJsapiNotice(outcome === 'cancel' ? '已取消支付，可重新发起' : '支付未完成，请重试');
  };

  const confirmSheet = async () => {
    if (!sheet) return;
    setSheetBusy(true);
    try {
      const outcome = isSandboxPackage(sheet.params) ? ((await confirmSandboxPayment(sheet.orderId)).status === 'paid' ? 'ok' : 'fail') : await confirmThroughStandIn(sheet.params);
      if (outcome !== 'ok') setJsapiNotice('支付未完成，请重试');
      setSheet(null);
    } catch {
      setJsapiNotice('支付未完成，请重试');
      setSheet(null);
    } finally {
      setSheetBusy(false);
    }
  };

  const pay = async (chosen: PayOption) => {
    if (chosen.blocked === 'wechat') {
      setGuide(true);
      return;
    }
    let option = chosen;
    setBusy(option.label);
    setClosedNotice(false);
    try {
      if (option.channel === 'wechat_mp') {
        const ticket = readWxPayer();
        if (!ticket) {
          await authorise();
          return;
        }
        option = { ...option, wxPayer: ticket };
      }
      let order: PaymentOrder;
      try {
        order = await startPayment(option);
      } catch (err) {
        // The ticket expired or belongs to another app: authorise again.
        if (err instanceof ApiError && err.field === 'wx_payer') {
          forgetWxPayer();
          await authorise();
          return;
        }
        throw err;
      }
      if (order.pay.kind === 'jsapi') {
        setWaiting({ id: order.id, pay: order.pay, label: option.label });
        void launchJsapi(order.id, order.pay.params);
        return;
      }
      const page = pageUrlOf(order.pay);
      if (page) {
        writeResume(resumeKey, order.id);
        setWaiting({ id: order.id, pay: order.pay, label: option.label });
        window.location.assign(page);
        return;
      }
      // Live Stripe leaves the page to confirm, too: the order number survives the trip.
      if (order.pay.kind === 'stripe') writeResume(resumeKey, order.id);
      setWaiting({ id: order.id, pay: order.pay, label: option.label });
    } catch {
      // The api client already showed the message (or sent the student on for a gate).
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    writeResume(resumeKey, null);
    setWaiting(null);
    setSheet(null);
    setJsapiNotice(null);
  };

  return (
    <section className="adm-card adm-pay" aria-label={`支付${purposeLabel}`}>
      <div className="adm-pay__amount">
        <span className="adm-pay__label">{purposeLabel}</span>
        <strong className="adm-pay__value">{amountFen === null ? '—' : formatMoney(amountFen)}</strong>
      </div>

      {waiting ? (
        <div className="adm-pay__waiting">
          {waiting.pay?.kind === 'qr' ? (
            <>
              <p className="adm-pay__hint">{only ? `请扫描二维码，在${waiting.label}完成支付` : `请使用${waiting.label === '支付宝' ? '支付宝' : '微信'}扫描二维码完成支付`}</p>
              <QrCode value={waiting.pay.code_url} label={`${waiting.label}支付二维码`} />
              <a className="adm-link" href={waiting.pay.code_url} target="_blank" rel="noopener noreferrer">
                在新窗口打开支付页面
              </a>
            </>
          ) : waiting.pay?.kind === 'stripe' && waiting.pay.publishable_key ? (
            <>
              <p className="adm-pay__hint">请填写银行卡信息，按订单币种扣款</p>
              <StripeCardForm publishableKey={waiting.pay.publishable_key} clientSecret={waiting.pay.client_secret} returnUrl={waiting.pay.url} />
            </>
          ) : waiting.pay && pageUrlOf(waiting.pay) ? (
            <a className="adm-link" href={pageUrlOf(waiting.pay) ?? undefined}>
              未自动跳转？点此前往支付页面
            </a>
          ) : waiting.pay?.kind === 'jsapi' ? (
            <>
              <p className="adm-pay__hint">请在微信支付窗口中完成支付</p>
              {jsapiNotice ? <p className="adm-pay__notice">{jsapiNotice}</p> : null}
              {sheet ? null : (
                <Button className="adm-button" onClick={() => waiting.pay?.kind === 'jsapi' && void launchJsapi(waiting.id, waiting.pay.params)}>
                  重新调起微信支付
                </Button>
              )}
            </>
          ) : null}
          <div className="adm-pay__status" role="status" aria-live="polite">
            <Spin size="small" /> 等待支付结果…
          </div>
          <Button className="adm-button" onClick={reset}>
            更换支付方式
          </Button>
        </div>
      ) : (
        <div className="adm-pay__choices">
          {closedNotice ? <p className="adm-pay__notice">订单已关闭，请重新选择支付方式</p> : null}
          <p className="adm-pay__hint">选择支付方式</p>
          {options.map((option) => (
            <Button
              key={option.label}
              type={option.provider === 'WX' || only ? 'primary' : 'default'}
              size="large"
              block
              className={`adm-button adm-button--${option.provider === 'WX' ? 'wechat' : option.provider === 'AL' ? 'alipay' : 'partner'}`}
              loading={busy === option.label}
              disabled={busy !== null && busy !== option.label}
              onClick={() => void pay(option)}
            >
              {option.label}
            </Button>
          ))}
          {device === 'desktop' && !only ? (
            <Button type="link" className="adm-button" disabled={busy !== null} onClick={() => void pay(ALIPAY_WEB_OPTION)}>
              使用支付宝网页版支付
            </Button>
          ) : null}
          {stripeOffered ? (
            <div className="adm-pay__abroad">
              <Button
                size="large"
                block
                className="adm-button adm-button--stripe"
                loading={busy === STRIPE_OPTION.label}
                disabled={busy !== null && busy !== STRIPE_OPTION.label}
                onClick={() => void pay(STRIPE_OPTION)}
              >
                {STRIPE_OPTION.label}
              </Button>
              <p className="adm-pay__note">适用于身在海外、无法使用微信支付或支付宝的付款人：支持 Visa、Mastercard 等银行卡，按订单币种（人民币）扣款，汇率以发卡行为准。</p>
            </div>
          ) : null}
        </div>
      )}

      {sheet ? (
        <div className="adm-wxsheet" role="dialog" aria-modal="true" aria-label="微信支付">
          <div className="adm-wxsheet__panel">
            <p className="adm-wxsheet__badge">模拟微信支付：仅用于演示和测试，不会产生真实扣款</p>
            <p className="adm-wxsheet__payee">{PROGRAMME_NAME}</p>
            <p className="adm-wxsheet__what">{purposeLabel}</p>
            <strong className="adm-wxsheet__amount">{amountFen === null ? '—' : formatMoney(amountFen)}</strong>
            <Button type="primary" size="large" block className="adm-button adm-button--wechat" loading={sheetBusy} onClick={() => void confirmSheet()}>
              确认支付
            </Button>
            <Button
              size="large"
              block
              className="adm-button"
              disabled={sheetBusy}
              onClick={() => {
                setSheet(null);
                setJsapiNotice('已取消支付，可重新发起');
              }}
            >
              取消
            </Button>
          </div>
        </div>
      ) : null}

      {guide ? (
        <div className="adm-wxguide" role="dialog" aria-modal="true" aria-label="在浏览器打开" onClick={() => setGuide(false)}>
          <span className="adm-wxguide__arrow" aria-hidden="true">
            ↗
          </span>
          <p className="adm-wxguide__text">{ALIPAY_IN_WECHAT_GUIDE}</p>
          <Button className="adm-button" onClick={() => setGuide(false)}>
            我知道了
          </Button>
        </div>
      ) : null}
    </section>
  );
}
