import { and, asc, count, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { PaymentOrderStatus, PaymentPurpose } from '@summit/domain';
import { transitionOrder } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { financialAidRequests } from '../../db/schema-admission.ts';
import { parentPayLinks, paymentNotifications, paymentOrders, type PaymentGatewayId, type StoredJsapiPay, type StripePayColumn } from '../../db/schema-payments.ts';
import type { VerifiedPaymentEvent } from '../../providers/payment/payment-provider.ts';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type NewPaymentOrder = typeof paymentOrders.$inferInsert;
export type ParentPayLinkRow = typeof parentPayLinks.$inferSelect;

/** The aid granted to a student in fen (0 when none was requested, granted or it was declined). */
export async function findGrantedAidFen(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ fen: financialAidRequests.grantedFen })
    .from(financialAidRequests)
    .where(and(eq(financialAidRequests.accountId, accountId), eq(financialAidRequests.status, 'granted')));
  return row?.fen ?? 0;
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Orders of one programme (decision 075), or the summer programme's own when `programmeId` is null. */
const ofProgramme = (programmeId: number | null) => (programmeId === null ? isNull(paymentOrders.programmeId) : eq(paymentOrders.programmeId, programmeId));

export async function findOpenOrder(db: Db, accountId: number, purpose: PaymentPurpose, programmeId: number | null = null): Promise<PaymentOrderRow | undefined> {
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), ofProgramme(programmeId), eq(paymentOrders.status, 'pending')))
    .limit(1);
  return rows[0];
}

export async function countOrders(db: Db, accountId: number, purpose: PaymentPurpose, programmeId: number | null = null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), ofProgramme(programmeId)));
  return row?.n ?? 0;
}

/** Null when the student's open-order slot or the idempotency key is already taken (a concurrent request won). */
export async function insertOrder(db: Db, values: NewPaymentOrder): Promise<PaymentOrderRow | null> {
  try {
    const rows = await db.insert(paymentOrders).values(values).returning();
    return rows[0] ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function savePayInstruction(
  db: Db,
  orderId: number,
  kind: 'qr' | 'redirect' | 'jsapi' | 'stripe',
  url: string,
  now: Date,
  extra: { jsapi?: StoredJsapiPay; stripe?: StripePayColumn } = {},
): Promise<PaymentOrderRow | undefined> {
  const rows = await db
    .update(paymentOrders)
    .set({ payKind: kind, payUrl: url, payParams: extra.jsapi ?? null, ...(extra.stripe ? { stripePay: extra.stripe } : {}), updatedAt: now })
    .where(eq(paymentOrders.id, orderId))
    .returning();
  return rows[0];
}

/** The Stripe PaymentIntent kept with an order (the Stripe gateway's queries, cancels and refunds). */
export async function findStripeIntentId(db: Db, orderNo: string): Promise<string | null> {
  const rows = await db.select({ stripePay: paymentOrders.stripePay }).from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).limit(1);
  return rows[0]?.stripePay?.intent_id ?? null;
}

/** For an order the provider never created (its call failed): no provider event exists to apply. */
export async function closeUnsentOrder(db: Db, orderId: number, now: Date): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'pending'), isNull(paymentOrders.payUrl)));
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<PaymentOrderRow | undefined> {
  const rows = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).limit(1);
  return rows[0];
}

/** The order that paid a purpose first (the one whose time is on the profile). */
export async function findFirstPaidOrder(db: Db, accountId: number, purpose: PaymentPurpose, programmeId: number | null = null): Promise<PaymentOrderRow | undefined> {
  const rows = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), eq(paymentOrders.purpose, purpose), ofProgramme(programmeId), eq(paymentOrders.status, 'paid')))
    .orderBy(asc(paymentOrders.paidAt), asc(paymentOrders.id))
    .limit(1);
  return rows[0];
}

export async function findOrderById(db: Db, id: number): Promise<PaymentOrderRow | undefined> {
  const rows = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return rows[0];
}

export async function listPendingOrdersCreatedBefore(db: Db, before: Date, limit: number): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'pending'), lt(paymentOrders.createdAt, before)))
    .orderBy(asc(paymentOrders.createdAt))
    .limit(limit);
}

export async function listExpiredPendingOrders(db: Db, now: Date, limit: number): Promise<PaymentOrderRow[]> {
  return db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'pending'), lt(paymentOrders.expiresAt, now)))
    .orderBy(asc(paymentOrders.expiresAt))
    .limit(limit);
}

export async function recordRejectedNotification(db: Db, row: { gateway: PaymentGatewayId; rawBody: string; outcome: string; now: Date }): Promise<void> {
  await db.insert(paymentNotifications).values({ gateway: row.gateway, rawBody: row.rawBody, verified: false, outcome: row.outcome, createdAt: row.now });
}

/** A verified provider event, with where it came from and when it arrived. */
export interface PaymentEventWrite extends VerifiedPaymentEvent {
  gateway: PaymentGatewayId;
  rawBody: string;
  now: Date;
}

export type PaymentEventOutcome =
  | 'duplicate'
  | 'applied'
  | 'paid_after_close'
  | 'already_paid'
  | 'amount_mismatch'
  | 'unknown_order'
  | 'invalid_transition'
  | 'ignored';

export interface PaymentEventResult {
  outcome: PaymentEventOutcome;
  /** Whether to tell the provider the notification was received (it stops re-delivering). */
  accepted: boolean;
  order: { id: number; orderNo: string; accountId: number; purpose: PaymentPurpose; status: PaymentOrderStatus; amountFen: number; currency: string } | null;
  /** Other open orders of the same student and purpose, closed here because the purpose is now paid. */
  superseded: Array<{ orderNo: string; gateway: PaymentGatewayId }>;
  /** Result SMS written in this transaction, to deliver after commit (tuition received). */
  notificationIds: number[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the purpose of a paid order changes, from the purpose registry (purposes.ts, docs/decisions/077). */
export interface PaidOrderHooks {
  /** Inside the transaction: what the payment completes; returns SMS ids to deliver after commit. */
  onPaid(tx: Tx, order: PaymentOrderRow, at: Date, now: Date): Promise<number[]>;
  /** The purpose the product's summer parent link is stored under. */
  linkPurpose(purpose: PaymentPurpose): PaymentPurpose;
}

/**
 * The one place money changes state, in ONE transaction: record the notification (a verified id seen before
 * is a duplicate: acknowledged, nothing applied), lock the order row, compare amount and currency, move the
 * order through the domain state machine and stamp the student's profile. A concurrent duplicate waits on
 * the notification's unique index until this commits, then sees it.
 */
export async function applyPaymentEvent(db: Db, e: PaymentEventWrite, hooks: PaidOrderHooks): Promise<PaymentEventResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentNotifications)
      .values({ gateway: e.gateway, notificationId: e.notificationId, orderNo: e.orderNo, rawBody: e.rawBody, verified: true, outcome: 'processing', createdAt: e.now })
      .onConflictDoNothing({ target: [paymentNotifications.gateway, paymentNotifications.notificationId], where: sql`${paymentNotifications.verified}` })
      .returning({ id: paymentNotifications.id });
    const notificationRowId = inserted[0]?.id;
    if (notificationRowId === undefined) {
      const [first] = await tx
        .select({ outcome: paymentNotifications.outcome })
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.gateway, e.gateway), eq(paymentNotifications.notificationId, e.notificationId), eq(paymentNotifications.verified, true)))
        .limit(1);
      // Answer a re-delivery the way the first delivery was answered.
      return { outcome: 'duplicate' as const, accepted: first?.outcome !== 'amount_mismatch', order: null, superseded: [], notificationIds: [] };
    }
    const finish = async (
      outcome: PaymentEventOutcome,
      accepted: boolean,
      order: PaymentEventResult['order'],
      superseded: PaymentEventResult['superseded'] = [],
      notificationIds: number[] = [],
    ) => {
      await tx.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, notificationRowId));
      return { outcome, accepted, order, superseded, notificationIds };
    };

    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, e.orderNo)).for('update');
    if (!order || order.gateway !== e.gateway) return finish('unknown_order', true, null);
    const view = { id: order.id, orderNo: order.orderNo, accountId: order.accountId, purpose: order.purpose, status: order.status, amountFen: order.amountFen, currency: order.currency };
    if (e.kind === 'other') return finish('ignored', true, view);
    if (e.kind === 'paid' && (e.amountFen !== order.amountFen || e.currency !== order.currency)) return finish('amount_mismatch', false, view);

    const step = transitionOrder(order.status, e.kind);
    if (!step.ok) return finish('invalid_transition', true, view);
    if (!step.changed) return finish(e.kind === 'paid' ? 'already_paid' : 'ignored', true, view);

    const at = e.kind === 'paid' ? (e.occurredAt ?? e.now) : e.now;
    await tx
      .update(paymentOrders)
      .set({
        status: step.next,
        updatedAt: e.now,
        ...(e.kind === 'paid' ? { paidAt: at, providerTradeNo: e.providerTradeNo ?? order.providerTradeNo } : {}),
        ...(e.kind === 'closed' ? { closedAt: at } : {}),
        ...(e.kind === 'refunded' ? { refundedAt: at } : {}),
      })
      .where(eq(paymentOrders.id, order.id));

    let superseded: PaymentEventResult['superseded'] = [];
    let notificationIds: number[] = [];
    if (e.kind === 'paid') {
      // What the payment completes is the purpose's owner's (docs/decisions/077): the summer programme stamps
      // the student's profile and writes the tuition SMS; another programme's order (decision 075) is itself
      // the record of payment. A deposit that leaves a final payment owed completes nothing (decision 072).
      notificationIds = await hooks.onPaid(tx, order, at, e.now);
      // The parent link is done once the order that completes the product is paid: a programme's one link, or
      // the summer link stored under the product's purpose.
      if (order.completes) {
        const sameLink =
          order.programmeId !== null ? eq(parentPayLinks.programmeId, order.programmeId) : eq(parentPayLinks.purpose, hooks.linkPurpose(order.purpose));
        await tx
          .update(parentPayLinks)
          .set({ paidAt: at })
          .where(and(eq(parentPayLinks.accountId, order.accountId), sameLink, isNull(parentPayLinks.paidAt)));
      }
      superseded = await closeOtherOpenOrders(tx, order, e.now);
    }
    return finish(step.note === 'paid_after_close' ? 'paid_after_close' : 'applied', true, { ...view, status: step.next }, superseded, notificationIds);
  });
}


/** The purpose is paid: any other open order for it (same programme) must not take the money a second time. */
async function closeOtherOpenOrders(tx: Tx, order: PaymentOrderRow, now: Date): Promise<PaymentEventResult['superseded']> {
  return tx
    .update(paymentOrders)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentOrders.accountId, order.accountId),
        eq(paymentOrders.purpose, order.purpose),
        ofProgramme(order.programmeId),
        eq(paymentOrders.status, 'pending'),
        ne(paymentOrders.id, order.id),
      ),
    )
    .returning({ orderNo: paymentOrders.orderNo, gateway: paymentOrders.gateway });
}

// Parent pay links --------------------------------------------------------------------------------------------

/** Two-key advisory locks (space, student id): distinct from the seat locks' space (course-centre.repo.ts). */
const PARENT_LINK_LOCK_SPACE = 4112;

/**
 * Revokes the student's live link for the purpose and stores the new one, together, one request per student at a
 * time (an advisory lock keyed by the student), so requests at once never collide on the one-live-link index.
 * Answers null, changing nothing, when the live link was made after `keepIfMadeAfter`: a double submit then
 * leaves the first press's link working rather than revoking it.
 */
export async function replaceParentLink(
  db: Db,
  row: { tokenHash: string; accountId: number; purpose: PaymentPurpose; orderId: number | null; now: Date; expiresAt: Date; programmeId?: number | null; keepIfMadeAfter: Date },
): Promise<ParentPayLinkRow | null> {
  const programmeId = row.programmeId ?? null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARENT_LINK_LOCK_SPACE}, ${row.accountId})`);
    // A programme has one live link whatever installment it was made for (decision 075); the summer one per purpose.
    const sameLink =
      programmeId === null
        ? and(eq(parentPayLinks.purpose, row.purpose), isNull(parentPayLinks.programmeId))
        : eq(parentPayLinks.programmeId, programmeId);
    const recent = await tx
      .select({ id: parentPayLinks.id })
      .from(parentPayLinks)
      .where(and(eq(parentPayLinks.accountId, row.accountId), sameLink, isNull(parentPayLinks.revokedAt), gt(parentPayLinks.createdAt, row.keepIfMadeAfter)))
      .limit(1);
    if (recent.length > 0) return null;
    await tx
      .update(parentPayLinks)
      .set({ revokedAt: row.now })
      .where(and(eq(parentPayLinks.accountId, row.accountId), sameLink, isNull(parentPayLinks.revokedAt)));
    const [link] = await tx
      .insert(parentPayLinks)
      .values({ tokenHash: row.tokenHash, accountId: row.accountId, purpose: row.purpose, programmeId, orderId: row.orderId, createdAt: row.now, expiresAt: row.expiresAt })
      .returning();
    if (!link) throw new Error('parent link insert returned nothing');
    return link;
  });
}

export async function findParentLinkByHash(db: Db, tokenHash: string): Promise<ParentPayLinkRow | undefined> {
  const rows = await db.select().from(parentPayLinks).where(eq(parentPayLinks.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function bindParentLinkOrder(db: Db, linkId: number, orderId: number, now: Date): Promise<void> {
  await db
    .update(parentPayLinks)
    .set({ orderId, usedAt: sql`coalesce(${parentPayLinks.usedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(parentPayLinks.id, linkId), isNull(parentPayLinks.revokedAt), gt(parentPayLinks.expiresAt, now)));
}

/** Paid orders of a student for some purposes: when each purpose was first paid. */
export async function findPaidAtByPurpose(db: Db, accountId: number, purposes: PaymentPurpose[], programmeId: number | null = null): Promise<Map<PaymentPurpose, Date>> {
  const rows = await db
    .select({ purpose: paymentOrders.purpose, paidAt: paymentOrders.paidAt })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.accountId, accountId), inArray(paymentOrders.purpose, purposes), ofProgramme(programmeId), eq(paymentOrders.status, 'paid')))
    .orderBy(asc(paymentOrders.paidAt));
  const out = new Map<PaymentPurpose, Date>();
  for (const r of rows) if (!out.has(r.purpose) && r.paidAt) out.set(r.purpose, r.paidAt);
  return out;
}
