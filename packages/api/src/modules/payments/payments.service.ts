import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  MSG,
  PAYMENT_CURRENCY,
  PAYMENT_PURPOSE_LABELS,
  PAYMENT_TIMING,
  PROGRAMME_NAME,
  STATUS,
  amountAfterAidFen,
  maskName,
  maskPhone,
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
  type FeeSettings,
  nhpAccepts,
  programmeParentPayPath,
} from '@summit/domain';
import type { AppContext, AuthState } from '../../http/context.ts';
import { PaymentGatewayError, type PaymentGateway, type ProviderPayInstruction } from '../../providers/payment/payment-provider.ts';
import { readPayerTicket, type PayerIdentity } from '../wechat/payer-ticket.ts';
import { findStudent } from '../profile/profile.repo.ts';
import { getFees } from '../settings/settings.service.ts';
import { resolvePayableInstallment, type PayableInstallment } from '../dues/dues.service.ts';
import { applyVerifiedEvent, closeEvent, eventFromQuery, type PaymentDeps } from './payment-events.service.ts';
import { findApplication, type ProgrammeApplicationRow, type ProgrammeRow } from '../programmes/programmes.repo.ts';
import { findProgrammeById } from '../programmes/programme-portal.repo.ts';
import { isAdmitted, kindOfProgrammePurpose, programmeDues, programmeOrderLabel, resolveProgrammePayable, type ProgrammeDues } from '../programmes/programme-payments.plan.ts';
import {
  bindParentLinkOrder,
  closeUnsentOrder,
  countOrders,
  findOpenOrder,
  findOrderById,
  findGrantedAidFen,
  findOrderByNo,
  findParentLinkByHash,
  findFirstPaidOrder,
  insertOrder,
  replaceParentLink,
  savePayInstruction,
  type ParentPayLinkRow,
  type PaymentOrderRow,
} from './payments.repo.ts';

/** Where the request came from: needed to build absolute return and checkout URLs. */
export interface PayRequestMeta {
  origin: string;
  clientIp: string;
}

type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;
type Profile = StudentRow['profile'];

/** How a parent-pay token is stored and looked up: its SHA-256, never the token itself. */
export const payLinkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Order numbers: "SM" + Beijing date + 80 random bits in hex; fits WeChat's 32-character out_trade_no. */
export function newOrderNo(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3_600_000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `SM${ymd}${randomBytes(10).toString('hex')}`;
}

/**
 * What a student owes (issue 3 item 5): the fees, the financial aid an admin granted (at most the tuition
 * fee) and the tuition due after it. The tuition order, the offer letter and the payment pages all read it.
 */
export async function tuitionOwed(ctx: AppContext, accountId: number): Promise<{ fees: FeeSettings; aidFen: number; dueFen: number }> {
  const fees = await getFees(ctx);
  const aidFen = Math.min(await findGrantedAidFen(ctx.db, accountId), fees.tuition_fen);
  return { fees, aidFen, dueFen: amountAfterAidFen(fees.tuition_fen, aidFen) };
}

/**
 * The order a payment makes: the application fee, or the tuition installment the fee plan says is payable
 * (decision 072: whole tuition, or the deposit then the final payment; due dates enforced there).
 */
async function payableFor(deps: PaymentDeps, accountId: number, purpose: PaymentPurpose): Promise<PayableInstallment> {
  if (purpose === 'apply_fee') return { purpose, amountFen: (await getFees(deps.ctx)).apply_fen, completes: true };
  return resolvePayableInstallment(deps.ctx, accountId, purpose);
}

/** Tuition purposes an open order may hold: the whole payment and each installment. */
const TUITION_PURPOSES: PaymentPurpose[] = ['tuition', 'tuition_deposit', 'tuition_final'];

const isPurposePaid = (p: Profile, purpose: PaymentPurpose) => (purpose === 'apply_fee' ? p.applyPaidAt !== null : p.tuitionPaidAt !== null);

/** Spec §6/§8 gates for paying a purpose: profile complete, not paid yet, an offer released for tuition. */
function assertMayPay(p: Profile, purpose: PaymentPurpose): void {
  if (p.infoCompletedAt === null) throw AppError.gate(STATUS.GATE_COMPLETE_INFO);
  if (purpose === 'apply_fee') {
    if (p.applyPaidAt !== null) throw AppError.gate(STATUS.APPLY_PAID);
    // The fee is for a submitted application (docs/decisions/009): 403-40 covers the application-stage
    // gates, and the client's gate handling sends the student back to /student/apply.
    if (p.step1SubmittedAt === null) throw AppError.gate(STATUS.GATE_ALREADY_APPLIED, MSG.APPLY_INCOMPLETE);
    return;
  }
  if (p.tuitionPaidAt !== null) throw AppError.gate(STATUS.TUITION_PAID);
  // offer_letter: null = no decision, 0 = decided but not released, truthy = released (spec §3).
  if (!p.offerLetter) throw AppError.gate(STATUS.GATE_OFFER);
}

function paidGate(purpose: PaymentPurpose): AppError {
  return AppError.gate(purpose === 'apply_fee' ? STATUS.APPLY_PAID : STATUS.TUITION_PAID);
}

async function loadStudent(deps: PaymentDeps, accountId: number): Promise<StudentRow> {
  const row = await findStudent(deps.ctx.db, accountId);
  if (!row) throw AppError.login();
  return row;
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
 * JSAPI needs the payer's open id, which only the WeChat base OAuth gives (spec §7): the page carries it as
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
 * After an admin withdraws an offer or changes a granted aid, the open tuition order (if any) no longer
 * charges what the student owes: retire it, so the next payment starts from the current amount. Best effort:
 * a provider that cannot be reached leaves the order to the reconciler's expiry, and a payment that lands on
 * it meanwhile is still applied (the money was taken).
 */
export async function retireOpenTuitionOrder(deps: PaymentDeps, accountId: number): Promise<void> {
  for (const purpose of TUITION_PURPOSES) {
    const order = await findOpenOrder(deps.ctx.db, accountId, purpose);
    if (!order) continue;
    try {
      await retireOpenOrder(deps, order);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ orderNo: order.orderNo }, 'open tuition order left to expire: its provider could not close it');
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
      if ((await retireOpenOrder(deps, open)) === 'paid') throw paidGate(req.purpose);
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

function returnPathFor(purpose: PaymentPurpose): string {
  return purpose === 'apply_fee' ? '/pay/apply' : '/student/admission';
}

/** POST /api/student/payment. */
export async function createStudentPayment(deps: PaymentDeps, auth: AuthState, input: PaymentCreateRequest, meta: PayRequestMeta): Promise<PaymentOrder> {
  const { profile } = await loadStudent(deps, auth.accountId);
  assertMayPay(profile, input.purpose);
  // The partner channel takes only the week camps' installments (decision 076).
  if (input.provider === 'NHP') throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
  const { gateway, kind } = gatewayFor(deps, input.provider, input.channel);
  const wxPayer = await payerFor(deps, kind, input.wx_payer);
  const payable = await payableFor(deps, auth.accountId, input.purpose);
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
    returnPath: returnPathFor(input.purpose),
    meta,
  });
  return toPaymentOrder(order);
}

/** GET /api/student/payment/:id/is-paid: another student's order answers exactly like a missing one. */
export async function isStudentOrderPaid(deps: PaymentDeps, auth: AuthState, orderNo: string): Promise<PaymentIsPaid> {
  const order = await findOrderByNo(deps.ctx.db, orderNo);
  if (!order || order.accountId !== auth.accountId) throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
  if (order.programmeId !== null) {
    const paid = order.status === 'paid' || (await findFirstPaidOrder(deps.ctx.db, auth.accountId, order.purpose, order.programmeId)) !== undefined;
    return { paid: order.status === 'paid', status: order.status, purpose_paid: paid };
  }
  const { profile } = await loadStudent(deps, auth.accountId);
  // An installment is "paid" when its own order is; the product when the profile says so.
  const purposePaid = order.purpose === 'apply_fee' || order.purpose === 'tuition' ? isPurposePaid(profile, order.purpose) : order.status === 'paid' || (await findFirstPaidOrder(deps.ctx.db, auth.accountId, order.purpose)) !== undefined;
  return { paid: order.status === 'paid', status: order.status, purpose_paid: purposePaid };
}

// Parent pay ------------------------------------------------------------------------------------------------

export function parentPayPath(token: string): string {
  return `/pay/admission-parent/${token}`;
}

/** POST /api/student/payment/parent-link: a new 256-bit token; the previous link stops working. */
export async function createParentLink(deps: PaymentDeps, auth: AuthState, purpose: 'tuition'): Promise<ParentLink> {
  const { profile } = await loadStudent(deps, auth.accountId);
  assertMayPay(profile, purpose);
  const token = randomBytes(32).toString('base64url');
  const now = deps.ctx.now();
  const expiresAt = new Date(now.getTime() + PAYMENT_TIMING.parentLinkTtlMs);
  const open = await findOpenOrder(deps.ctx.db, auth.accountId, purpose);
  await replaceParentLink(deps.ctx.db, { tokenHash: payLinkTokenHash(token), accountId: auth.accountId, purpose, orderId: open?.id ?? null, now, expiresAt });
  return { token, url: parentPayPath(token), expires_at: expiresAt.toISOString() };
}

interface ResolvedLink {
  link: ParentPayLinkRow;
  student: StudentRow;
  purposePaid: boolean;
  /** A programme's link (decision 075): the programme and what it owes. */
  programme: ProgrammeLinkState | null;
}

/**
 * A link works while it is the student's latest, unexpired, and its purpose unpaid. `allowPaid` lets the
 * parent's page learn that the payment went through (is-paid) after the link stopped taking payments.
 */
async function resolveLink(deps: PaymentDeps, token: string, opts: { allowPaid: boolean }): Promise<ResolvedLink> {
  const link = await findParentLinkByHash(deps.ctx.db, payLinkTokenHash(token));
  if (!link || link.revokedAt) throw AppError.message(MSG.PAY_LINK_INVALID);
  const student = await findStudent(deps.ctx.db, link.accountId);
  if (!student) throw AppError.message(MSG.PAY_LINK_INVALID);
  if (link.programmeId !== null) {
    const programme = await programmeLinkState(deps.ctx, link.programmeId, link.accountId);
    if (!programme) throw AppError.message(MSG.PAY_LINK_INVALID);
    if (programme.allPaid && opts.allowPaid) return { link, student, purposePaid: true, programme };
    if (programme.allPaid) throw AppError.message(MSG.PAY_LINK_PAID);
    if (link.expiresAt.getTime() <= deps.ctx.now().getTime()) throw AppError.message(MSG.PAY_LINK_EXPIRED);
    // The offer may have been withdrawn since the link was made.
    if (!programme.admitted) throw AppError.message(MSG.PAY_LINK_INVALID);
    return { link, student, purposePaid: false, programme };
  }
  const purposePaid = isPurposePaid(student.profile, link.purpose);
  if (purposePaid && opts.allowPaid) return { link, student, purposePaid, programme: null };
  if (purposePaid) throw AppError.message(MSG.PAY_LINK_PAID);
  if (link.expiresAt.getTime() <= deps.ctx.now().getTime()) throw AppError.message(MSG.PAY_LINK_EXPIRED);
  // The offer may have been withdrawn since the link was made.
  if (link.purpose === 'tuition' && !student.profile.offerLetter) throw AppError.message(MSG.PAY_LINK_INVALID);
  return { link, student, purposePaid, programme: null };
}

/**
 * GET /api/guest/payment/pay-for/:token. After the purpose is paid the link no longer takes money, but it
 * still answers who paid and when (decision 025): a parent opening it after the student paid sees that.
 */
export async function describePayFor(deps: PaymentDeps, token: string): Promise<PayFor> {
  const { link, student, purposePaid, programme } = await resolveLink(deps, token, { allowPaid: true });
  if (programme) return describeProgrammePayFor(deps, link, student, programme);
  const paidOrder = purposePaid ? await findFirstPaidOrder(deps.ctx.db, link.accountId, link.purpose) : undefined;
  const linkOrder = !paidOrder && link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  const next = purposePaid ? null : await nextPayable(deps, link.accountId, link.purpose);
  const pendingLinkOrder = linkOrder?.status === 'pending' ? linkOrder : undefined;
  const amountFen = paidOrder?.amountFen ?? pendingLinkOrder?.amountFen ?? next?.amountFen ?? (await tuitionOwed(deps.ctx, link.accountId)).dueFen;
  const installmentPurpose = pendingLinkOrder?.purpose ?? next?.purpose;
  const installment = installmentPurpose === 'tuition_deposit' ? 'deposit' : installmentPurpose === 'tuition_final' ? 'final' : null;
  const paidAt = paidOrder?.paidAt ?? (link.purpose === 'tuition' ? student.profile.tuitionPaidAt : student.profile.applyPaidAt);
  return {
    student_name: maskName(student.account.name),
    programme: PROGRAMME_NAME,
    purpose: link.purpose,
    amount_fen: amountFen,
    currency: PAYMENT_CURRENCY,
    status: purposePaid ? 'paid' : 'pending',
    expires_at: link.expiresAt.toISOString(),
    paid_by:
      purposePaid && paidAt
        ? {
            // No paid order (a payment recorded by staff) counts as the student's own.
            payer: paidOrder?.payer ?? 'student',
            paid_at: paidAt.toISOString(),
            phone: paidOrder?.payer === 'parent' ? null : maskPhone(student.account.phone),
          }
        : null,
    installment,
  };
}

/** POST /api/guest/payment/pay-for/:token: the same order machinery, payer 'parent'. */
export async function payFor(deps: PaymentDeps, token: string, input: { provider: PaymentProvider; channel: PaymentChannel; wx_payer?: string | undefined }, meta: PayRequestMeta): Promise<PaymentOrder> {
  const { link, programme } = await resolveLink(deps, token, { allowPaid: false });
  const { gateway, kind } = gatewayFor(deps, input.provider, input.channel);
  const wxPayer = await payerFor(deps, kind, input.wx_payer);
  // The link pays the next unpaid installment (the whole tuition, or the deposit, then the final payment).
  let payable: PayableInstallment;
  if (programme) {
    const next = await resolveProgrammePayable(deps.ctx.db, programme.row, programme.app, 'next', deps.ctx.now());
    // The partner channel takes only the week camps' deposits and final payments (decision 076).
    if (input.provider === 'NHP' && (next.kind === 'apply_fee' || !nhpAccepts(programme.row.code, next.kind))) throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
    payable = next;
  } else {
    if (input.provider === 'NHP') throw AppError.message(MSG.PAY_NHP_UNSUPPORTED);
    payable = await payableFor(deps, link.accountId, link.purpose);
  }
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
    returnPath: programme ? programmeParentPayPath(programme.row.code, token) : parentPayPath(token),
    meta,
    ...(programme ? { programmeId: programme.row.id, description: programmeOrderLabel(programme.row.definition, payable.purpose) } : {}),
  });
  await bindParentLinkOrder(deps.ctx.db, link.id, order.id, deps.ctx.now());
  return toPaymentOrder(order);
}

/** What the link would charge now, or null when nothing is payable (an overdue installment: paying it is refused). */
async function nextPayable(deps: PaymentDeps, accountId: number, purpose: PaymentPurpose): Promise<PayableInstallment | null> {
  try {
    return await payableFor(deps, accountId, purpose);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return null;
  }
}

/** GET /api/guest/payment/pay-for/:token/is-paid: what the parent's page polls after showing the QR code. */
export async function isPayForPaid(deps: PaymentDeps, token: string): Promise<PaymentIsPaid> {
  const { link, purposePaid } = await resolveLink(deps, token, { allowPaid: true });
  const order = link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  return { paid: order?.status === 'paid', status: order?.status ?? 'pending', purpose_paid: purposePaid };
}

// Programme parent links (decision 075) ------------------------------------------------------------------------

interface ProgrammeLinkState {
  row: ProgrammeRow;
  app: ProgrammeApplicationRow | undefined;
  admitted: boolean;
  dues: ProgrammeDues;
  allPaid: boolean;
}

async function programmeLinkState(ctx: AppContext, programmeId: number, accountId: number): Promise<ProgrammeLinkState | null> {
  const row = await findProgrammeById(ctx.db, programmeId);
  if (!row) return null;
  const app = await findApplication(ctx.db, programmeId, accountId);
  const dues = await programmeDues(ctx.db, row, app, ctx.now());
  const allPaid = dues.installments.length > 0 && dues.installments.every((i) => i.paidAt !== null);
  return { row, app, admitted: isAdmitted(app), dues, allPaid };
}

async function describeProgrammePayFor(deps: PaymentDeps, link: ParentPayLinkRow, student: StudentRow, p: ProgrammeLinkState): Promise<PayFor> {
  const linkOrder = link.orderId ? await findOrderById(deps.ctx.db, link.orderId) : undefined;
  const pendingLinkOrder = linkOrder?.status === 'pending' ? linkOrder : undefined;
  const next = p.dues.installments.find((i) => !i.paidAt);
  const lastPaid = p.dues.paid.filter((o) => o.purpose !== 'programme_apply_fee').at(-1);
  const purpose = pendingLinkOrder?.purpose ?? next?.purpose ?? lastPaid?.purpose ?? link.purpose;
  const amountFen = pendingLinkOrder?.amountFen ?? (next ? Math.max(1, next.owedFen) : (lastPaid?.amountFen ?? 1));
  const kind = kindOfProgrammePurpose(purpose);
  return {
    student_name: maskName(student.account.name),
    programme: p.row.definition.name,
    purpose,
    amount_fen: amountFen,
    currency: PAYMENT_CURRENCY,
    status: p.allPaid ? 'paid' : 'pending',
    expires_at: link.expiresAt.toISOString(),
    paid_by:
      p.allPaid && lastPaid
        ? { payer: lastPaid.payer === 'parent' ? 'parent' : 'student', paid_at: lastPaid.paidAt.toISOString(), phone: lastPaid.payer === 'parent' ? null : maskPhone(student.account.phone) }
        : null,
    installment: kind === 'deposit' ? 'deposit' : kind === 'final' ? 'final' : null,
  };
}
