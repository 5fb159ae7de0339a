import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spin } from 'antd';

/**
 * Live Stripe (decision 071): the card form is Stripe's own Payment Element, loaded from js.stripe.com only
 * when the server answers a publishable key (the CSP lets it in only then). Offline (sandbox, stand-in) the
 * payer opens the instruction's url instead and this file is never used.
 */
const STRIPE_JS = 'https://js.stripe.com/v3';

interface StripeElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
}
interface StripeInstance {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: { elements: StripeElements; confirmParams: { return_url: string } }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeInstance;

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe's script once per page; Stripe asks that it is always loaded from js.stripe.com, never bundled. */
function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the payer after the card is confirmed (our own page, which then polls is-paid). */
  returnUrl: string;
}

export function StripeCardForm({ publishableKey, clientSecret, returnUrl }: StripeCardFormProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ stripe: StripeInstance; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let element: StripeElement | null = null;
    let live = true;
    loadStripeJs()
      .then((factory) => {
        if (!live || !host.current) return;
        const stripe = factory(publishableKey);
        const elements = stripe.elements({ clientSecret, locale: 'zh', appearance: { theme: 'stripe' } });
        element = elements.create('payment');
        element.mount(host.current);
        setState({ stripe, elements });
      })
      .catch(() => {
        if (live) setError('无法连接 Stripe，请检查网络后重试，或选择其他支付方式');
      });
    return () => {
      live = false;
      element?.destroy();
    };
  }, [publishableKey, clientSecret]);

  const confirm = async () => {
    if (!state) return;
    setBusy(true);
    setError(null);
    const result = await state.stripe.confirmPayment({ elements: state.elements, confirmParams: { return_url: new URL(returnUrl, window.location.href).toString() } });
    // Only reached when the confirmation failed: on success Stripe navigates to the return url.
    setBusy(false);
    if (result.error) setError(result.error.message ?? '支付未完成，请重试');
  };

  return (
    <div className="adm-stripe">
      <div ref={host} className="adm-stripe__element">
        {state ? null : <Spin />}
      </div>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Button type="primary" size="large" block className="adm-button" loading={busy} disabled={!state} onClick={() => void confirm()}>
        确认支付
      </Button>
    </div>
  );
}
