import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import type { PaymentIsPaid, PaymentOrder } from '@summit/domain';
import { formatMoney } from './money.ts';
import { ALIPAY_WEB_OPTION, currentPayDevice, payOptionsFor, type PayOption } from './pay-channels.ts';
import { PAY_POLL_MS, pollOutcome } from './pay-poll.ts';
import { QrCode } from './qr-code.tsx';


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
export function PaymentPanel({ purposeLabel, amountFen, resumeKey, startPayment, checkPaid, onPaid }: PaymentPanelProps) {
  const [device] = useState(currentPayDevice);
  const options = payOptionsFor(device);
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<WaitingOrder | null>(() => {
    const id = readResume(resumeKey);
    return id ? { id, pay: null, label: '' } : null;
  });
  const [closedNotice, setClosedNotice] = useState(false);
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

  const pay = async (option: PayOption) => {
    setBusy(option.label);
    setClosedNotice(false);
    try {
      const order = await startPayment(option);
      if (order.pay.kind === 'redirect') {
        writeResume(resumeKey, order.id);
        setWaiting({ id: order.id, pay: order.pay, label: option.label });
        window.location.assign(order.pay.url);
        return;
      }
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
              <p className="adm-pay__hint">请使用{waiting.label === '支付宝' ? '支付宝' : '微信'}扫描二维码完成支付</p>
              <QrCode value={waiting.pay.code_url} label={`${waiting.label}支付二维码`} />
              <a className="adm-link" href={waiting.pay.code_url} target="_blank" rel="noopener noreferrer">
                在新窗口打开支付页面
              </a>
            </>
          ) : waiting.pay?.kind === 'redirect' ? (
            <a className="adm-link" href={waiting.pay.url}>
              未自动跳转？点此前往支付页面
            </a>
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
              type={option.provider === 'WX' ? 'primary' : 'default'}
              size="large"
              block
              className={`adm-button adm-button--${option.provider === 'WX' ? 'wechat' : 'alipay'}`}
              loading={busy === option.label}
              disabled={busy !== null && busy !== option.label}
              onClick={() => void pay(option)}
            >
              {option.label}
            </Button>
          ))}
          {device === 'desktop' ? (
            <Button type="link" className="adm-button" disabled={busy !== null} onClick={() => void pay(ALIPAY_WEB_OPTION)}>
              使用支付宝网页版支付
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
