import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  MSG,
  PAYMENT_CURRENCY,
  PAYMENT_PURPOSE_LABELS,
  PAYMENT_TIMING,
  PROGRAMME_NAME,
  STATUS,
  payKindOf,
  type ParentLink,
  type PayFor,
  type PaymentChannel,
  type PaymentCreateRequest,
  type PaymentIsPaid,
  type PaymentOrder,
  type PaymentPayer,
  type PaymentProvider,
  type PaymentPurpose,
  type PayKind,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { PaymentGatewayError, type PaymentGateway, type ProviderPayInstruction } from '../../providers/payment/payment-provider.ts';
import { readPayerTicket, type PayerIdentity } from '../wechat/payer-ticket.ts';
import { applyVerifiedEvent, closeEvent, eventFromQuery, type PaymentDeps } from './payment-events.service.ts';
import { paymentPurpose, type LinkedPayment } from './purposes.ts';
import {
  bindParentLinkOrder,
  closeUnsentOrder,
  countOrders,
  findOpenOrder,
  findOrderById,
  findOrderByNo,
  findParentLinkByHash,
  findFirstPaidOrder,
  insertOrder,
  replaceParentLink as storeParentLink,
  savePayInstruction,
  type ParentPayLinkRow,
  type PaymentOrderRow,
} from './payments.repo.ts';

/**
 * Stores a new parent link in place of the student's live one. A link made in the last
 * PAYMENT_TIMING.parentLinkRepeatMs stays: the second of two presses at once is refused (4001, HTTP 409) and the
 * first press's link keeps working.
 */
export async function replaceParentLink(db: AppContext['db'], row: Omit<Parameters<typeof storeParentLink>[1], 'keepIfMadeAfter'>): Promise<ParentPayLinkRow> {
  const link = await storeParentLink(db, { ...row, keepIfMadeAfter: new Date(row.now.getTime() - PAYMENT_TIMING.parentLinkRepeatMs) });
  if (!link) throw new AppError(STATUS.MESSAGE, MSG.PAY_LINK_JUST_MADE, { httpStatus: 409 });
  return link;
}

/** Where the request came from: needed to build absolute return and checkout URLs. */
export interface PayRequestMeta {
  origin: string;
  clientIp: string;
}

/** How a parent-pay token is stored and looked up: its SHA-256, never the token itself. */
export const payLinkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Order numbers: "SM" + Beijing date + 80 random bits in hex; fits WeChat's 32-character out_trade_no. */
export function newOrderNo(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `SM${ymd}${randomBytes(10).toString('hex')}`;
}

export function gatewayFor(deps: PaymentDeps, provider: PaymentProvider, channel: PaymentChannel): { gateway: PaymentGateway; kind: PayKind } {
  const kind = payKindOf(provider, channel);
  if (!kind) throw AppError.param('channel', MSG.PAY_METHOD_UNSUPPORTED);
  const gateway = deps.gateways.forProvider(provider);
  if (!gateway) throw AppError.message(MSG.PAY_METHOD_UNSUPPORTED);
  return { gateway, kind };
}

export function toPaymentOrder(order: PaymentOrderRow): PaymentOrder {
  if (!order.payKind || !order.payUrl) throw new Error(`order ${order.orderNo} has no pay instruction`);
  return {
    id: order.orderNo,
    purpose: order.purpose,
    amount_fen: order.amountFen,
    currency: PAYMENT_CURRENCY,
    status: order.status,
    expires_at: order.expiresAt.toISOString(),
    pay: payInstructionOf(order, order.payUrl),
  };
}

function payInstructionOf(order: PaymentOrderRow, payUrl: string): PaymentOrder['pay'] {
  if (order.payKind === 'qr') return { kind: 'qr', code_url: payUrl };
  if (order.payKind === 'redirect') return { kind: 'redirect', url: payUrl };
  if (order.payKind === 'stripe') {
    if (!order.stripePay) throw new Error(`order ${order.orderNo} has no Stripe PaymentIntent`);
    return { kind: 'stripe', client_secret: order.stripePay.client_secret, publishable_key: order.stripePay.publishable_key, url: payUrl };
  }
  const p = order.payParams?.params;
  if (!p) throw new Error(`order ${order.orderNo} has no JSAPI parameters`);
  return { kind: 'jsapi', params: { app_id: p.appId, time_stamp: p.timeStamp, nonce_str: p.nonceStr, package: p.package, sign_type: p.signType, pay_sign: p.paySign } };
}

/**
 * JSAPI needs the payer's open id, which only the WeChat base OAuth gives (docs/api-contract.md): the page carries it as
 * a signed ticket. Other kinds ignore the ticket. A missing, forged or expired one asks the payer to authorise.
 */
export async function payerFor(deps: PaymentDeps, kind: PayKind, ticket: string | undefined): Promise<PayerIdentity | null> {
  if (kind !== 'jsapi') return null;
  const payer = await readPayerTicket(deps.ctx, ticket);
  if (!payer) throw AppError.param('wx_payer', MSG.PAY_WX_PAYER_REQUIRED);
  return payer;
}

export interface OrderRequest {
  accountId: number;
  purpose: PaymentPurpose;
  payer: PaymentPayer;
  provider: PaymentProvider;
  channel: PaymentChannel;
  gateway: PaymentGateway;
  kind: PayKind;
  amountFen: number;
  /** Whether paying it completes the product (false for a deposit before a final payment). */
  completes: boolean;
  returnPath: string;
  meta: PayRequestMeta;
  /** JSAPI only: who pays, from the signed ticket. */
  wxPayer: PayerIdentity | null;
  /** Another programme's order (decision 075); absent for the summer programme's fees. */
  programmeId?: number | null;
  /** What the payer sees at the provider; default 「Summit 高中生夏季学术项目 学费」. */
  description?: string;
}

/**
 * Takes an open order out of the way before another is made: asks its provider first (the payer may have
 * paid a moment ago: then that payment is applied and the caller answers "already paid"), then closes it at
 * the provider and here. Refuses when the provider cannot be reached, rather than risk two live orders.
 */
async function retireOpenOrder(deps: PaymentDeps, order: PaymentOrderRow): Promise<'paid' | 'closed'> {
  const gateway = deps.gateways.byId(order.gateway);
  // Also for an order whose creation was cut short: the provider may hold it even though we have no URL.
  if (gateway) {
    try {
      const state = await gateway.queryOrder(order.orderNo);
      const event = eventFromQuery(order.orderNo, state, 'switch');
      if (event?.kind === 'paid') {
        const result = await applyVerifiedEvent(deps, gateway.id, event, JSON.stringify(state));
        if (result.outcome !== 'amount_mismatch') return 'paid';
      }
      await gateway.closeOrder(order.orderNo);
    } catch (err) {
      if (!(err instanceof PaymentGatewayError)) throw err;
      deps.log.warn({ orderNo: order.orderNo, err: err.message }, 'could not retire an open order at its provider');
      throw AppError.message(MSG.PAY_UNAVAILABLE);
    }
  }
  const result = await applyVerifiedEvent(deps, order.gateway, closeEvent(order.orderNo, 'switch'), '{"source":"switch"}');
  return result.order?.status === 'paid' ? 'paid' : 'closed';
}

/**
 * After an admin withdraws an offer or changes a granted aid, the open orders of the purposes it affects (if
 * any) no longer charge what the student owes: retire them, so the next payment starts from the current
 * amount. Best effort: a provider that cannot be reached leaves the order to the reconciler's expiry, and a
 * payment that lands on it meanwhile is still applied (the money was taken).
 */
export async function retireOpenOrders(deps: PaymentDeps, accountId: number, purposes: readonly PaymentPurpose[]): Promise<void> {
  for (const purpose of purposes) {
    const order = await findOpenOrder(deps.ctx.db, accountId, purpose);
    if (!order) continue;
    try {
      await retireOpenOrder(deps, order);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ orderNo: order.orderNo }, 'open order left to expire: its provider could not close it');
    }
  }
}

/**
 * Creates or reuses the student's one open order for a purpose. The partial unique index decides races: a
 * request that loses the insert reads the winner's order on its next turn.
 */
export async function obtainOrder(deps: PaymentDeps, req: OrderRequest): Promise<PaymentOrderRow> {
  const { ctx } = deps;
  // A few turns: a lost insert race or a retired order re-reads; an order another request is still creating
  // is waited for briefly (a double click should get the same QR code, not an error).
  for (let turn = 0; turn < 12; turn++) {
    const now = ctx.now();
    const programmeId = req.programmeId ?? null;
    const open = await findOpenOrder(ctx.db, req.accountId, req.purpose, programmeId);
    if (open) {
      const reusable =
        open.payUrl !== null &&
        open.provider === req.provider &&
        open.channel === req.channel &&
        open.payer === req.payer &&
        open.amountFen === req.amountFen &&
        // A JSAPI prepay id is bound to one open id: another WeChat user needs an order of their own.
        (open.payKind !== 'jsapi' || (open.payParams?.payerOpenId === req.wxPayer?.openId && open.payParams?.payerAppId === req.wxPayer?.appId)) &&
        open.completes === req.completes &&
        open.expiresAt.getTime() - now.getTime() > 5 * 60_000;
      if (reusable) return open;
      // Another request is talking to the provider for this order right now.
      if (open.payUrl === null && now.getTime() - open.createdAt.getTime() < 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        continue;
      }
      if ((await retireOpenOrder(deps, open)) === 'paid') throw paymentPurpose(req.purpose).alreadyPaid();
      continue;
    }

    const orderNo = newOrderNo(now);
    const expiresAt = new Date(now.getTime() + PAYMENT_TIMING.orderTtlMs);
    const sequence = (await countOrders(ctx.db, req.accountId, req.purpose, programmeId)) + 1;
    const row = await insertOrder(ctx.db, {
      orderNo,
      accountId: req.accountId,
      purpose: req.purpose,
      programmeId,
      amountFen: req.amountFen,
      completes: req.completes,
      currency: PAYMENT_CURRENCY,
      status: 'pending',
      provider: req.provider,
      channel: req.channel,
      gateway: req.gateway.id,
      payer: req.payer,
      // The n-th order of this student for this purpose: two racing requests compute the same key, one wins.
      idempotencyKey: programmeId === null ? `${req.accountId}:${req.purpose}:${sequence}` : `${req.accountId}:${req.purpose}:p${programmeId}:${sequence}`,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) continue;

    let instruction;
    try {
      instruction = await req.gateway.createOrder({
        orderNo,
        amountFen: req.amountFen,
        currency: row.currency,
        description: req.description ?? `${PROGRAMME_NAME} ${PAYMENT_PURPOSE_LABELS[req.purpose]}`,
        channel: req.channel,
        kind: req.kind,
        expiresAt,
        origin: req.meta.origin,
        returnUrl: new URL(req.returnPath, req.meta.origin).toString(),
        clientIp: req.meta.clientIp,
        ...(req.wxPayer ? { payerOpenId: req.wxPayer.openId, payerAppId: req.wxPayer.appId } : {}),
      });
    } catch (err) {
      await closeUnsentOrder(ctx.db, row.id, ctx.now());
      deps.log.error({ orderNo, gateway: req.gateway.id, err: err instanceof Error ? err.message : String(err) }, 'provider refused to create an order');
      throw AppError.message(MSG.PAY_UNAVAILABLE);
    }
    const saved = await persistInstruction(ctx.db, row.id, instruction, req.wxPayer, ctx.now());
    if (!saved) throw new Error(`order ${orderNo} vanished`);
    return saved;
  }
  throw AppError.message(MSG.PAY_ORDER_BUSY);
}

async function persistInstruction(db: AppContext['db'], orderId: number, instruction: ProviderPayInstruction, wxPayer: PayerIdentity | null, now: Date) {
  switch (instruction.kind) {
    case 'qr':
      return savePayInstruction(db, orderId, 'qr', instruction.codeUrl, now);
    case 'redirect':
      return savePayInstruction(db, orderId, 'redirect', instruction.url, now);
    case 'jsapi':
      if (!wxPayer) throw new Error('a JSAPI instruction without a payer');
      return savePayInstruction(db, orderId, 'jsapi', instruction.params.package, now, { jsapi: { params: instruction.params, payerAppId: wxPayer.appId, payerOpenId: wxPayer.openId } });
    case 'stripe':
      return savePayInstruction(db, orderId, 'stripe', instruction.url, now, {
        stripe: { intent_id: instruction.intentId, client_secret: instruction.clientSecret, publishable_key: instruction.publishableKey },
      });
  }
}

/** The purpose's registration for the student's own payment; a purpose without one is not the student's to pay. */
function studentPayable(purpose: PaymentPurpose) {
  const reg = paymentPurpose(purpose);
  const { assertMayPay, price, returnPath } = reg;
  if (!assertMayPay || !price || !returnPath) throw AppError.param('purpose', MSG.PAY_PURPOSE_REQUIRED);
  return { assertMayPay, price, returnPath };
}

/** POST /api/student/payment. */
export async function createStudentPayment(deps: PaymentDeps, auth: AuthState, input: PaymentCreateRequest, meta: PayRequestMeta): Promise<PaymentOrder> {
  const reg = studentPayable(input.purpose);
  await reg.assertMayPay(deps.ctx, auth.accountId, input.purpose);
  // The partner channel takes only the week camps' installments (decision 076).
  if (input.provider === 'NHP') throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
  const { gateway, kind } = gatewayFor(deps, input.provider, input.channel);
  const wxPayer = await payerFor(deps, kind, input.wx_payer);
  const payable = await reg.price(deps.ctx, auth.accountId, input.purpose);
  const order = await obtainOrder(deps, {
    wxPayer,
    accountId: auth.accountId,
    purpose: payable.purpose,
    payer: 'student',
    provider: input.provider,
    channel: input.channel,
    gateway,
    kind,
    amountFen: payable.amountFen,
    completes: payable.completes,
    returnPath: reg.returnPath,
    meta,
  });
  return toPaymentOrder(order);
}

/** Whether the order's purpose is paid: the purpose's own answer, else this order or another of its purpose is paid. */
async function isOrderPurposePaid(ctx: AppContext, accountId: number, order: PaymentOrderRow): Promise<boolean> {
  const reg = paymentPurpose(order.purpose);
  if (reg.isPaid) return reg.isPaid(ctx, accountId, order);
  return order.status === 'paid' || (await findFirstPaidOrder(ctx.db, accountId, order.purpose, order.programmeId)) !== undefined;
}

/** GET /api/student/payment/:id/is-paid: another student's order answers exactly like a missing one. */
export async function isStudentOrderPaid(deps: PaymentDeps, auth: AuthState, orderNo: string): Promise<PaymentIsPaid> {
  const order = await findOrderByNo(deps.ctx.db, orderNo);
  if (!order || order.accountId !== auth.accountId) throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
  const purposePaid = await isOrderPurposePaid(deps.ctx, auth.accountId, order);
  return { paid: order.status === 'paid', status: order.status, purpose_paid: purposePaid };
}

// Parent pay ------------------------------------------------------------------------------------------------

/** POST /api/student/payment/parent-link: a new 256-bit token; the previous link stops working (not one made seconds ago: see replaceParentLink). */
export async function createParentLink(deps: PaymentDeps, auth: AuthState, purpose: 'tuition'): Promise<ParentLink> {
  const reg = paymentPurpose(purpose);
  if (!reg.assertMayPay || !reg.parentPayPath) throw AppError.param('purpose', MSG.PAY_PURPOSE_REQUIRED);
  await reg.assertMayPay(deps.ctx, auth.accountId, purpose);
  const token = randomBytes(32).toString('base64url');
  const now = deps.ctx.now();
  const expiresAt = new Date(now.getTime() + PAYMENT_TIMING.parentLinkTtlMs);
  const open = await findOpenOrder(deps.ctx.db, auth.accountId, purpose);
  await replaceParentLink(deps.ctx.db, { tokenHash: payLinkTokenHash(token), accountId: auth.accountId, purpose, orderId: open?.id ?? null, now, expiresAt });
  return { token, url: reg.parentPayPath(token), expires_at: expiresAt.toISOString() };
}

interface ResolvedLink {
  link: ParentPayLinkRow;
  linked: LinkedPayment;
}

/**
 * A link works while it is the student's latest, unexpired, and its purpose unpaid. `allowPaid` lets the
 * parent's page learn that the payment went through (is-paid) after the link stopped taking payments. What the
 * link pays for (the summer tuition, a programme's fee) is its purpose's owner's answer.
 */
async function resolveLink(deps: PaymentDeps, token: string, opts: { allowPaid: boolean }): Promise<ResolvedLink> {
  const link = await findParentLinkByHash(deps.ctx.db, payLinkTokenHash(token));
  if (!link || link.revokedAt) throw AppError.message(MSG.PAY_LINK_INVALID);
  const linked = (await paymentPurpose(link.purpose).parentLink?.(deps, link)) ?? null;
  if (!linked) throw AppError.message(MSG.PAY_LINK_INVALID);
  if (linked.paid && opts.allowPaid) return { link, linked };
  if (linked.paid) throw AppError.message(MSG.PAY_LINK_PAID);
  if (link.expiresAt.getTime() <= deps.ctx.now().getTime()) throw AppError.message(MSG.PAY_LINK_EXPIRED);
  // The offer may have been withdrawn since the link was made.
  if (!linked.payable) throw AppError.message(MSG.PAY_LINK_INVALID);
  return { link, linked };
}

/**
 * GET /api/guest/payment/pay-for/:token. After the purpose is paid the link no longer takes money, but it
 * still answers who paid and when (decision 025): a parent opening it after the student paid sees that.
 */
export async function describePayFor(deps: PaymentDeps, token: string): Promise<PayFor> {
  const { linked } = await resolveLink(deps, token, { allowPaid: true });
  return linked.describe();
}

/** POST /api/guest/payment/pay-for/:token: the same order machinery, payer 'parent'. */
export async function payFor(deps: PaymentDeps, token: string, input: { provider: PaymentProvider; channel: PaymentChannel; wx_payer?: string | undefined }, meta: PayRequestMeta): Promise<PaymentOrder> {
  const { link, linked } = await resolveLink(deps, token, { allowPaid: false });
  const { gateway, kind } = gatewayFor(deps, input.provider, input.channel);
  const wxPayer = await payerFor(deps, kind, input.wx_payer);
  // The link pays the next unpaid installment (the whole fee, or the deposit, then the final payment).
  const payable = await linked.next(input.provider);
  const order = await obtainOrder(deps, {
    wxPayer,
    accountId: link.accountId,
    purpose: payable.purpose,
    payer: 'parent',
    provider: input.provider,
    channel: input.channel,
    gateway,
    kind,
    amountFen: payable.amountFen,
    completes: payable.completes,
    returnPath: linked.returnPath(token),
    meta,
    ...(payable.programmeId !== undefined ? { programmeId: payable.programmeId } : {}),
    ...(payable.description !== undefined ? { description: payable.description } : {}),
  });
  await bindParentLinkOrder(deps.ctx.db, link.id, order.id, deps.ctx.now());
  return toPaymentOrder(order);
}

/** GET /api/guest/payment/pay-for/:token/is-paid: what the parent's page polls after showing the QR code. */
export async function isPayForPaid(deps: PaymentDeps, token: string): Promise<PaymentIsPaid> {
  const { link, linked } = await resolveLink(deps, token, { allowPaid: true });
  const order = link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  return { paid: order?.status === 'paid', status: order?.status ?? 'pending', purpose_paid: linked.paid };
}
