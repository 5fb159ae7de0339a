import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import type { PaymentGateways } from '../../providers/payment/create-payment-gateways.ts';

/** What the payment and refund services need: the app's context, the configured gateways and a logger. */
export interface PaymentDeps {
  ctx: AppContext;
  gateways: PaymentGateways;
  log: FastifyBaseLogger;
}
