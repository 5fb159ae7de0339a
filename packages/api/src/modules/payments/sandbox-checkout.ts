import QRCode from 'qrcode';
import {
  AppError,
  MSG,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PROGRAMME_NAME,
  formatFen,
  type PaymentOrderStatus,
} from '@summit/domain';
import { buildSandboxNotification, sandboxCheckoutPath, signSandboxNotification, SANDBOX_SIGNATURE_HEADER } from '../../providers/payment/sandbox.provider.ts';
import { getSandboxSecret } from '../settings/settings.service.ts';
import { handleNotification, type PaymentDeps } from './payment-events.service.ts';
import { findOrderByNo, type PaymentOrderRow } from './payments.repo.ts';
import { recordSandboxLedger } from './sandbox-ledger.repo.ts';

/** The sandbox bill's write, for the sandbox refund flow (refunds/sandbox-refund.ts). */
export { recordSandboxLedger };
import { escapeMarkup } from '@summit/domain/page-markup';

/** Only a same-site path may be a return target: the checkout page must not become an open redirect. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return /^[A-Za-z0-9\-._~/?=&%]+$/.test(value) ? value : null;
}


async function sandboxOrder(deps: PaymentDeps, orderNo: string): Promise<PaymentOrderRow | null> {
  if (!deps.gateways.byId('sandbox')) return null;
  const order = await findOrderByNo(deps.ctx.db, orderNo);
  return order && order.gateway === 'sandbox' ? order : null;
}

/**
 * The payer's decision on the sandbox checkout page, delivered as the provider would deliver it: a signed
 * notification through the notify path (handleNotification), not a direct write.
 */
export async function decideSandboxPayment(deps: PaymentDeps, orderNo: string, result: 'paid' | 'failed'): Promise<{ status: PaymentOrderStatus }> {
  const order = await sandboxOrder(deps, orderNo);
  const gateway = deps.gateways.byId('sandbox');
  if (!order || !gateway) throw AppError.notFound(MSG.PAY_ORDER_NOT_FOUND);
  if (order.status === 'paid') throw AppError.message(MSG.PAY_ORDER_PAID);
  const now = deps.ctx.now();
  if (order.status !== 'pending' || order.expiresAt.getTime() <= now.getTime()) throw AppError.message(MSG.PAY_ORDER_CLOSED);
  const notification = buildSandboxNotification({ orderNo, result, amountFen: order.amountFen, currency: order.currency, at: now });
  // The sandbox took the money the moment the payer confirmed: its own books say so whatever our side does next.
  if (result === 'paid') {
    await recordSandboxLedger(deps.ctx.db, { kind: 'payment', orderNo, tradeNo: notification.trade_no, amountFen: notification.amount_fen, currency: notification.currency, occurredAt: now });
  }
  const body = JSON.stringify(notification);
  const signature = signSandboxNotification(await getSandboxSecret(deps.ctx), body, now);
  const reply = await handleNotification(deps, gateway, { headers: { [SANDBOX_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' }, rawBody: body });
  if (reply.httpStatus !== 200) throw AppError.message(MSG.PAY_UNAVAILABLE);
  const after = await findOrderByNo(deps.ctx.db, orderNo);
  return { status: after?.status ?? order.status };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:#f5f1ea;color:#2b2622;font:16px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:24px 20px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
.badge{margin:0 0 16px;padding:8px 12px;border-radius:8px;background:#fff4e5;color:#8a4b00;font-size:14px}
h1{margin:0 0 16px;font-size:20px;color:#7a1f2b}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 16px}dt{color:#6b625b}dd{margin:0;word-break:break-all}
.amount{font-size:24px;font-weight:600;color:#7a1f2b}
figure{margin:0 0 16px;text-align:center}figure svg{width:200px;height:200px}figcaption{font-size:14px;color:#6b625b}
form{margin:0 0 12px}button,.link{display:block;width:100%;min-height:48px;border-radius:8px;font-size:17px;text-align:center;text-decoration:none;cursor:pointer}
button{border:1px solid #7a1f2b;background:#fff;color:#7a1f2b}button.primary{background:#7a1f2b;color:#fff}
.link{line-height:48px;background:#7a1f2b;color:#fff}
.state{font-size:20px;font-weight:600;text-align:center;margin:8px 0 16px}.state.ok{color:#1f7a3a}.state.fail{color:#a8071a}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title><style>${STYLE}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

/** GET /pay/sandbox/:order_no: plain server-rendered Chinese HTML, usable on a phone. */
export async function renderSandboxCheckout(deps: PaymentDeps, orderNo: string, opts: { selfUrl: string; returnPath: string | null }): Promise<{ httpStatus: number; html: string }> {
  const order = await sandboxOrder(deps, orderNo);
  if (!order) return { httpStatus: 404, html: page('订单不存在', `<h1>${escapeMarkup(PROGRAMME_NAME)}</h1><p class="state fail">${escapeMarkup(MSG.PAY_ORDER_NOT_FOUND)}</p>`) };

  const expired = order.status === 'pending' && order.expiresAt.getTime() <= deps.ctx.now().getTime();
  const query = opts.returnPath ? `?return=${encodeURIComponent(opts.returnPath)}` : '';
  const action = (what: 'confirm' | 'fail') => `/api/payment/sandbox/${order.orderNo}/${what}${query}`;
  const back = opts.returnPath ? `<a class="link" href="${escapeMarkup(opts.returnPath)}">返回 Summit</a>` : '';
  const rows = [
    ['支付项目', PAYMENT_PURPOSE_LABELS[order.purpose]],
    ['支付方式', `${PAYMENT_PROVIDER_LABELS[order.provider] ?? order.provider}（模拟）`],
    ['订单号', order.orderNo],
  ]
    .map(([k, v]) => `<dt>${escapeMarkup(k ?? '')}</dt><dd>${escapeMarkup(v ?? '')}</dd>`)
    .join('');
  const summary = `<p class="badge">模拟收银台：仅用于演示和测试，不会产生真实扣款</p><h1>${escapeMarkup(PROGRAMME_NAME)}</h1><dl><dt>金额</dt><dd class="amount">${escapeMarkup(formatFen(order.amountFen))}</dd>${rows}</dl>`;

  let actions: string;
  if (order.status === 'paid') actions = `<p class="state ok">${escapeMarkup(MSG.PAY_OK)}</p>${back}`;
  else if (order.status !== 'pending' || expired) actions = `<p class="state fail">${escapeMarkup(MSG.PAY_ORDER_CLOSED)}</p>${back}`;
  else {
    const qr =
      order.payKind === 'qr'
        ? `<figure>${await QRCode.toString(opts.selfUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })}<figcaption>也可以用手机扫码，在手机上完成支付</figcaption></figure>`
        : '';
    actions = `${qr}<form method="post" action="${escapeMarkup(action('confirm'))}"><button class="primary" type="submit">确认支付</button></form><form method="post" action="${escapeMarkup(action('fail'))}"><button type="submit">模拟支付失败</button></form>`;
  }
  return { httpStatus: 200, html: page(`模拟收银台 - ${PAYMENT_PURPOSE_LABELS[order.purpose]}`, summary + actions) };
}

export function sandboxPageUrl(origin: string, orderNo: string, returnPath: string | null): string {
  const url = new URL(sandboxCheckoutPath(orderNo), origin);
  if (returnPath) url.searchParams.set('return', returnPath);
  return url.toString();
}
