import type { PaymentOrder } from '@summit/domain/api/payments';

/**
 * The page a payer is sent to: a provider's page, or Stripe's confirm page when Stripe.js is not used (no
 * publishable key: sandbox or stand-in; decision 071). Null when the payment happens on this page (a QR code, or
 * live Stripe's card form).
 */
export function pageUrlOf(pay: PaymentOrder['pay']): string | null {
  if (pay.kind === 'redirect') return pay.url;
  if (pay.kind === 'stripe' && !pay.publishable_key) return pay.url;
  return null;
}
