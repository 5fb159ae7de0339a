/**
 * What the payments module does NOT know (docs/decisions/077): what a purpose costs, who may pay it, what its
 * payment or refund changes elsewhere. Each owning module registers its purposes here at start-up (the app's
 * composition root calls app/payment-purposes.ts); payments only looks them up. Admissions registers the
 * application fee, dues the summer tuition and its installments, programmes the programme_* purposes, refunds
 * the handler for refund notifications. Payments imports none of those modules.
 */
import type { AppError, PayFor, PaymentProvider, PaymentPurpose } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../http/context.ts';
import type { PaymentGatewayId, VerifiedRefundEvent } from '../../providers/payment/payment-provider.ts';
import type { PaymentDeps } from './payment-deps.ts';
import type { ParentPayLinkRow, PaymentOrderRow } from './payments.repo.ts';

/** The transaction money changes state in: hooks that run inside it write with this handle. */
export type MoneyTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order a payment makes now. */
export interface PayableOrder {
  purpose: PaymentPurpose;
  amountFen: number;
  /** Whether paying it completes the product (false for a deposit before a final payment). */
  completes: boolean;
  /** Another programme's order (decision 075); absent for the summer programme's fees. */
  programmeId?: number;
  /** What the payer sees at the provider; default 「Summit 高中生夏季学术项目 <purpose label>」. */
  description?: string;
}

/** What a parent pay link pays for, as the purpose's owner sees it now. */
export interface LinkedPayment {
  /** Everything the link pays for is paid. */
  paid: boolean;
  /** The link may still take money (false when the offer was withdrawn since it was made). */
  payable: boolean;
  /** GET /api/guest/payment/pay-for/:token. */
  describe(): Promise<PayFor>;
  /** The next order the link pays; refuses (AppError) what the provider may not take or nothing payable. */
  next(provider: PaymentProvider): Promise<PayableOrder>;
  /** Where the provider sends the parent back. */
  returnPath(token: string): string;
}

export interface PaymentPurposeRegistration {
  /** The registration's name; registering the same kind again replaces it (start-up may run twice in tests). */
  kind: string;
  purposes: readonly PaymentPurpose[];
  /** The student's own payment (POST /api/student/payment): refuses (AppError) when the purpose may not be paid now. */
  assertMayPay?(ctx: AppContext, accountId: number, purpose: PaymentPurpose): Promise<void>;
  /** The order a payment of the purpose makes now (the amount, the installment). */
  price?(ctx: AppContext, accountId: number, purpose: PaymentPurpose): Promise<PayableOrder>;
  /** The student's page the provider returns to after their own payment. */
  returnPath?: string;
  /** The error when an open order being replaced turns out to have been paid meanwhile. */
  alreadyPaid(): AppError;
  /** Whether the order's purpose is paid (is-paid's purpose_paid); default: this order or another of its purpose is paid. */
  isPaid?(ctx: AppContext, accountId: number, order: PaymentOrderRow): Promise<boolean>;
  /** The parent's page for a link of the purpose (POST /api/student/payment/parent-link answers it). */
  parentPayPath?(token: string): string;
  /** A parent link made for the purpose; null when the link no longer points at anything. */
  parentLink?(deps: PaymentDeps, link: ParentPayLinkRow): Promise<LinkedPayment | null>;
  /** The purpose the product's parent link is stored under (an installment's link is the tuition's); default its own. */
  linkPurpose?: PaymentPurpose;
  /**
   * Inside the money transaction, once an order of the purpose is paid (first time): stamps what the payment
   * completes. Returns the ids of SMS written in the transaction, delivered after commit.
   */
  onPaid?(tx: MoneyTx, order: PaymentOrderRow, at: Date, now: Date): Promise<number[]>;
  /** Inside the refund transaction, once an order of the purpose is refunded in full. */
  onRefunded?(tx: MoneyTx, order: PaymentOrderRow, now: Date): Promise<void>;
}

const byPurpose = new Map<PaymentPurpose, PaymentPurposeRegistration>();

/** Registers (or replaces) a kind's purposes. A purpose claimed by two different kinds is a programming error. */
export function registerPaymentPurpose(registration: PaymentPurposeRegistration): void {
  for (const purpose of registration.purposes) {
    const existing = byPurpose.get(purpose);
    if (existing && existing.kind !== registration.kind) throw new Error(`payment purpose ${purpose} is registered by ${existing.kind} and ${registration.kind}`);
  }
  for (const [purpose, existing] of byPurpose) if (existing.kind === registration.kind) byPurpose.delete(purpose);
  for (const purpose of registration.purposes) byPurpose.set(purpose, registration);
}

/** The registration of a purpose; throws when none was made (the composition root did not register purposes). */
export function paymentPurpose(purpose: PaymentPurpose): PaymentPurposeRegistration {
  const found = byPurpose.get(purpose);
  if (!found) throw new Error(`no payment purpose registered for ${purpose}: call registerPaymentPurposes() at start-up`);
  return found;
}

/** The purposes a kind registered (empty when it did not register). */
export function purposesOfKind(kind: string): PaymentPurpose[] {
  return [...byPurpose].filter(([, r]) => r.kind === kind).map(([p]) => p);
}

// Refund notifications --------------------------------------------------------------------------------------

/** Applies a verified refund notification; true when the provider may stop re-delivering it. */
export type RefundEventHandler = (deps: PaymentDeps, gateway: PaymentGatewayId, event: VerifiedRefundEvent, rawBody: string) => Promise<boolean>;

let refundHandler: RefundEventHandler | null = null;

/** The refunds module's handler for refund notifications arriving on a payment notify URL. */
export function registerRefundEventHandler(handler: RefundEventHandler): void {
  refundHandler = handler;
}

export function refundEventHandler(): RefundEventHandler {
  if (!refundHandler) throw new Error('no refund event handler registered: call registerPaymentPurposes() at start-up');
  return refundHandler;
}
