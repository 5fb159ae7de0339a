/**
 * Start-up wiring of the payment purposes (docs/decisions/077): each module that owns a purpose registers how it
 * is priced and what its payment or refund changes; the payments module only looks them up. Idempotent: every
 * registration replaces its own earlier one, so building the app twice (tests) is safe.
 */
import { registerAdmissionsPaymentPurposes } from '../modules/admissions/admission-payments.ts';
import { registerDuesPaymentPurposes } from '../modules/dues/dues-payments.ts';
import { registerProgrammePaymentPurposes } from '../modules/programmes/programme-payment-purposes.ts';
import { registerRefundPaymentHooks } from '../modules/refunds/refund-events.ts';

let registered = false;

export function registerPaymentPurposes(): void {
  if (registered) return;
  registerAdmissionsPaymentPurposes();
  registerDuesPaymentPurposes();
  registerProgrammePaymentPurposes();
  registerRefundPaymentHooks();
  registered = true;
}
