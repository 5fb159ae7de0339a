/**
 * A local stand-in for api.stripe.com (docs/decisions/071-stripe.md): enough of the v1 API for
 * the official SDK to create, read and cancel PaymentIntents, refund them and list balance transactions, plus
 * a tiny confirm page and signed webhooks to our notify url. Tests use it; so does PAYMENT_STRIPE=standin.
 *
 * What it keeps honest, like Stripe: form-encoded bodies, the Bearer secret key, Idempotency-Key (same key,
 * same answer; same key with other parameters, an idempotency_error), a refund never above what is left of the
 * charge, cursor pagination (limit, starting_after, has_more), Stripe-Signature `t=,v1=` HMAC-SHA256 over
 * `t.payload` with the webhook secret.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface StripeStandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (our /api/payment/notify/stripe); settable later, when the app's address is known. */
  notifyUrl?: string;
  now?: () => Date;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  created: number;
  canceled_at: number | null;
  last_payment_error: { code: string; message: string } | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  created: number;
}

interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  refunded: boolean;
  created: number;
}

interface StandInBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  type: 'charge' | 'refund';
  source: string;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  /** Whether the answer came from the idempotency store rather than a new operation. */
  replayed: boolean;
}

/** `a[b][0]=x` → {a:{b:['x']}}: the SDK's (qs-compatible, indexed) encoding, decoded. */
export function decodeStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const obj = value as Json;
    const keys = Object.keys(obj);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(obj[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(obj[k])]));
  };
  return arrays(root) as Json;
}

/** The Stripe-Signature header for a payload at a Unix time (seconds), as Stripe computes it. */
export function stripeSignatureHeader(payload: string, secret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

class StripeError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class StripeStandIn {
  private server: Server | null = null;
  private baseUrl = '';
  readonly intents = new Map<string, StandInIntent>();
  readonly charges = new Map<string, StandInCharge>();
  readonly refunds = new Map<string, StandInRefund>();
  /** In creation order: balance transactions are listed newest first, as Stripe does. */
  readonly balanceTransactions: StandInBalanceTransaction[] = [];
  readonly requests: StandInRequest[] = [];
  readonly deliveries: Array<{ type: string; status: number; body: string }> = [];
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  notifyUrl: string | undefined;
  private readonly now: () => Date;

  constructor(private readonly options: StripeStandInOptions) {
    this.notifyUrl = options.notifyUrl;
    this.now = options.now ?? (() => new Date());
  }

  /** Listens on 127.0.0.1 (port 0: a free one); answers the base url, e.g. http://127.0.0.1:41234. */
  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    // close() waits for every open connection; a keep-alive one from the app's client would hold it for its
    // whole idle timeout, so they are ended here (the stand-in serves tests and the demo, never live traffic).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  get url(): string {
    return this.baseUrl;
  }

  /** The payer's page for a PaymentIntent (what the instruction's url points to when not live). */
  confirmUrl(intentId: string, returnUrl?: string): string {
    const url = new URL(`/confirm/${intentId}`, this.baseUrl);
    if (returnUrl) url.searchParams.set('return_url', returnUrl);
    return url.toString();
  }

  private unix(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private newId(prefix: string): string {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  // The payer's side -----------------------------------------------------------------------------------------

  /**
   * A card payment on the intent: 4000 0000 0000 0002 is declined (the intent stays payable, as Stripe's
   * card_declined), anything else that looks like a card succeeds: a charge and a balance transaction are
   * booked and payment_intent.succeeded is sent.
   */
  async pay(intentId: string, cardNumber = '4242424242424242'): Promise<StandInIntent> {
    const intent = this.intents.get(intentId);
    if (!intent) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`);
    if (intent.status !== 'requires_payment_method') throw new StripeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`);
    const digits = cardNumber.replace(/\s+/g, '');
    if (digits === '4000000000000002' || !/^\d{12,19}$/.test(digits)) {
      intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
      await this.sendEvent('payment_intent.payment_failed', intent);
      return intent;
    }
    const charge: StandInCharge = {
      id: this.newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      metadata: { ...intent.metadata },
      refunded: false,
      created: this.unix(),
    };
    this.charges.set(charge.id, charge);
    this.balanceTransactions.push({ id: this.newId('txn'), object: 'balance_transaction', amount: charge.amount, currency: charge.currency, type: 'charge', source: charge.id, created: charge.created });
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    await this.sendEvent('payment_intent.succeeded', intent);
    return intent;
  }

  /** Moves a pending refund to succeeded (or failed) and sends refund.updated, as Stripe does later. */
  async settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<StandInRefund> {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    if (status === 'failed') {
      const charge = this.charges.get(refund.charge);
      if (charge) charge.amount_refunded -= refund.amount;
    } else this.bookRefund(refund);
    await this.sendEvent('refund.updated', refund);
    return refund;
  }

  /** Test knob: the next N idempotent POSTs are carried out but their answers are lost (the connection drops). */
  dropAnswers = 0;
  /** Stripe caps `limit` at 100; tests lower it to exercise pagination with a handful of rows. */
  maxPageSize = 100;

  /** Every refund whose amount should succeed at once does; `pendingRefunds` makes new ones wait (settleRefund). */
  pendingRefunds = false;

  private bookRefund(refund: StandInRefund) {
    this.balanceTransactions.push({ id: this.newId('txn'), object: 'balance_transaction', amount: -refund.amount, currency: refund.currency, type: 'refund', source: refund.id, created: this.unix() });
  }

  /** A signed event to the notify url (`at` defaults to now: tests move it to check the tolerance). */
  async sendEvent(type: string, object: unknown, opts: { at?: Date; id?: string; secret?: string } = {}): Promise<{ status: number; body: string; payload: string }> {
    const payload = this.eventPayload(type, object, opts.id);
    const header = stripeSignatureHeader(payload, opts.secret ?? this.options.webhookSecret, Math.floor((opts.at ?? this.now()).getTime() / 1000));
    if (!this.notifyUrl) return { status: 0, body: '', payload };
    const res = await fetch(this.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, body: payload });
    const body = await res.text();
    this.deliveries.push({ type, status: res.status, body });
    return { status: res.status, body, payload };
  }

  /** An event body as Stripe sends it (snapshot event, the object under data.object). */
  eventPayload(type: string, object: unknown, id?: string): string {
    return JSON.stringify({ id: id ?? this.newId('evt'), object: 'event', api_version: '2026-01-28.clover', created: this.unix(), livemode: false, type, data: { object } }, null, 2);
  }

  // The API ---------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    try {
      if (url.pathname.startsWith('/confirm/')) return await this.confirmPage(req, res, url, body);
      if (!url.pathname.startsWith('/v1/')) throw new StripeError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
      if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        throw new StripeError(401, 'invalid_request_error', undefined, 'Invalid API Key provided.');
      }
      const method = req.method ?? 'GET';
      const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(body);
      const key = method === 'POST' ? (headerValue(req.headers['idempotency-key']) ?? null) : null;
      const entry: StandInRequest = { method, path: url.pathname, params, idempotencyKey: key, replayed: false };
      this.requests.push(entry);
      if (key) {
        const fingerprint = `${method} ${url.pathname} ${body}`;
        const seen = this.idempotency.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            throw new StripeError(400, 'idempotency_error', undefined, `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
          }
          entry.replayed = true;
          return send(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
        }
        const [status, answer] = await this.answer(method, url.pathname, params).then(
          (a) => [200, JSON.stringify(a)] as const,
          (err: unknown) => errorAnswer(err),
        );
        this.idempotency.set(key, { fingerprint, status, body: answer });
        if (this.dropAnswers > 0) {
          // The operation happened, the answer is lost on the way: the client must retry with the same key.
          this.dropAnswers -= 1;
          req.socket.destroy();
          return;
        }
        return send(res, status, answer);
      }
      return send(res, 200, JSON.stringify(await this.answer(method, url.pathname, params)));
    } catch (err) {
      const [status, answer] = errorAnswer(err);
      return send(res, status, answer);
    }
  }

  private async answer(method: string, path: string, p: Json): Promise<unknown> {
    const route = `${method} ${path.replace(/\/(pi|re|ch|txn)_[A-Za-z0-9]+/g, '/:id')}`;
    const id = /\/((?:pi|re|ch|txn)_[A-Za-z0-9]+)/.exec(path)?.[1] ?? '';
    switch (route) {
      case 'POST /v1/payment_intents':
        return this.createIntent(p);
      case 'GET /v1/payment_intents/search':
        return this.searchIntents(String(p.query ?? ''));
      case 'GET /v1/payment_intents/:id':
        return this.intentOf(id);
      case 'POST /v1/payment_intents/:id/cancel': {
        const intent = this.intentOf(id);
        if (intent.status === 'succeeded') throw new StripeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', 'You cannot cancel this PaymentIntent because it has a status of succeeded.');
        if (intent.status !== 'canceled') {
          Object.assign(intent, { status: 'canceled', canceled_at: this.unix() });
          // Stripe sends the event after answering; the caller may be the very server the event goes to.
          setImmediate(() => void this.sendEvent('payment_intent.canceled', { ...intent }).catch(() => undefined));
        }
        return intent;
      }
      case 'POST /v1/refunds':
        return this.createRefund(p);
      case 'GET /v1/refunds/:id': {
        const refund = this.refunds.get(id);
        if (!refund) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such refund: '${id}'`);
        return refund;
      }
      case 'GET /v1/refunds': {
        const all = [...this.refunds.values()].filter((r) => !p.payment_intent || r.payment_intent === p.payment_intent).reverse();
        return this.page(all, p, '/v1/refunds');
      }
      case 'GET /v1/balance_transactions': {
        const created = (p.created ?? {}) as Record<string, string>;
        const within = this.balanceTransactions.filter(
          (t) => (created.gte === undefined || t.created >= Number(created.gte)) && (created.lt === undefined || t.created < Number(created.lt)),
        );
        const expand = Array.isArray(p.expand) ? p.expand : [];
        const withIntent = expand.includes('data.source.payment_intent');
        const expandSource = withIntent || expand.includes('data.source');
        const sourceOf = (id: string) => {
          const source = this.charges.get(id) ?? this.refunds.get(id);
          if (!source) return id;
          return withIntent ? { ...source, payment_intent: this.intents.get(source.payment_intent) ?? source.payment_intent } : source;
        };
        const rows = [...within].reverse().map((t) => (expandSource ? { ...t, source: sourceOf(t.source) } : t));
        return this.page(rows, p, '/v1/balance_transactions');
      }
      default:
        throw new StripeError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  private page<T extends { id: string }>(rows: T[], p: Json, url: string) {
    const limit = Math.min(this.maxPageSize, Math.max(1, Number(p.limit ?? 10)));
    const start = p.starting_after ? rows.findIndex((r) => r.id === p.starting_after) + 1 : 0;
    const data = rows.slice(start, start + limit);
    return { object: 'list', url, has_more: start + limit < rows.length, data };
  }

  private intentOf(id: string): StandInIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new StripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`);
    return intent;
  }

  private createIntent(p: Json): StandInIntent {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount');
    const currency = String(p.currency ?? '');
    if (!/^[a-z]{3}$/.test(currency)) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_empty', 'Invalid currency');
    const id = this.newId('pi');
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      description: typeof p.description === 'string' ? p.description : null,
      metadata: stringRecord(p.metadata),
      latest_charge: null,
      created: this.unix(),
      canceled_at: null,
      last_payment_error: null,
    };
    this.intents.set(id, intent);
    return intent;
  }

  /** Only the form this platform uses: metadata['order_no']:'X'. */
  private searchIntents(query: string) {
    const match = /^metadata\['([a-z_]+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) throw new StripeError(400, 'invalid_request_error', undefined, 'Unsupported search query in the stand-in');
    const [, key = '', value] = match;
    const data = [...this.intents.values()].filter((i) => i.metadata[key] === value).reverse();
    return { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data };
  }

  private createRefund(p: Json): StandInRefund {
    const intent = this.intentOf(String(p.payment_intent ?? ''));
    const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!charge || intent.status !== 'succeeded') throw new StripeError(400, 'invalid_request_error', 'charge_not_refundable', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const left = charge.amount - charge.amount_refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw new StripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer: amount');
    if (left <= 0) throw new StripeError(400, 'invalid_request_error', 'charge_already_refunded', `Charge ${charge.id} has already been refunded.`);
    if (amount > left) {
      throw new StripeError(400, 'invalid_request_error', 'amount_too_large', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`);
    }
    const refund: StandInRefund = {
      id: this.newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      metadata: stringRecord(p.metadata),
      reason: typeof p.reason === 'string' ? p.reason : null,
      status: this.pendingRefunds ? 'pending' : 'succeeded',
      created: this.unix(),
    };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.refunds.set(refund.id, refund);
    if (refund.status === 'succeeded') this.bookRefund(refund);
    return refund;
  }

  // The confirm page -----------------------------------------------------------------------------------------

  private async confirmPage(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const intentId = url.pathname.slice('/confirm/'.length);
    const intent = this.intents.get(intentId);
    const returnUrl = url.searchParams.get('return_url') ?? '';
    const back = /^https?:\/\//.test(returnUrl) ? returnUrl : '';
    if (!intent) return send(res, 404, confirmHtml('<p class="fail">找不到该支付（No such payment）</p>'), { 'content-type': 'text/html; charset=utf-8' });
    let message = '';
    if (req.method === 'POST') {
      const card = new URLSearchParams(body).get('card') ?? '';
      try {
        await this.pay(intentId, card);
      } catch (err) {
        message = err instanceof Error ? err.message : String(err);
      }
      if (intent.status === 'succeeded' && back) {
        res.writeHead(303, { location: back });
        return res.end();
      }
      if (intent.last_payment_error) message = `银行卡被拒绝（${intent.last_payment_error.message}）`;
    }
    const amount = `${(intent.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${intent.currency.toUpperCase()}`;
    let content = `<p class="badge">Stripe 模拟支付页（本地替身，不会产生真实扣款）</p><h1>${escapeHtml(intent.description ?? 'Payment')}</h1><p class="amount">${escapeHtml(amount)}</p>`;
    if (intent.status === 'succeeded') content += `<p class="ok">支付成功 (Payment succeeded)</p>${back ? `<a class="button" href="${escapeHtml(back)}">返回 Summit</a>` : ''}`;
    else if (intent.status === 'canceled') content += `<p class="fail">该支付已取消 (Canceled)</p>${back ? `<a class="button" href="${escapeHtml(back)}">返回 Summit</a>` : ''}`;
    else {
      const action = `/confirm/${intent.id}${back ? `?return_url=${encodeURIComponent(back)}` : ''}`;
      content +=
        (message ? `<p class="fail" role="alert">${escapeHtml(message)}</p>` : '') +
        `<form method="post" action="${escapeHtml(action)}"><label for="card">银行卡号 (Card number)</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required><p class="hint">测试卡：4242 4242 4242 4242 成功；4000 0000 0000 0002 被拒绝</p><button type="submit">支付 ${escapeHtml(amount)}</button></form>`;
    }
    return send(res, 200, confirmHtml(content), { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  }
}

function confirmHtml(content: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe 模拟支付</title><style>
*{box-sizing:border-box}body{margin:0;background:#f6f9fc;color:#30313d;font:16px/1.6 -apple-system,"PingFang SC","Noto Sans SC",sans-serif}
main{max-width:420px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:12px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{margin:0 0 16px;padding:8px 12px;border-radius:8px;background:#fff4e5;color:#8a4b00;font-size:14px}h1{font-size:18px;margin:0 0 8px}
.amount{font-size:24px;font-weight:600;color:#635bff;margin:0 0 16px}label{display:block;font-size:14px;margin-bottom:4px}
input{width:100%;min-height:44px;padding:8px 12px;border:1px solid #d5dbe1;border-radius:6px;font:inherit}.hint{font-size:13px;color:#6d6e78}
button,.button{font:inherit;display:block;width:100%;min-height:48px;border:0;border-radius:8px;background:#635bff;color:#fff;font-size:17px;text-align:center;line-height:48px;text-decoration:none;cursor:pointer}
.ok{color:#1f7a3a;font-weight:600;font-size:20px}.fail{color:#a8071a}
</style></head><body><main><div class="card">${content}</div></main></body></html>`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, String(v)]));
}

function errorAnswer(err: unknown): [number, string] {
  if (err instanceof StripeError) return [err.httpStatus, JSON.stringify({ error: { type: err.type, ...(err.code ? { code: err.code } : {}), message: err.message } })];
  return [500, JSON.stringify({ error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } })];
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}`, ...headers });
  res.end(body);
}
