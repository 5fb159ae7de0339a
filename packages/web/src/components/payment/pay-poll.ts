import type { PaymentIsPaid } from '@summit/domain/api/payments';

/** is-paid is asked every 2 s while the payer is at the provider. */
export const PAY_POLL_MS = 2_000;

/**
 * What one is-paid answer means for the waiting page: the purpose is paid (by this order or by any other,
 * e.g. a parent's link while the student's QR code was open), the order closed without payment (choose
 * again), or keep waiting.
 */
export function pollOutcome(result: PaymentIsPaid): 'paid' | 'closed' | 'wait' {
  if (result.paid || result.purpose_paid) return 'paid';
  if (result.status === 'closed' || result.status === 'refunded') return 'closed';
  return 'wait';
}
