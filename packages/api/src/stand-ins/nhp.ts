/**
 * A local stand-in for the NHP partner channel (docs/decisions/076-nhp-provider.md): the signed order, query,
 * close, refund and bill calls, a checkout page for the payer, and signed notifications to the order's
 * notify_url. Tests drive it directly; PAYMENT_NHP=standin mounts it at /__nhp in the app (demo only).
 * It checks what NHP checks: our merchant id and signature on every call, amounts, and order states.
 */
import { randomBytes } from 'node:crypto';
import { nhpSigned, nhpVerify, parseNhpMessage, type NhpParams } from '../providers/payment/nhp.provider.ts';

export const NHP_STANDIN_PATH = '/__nhp';

interface StandInTrade {
  outTradeNo: string;
  amountFen: number;
  currency: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  tradeNo: string;
  paidAt: Date | null;
  refundedFen: number;
}

export interface NhpStandInAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface NhpNotification {
  params: NhpParams;
  body: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class NhpStandIn {
  readonly trades = new Map<string, StandInTrade>();
  readonly refunds = new Map<string, { outTradeNo: string; refundFen: number; refundId: string; at: Date }>();
  /** Where the checkout page lives (absolute), set once the app's origin is known. */
  publicBase = '';

  constructor(
    readonly merchantId: string,
    private readonly key: string,
    private readonly now: () => Date = () => new Date(),
    private readonly deliverImpl: (url: string, body: string) => Promise<number> = async (url, body) =>
      (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) })).status,
  ) {}

  private answer(params: NhpParams, status = 200): NhpStandInAnswer {
    return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(nhpSigned(this.key, { ...params, merchant_id: this.merchantId })) };
  }

  private fail(code: string, message: string): NhpStandInAnswer {
    return this.answer({ code, message });
  }

  /** One API call, `path` relative to the stand-in's base (/orders, /orders/query, …). */
  async handle(req: { method: string; path: string; body: string }): Promise<NhpStandInAnswer> {
    if (req.method === 'GET' && req.path.startsWith('/pay/')) return this.checkoutPage(decodeURIComponent(req.path.slice('/pay/'.length)));
    if (req.method === 'POST' && /^\/pay\/[^/]+\/confirm$/.test(req.path)) {
      const outTradeNo = decodeURIComponent(req.path.split('/')[2] ?? '');
      const trade = this.trades.get(outTradeNo);
      if (!trade) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'no such order' };
      await this.pay(outTradeNo);
      return { status: 303, headers: { location: trade.returnUrl }, body: '' };
    }
    if (req.method !== 'POST') return { status: 405, headers: {}, body: '' };
    const p = parseNhpMessage(req.body);
    if (!p || !nhpVerify(this.key, p)) return { status: 401, headers: { 'content-type': 'text/plain' }, body: 'bad signature' };
    if (p.merchant_id !== this.merchantId) return this.fail('MERCHANT_INVALID', 'unknown merchant');
    switch (req.path) {
      case '/orders': {
        const amount = Number(p.amount_fen);
        if (!p.out_trade_no || !Number.isInteger(amount) || amount < 1 || !p.notify_url || !p.return_url) return this.fail('PARAM_ERROR', 'missing parameters');
        const existing = this.trades.get(p.out_trade_no);
        if (existing && existing.amountFen !== amount) return this.fail('ORDER_MISMATCH', 'out_trade_no reused with another amount');
        if (!existing) {
          this.trades.set(p.out_trade_no, {
            outTradeNo: p.out_trade_no,
            amountFen: amount,
            currency: p.currency ?? 'CNY',
            subject: p.subject ?? '',
            notifyUrl: p.notify_url,
            returnUrl: p.return_url,
            status: 'NOTPAY',
            tradeNo: `NHP${randomBytes(10).toString('hex')}`,
            paidAt: null,
            refundedFen: 0,
          });
        }
        return this.answer({ code: 'SUCCESS', out_trade_no: p.out_trade_no, pay_url: `${this.publicBase}${NHP_STANDIN_PATH}/pay/${encodeURIComponent(p.out_trade_no)}` });
      }
      case '/orders/query': {
        const t = this.trades.get(p.out_trade_no ?? '');
        if (!t) return this.fail('ORDER_NOT_EXIST', 'no such order');
        return this.answer({ code: 'SUCCESS', out_trade_no: t.outTradeNo, trade_status: t.status, amount_fen: String(t.amountFen), currency: t.currency, trade_no: t.tradeNo, paid_at: t.paidAt?.toISOString() ?? '' });
      }
      case '/orders/close': {
        const t = this.trades.get(p.out_trade_no ?? '');
        if (t?.status === 'SUCCESS') return this.fail('ORDER_PAID', 'order already paid');
        if (t) t.status = 'CLOSED';
        return this.answer({ code: 'SUCCESS', out_trade_no: p.out_trade_no ?? '' });
      }
      case '/refunds': {
        const t = this.trades.get(p.out_trade_no ?? '');
        const fen = Number(p.refund_fen);
        if (!t || t.status !== 'SUCCESS') return this.fail('ORDER_NOT_PAID', 'order not paid');
        const known = this.refunds.get(p.out_refund_no ?? '');
        if (!known) {
          if (!Number.isInteger(fen) || fen < 1 || fen > t.amountFen - t.refundedFen) return this.fail('REFUND_AMOUNT_INVALID', 'refund exceeds what is left');
          t.refundedFen += fen;
          this.refunds.set(p.out_refund_no ?? '', { outTradeNo: t.outTradeNo, refundFen: fen, refundId: `NHPR${randomBytes(8).toString('hex')}`, at: this.now() });
        }
        const r = this.refunds.get(p.out_refund_no ?? '')!;
        return this.answer({ code: 'SUCCESS', refund_status: 'SUCCESS', refund_id: r.refundId, refunded_at: r.at.toISOString() });
      }
      case '/refunds/query': {
        const r = this.refunds.get(p.out_refund_no ?? '');
        if (!r) return this.fail('REFUND_NOT_EXIST', 'no such refund');
        return this.answer({ code: 'SUCCESS', refund_status: 'SUCCESS', refund_id: r.refundId, refunded_at: r.at.toISOString() });
      }
      case '/bills': {
        const lines = [...this.trades.values()]
          .filter((t) => t.paidAt && beijingDay(t.paidAt) === p.bill_date)
          .map((t) => ({ type: 'payment', out_trade_no: t.outTradeNo, trade_no: t.tradeNo, amount_fen: t.amountFen, currency: t.currency, at: t.paidAt!.toISOString() }));
        return this.answer({ code: 'SUCCESS', bill_date: p.bill_date ?? '', lines: JSON.stringify(lines) });
      }
      default:
        return { status: 404, headers: {}, body: '' };
    }
  }

  /** The payer paid: the trade succeeds and NHP notifies (signed) the order's notify_url. */
  async pay(outTradeNo: string, opts: { deliver?: boolean } = {}): Promise<NhpNotification> {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no NHP trade ${outTradeNo}`);
    if (t.status === 'NOTPAY') {
      t.status = 'SUCCESS';
      t.paidAt = this.now();
    }
    const n = this.notification(t);
    if (opts.deliver !== false) await this.deliverImpl(t.notifyUrl, n.body);
    return n;
  }

  notification(t: StandInTrade): NhpNotification {
    const params = nhpSigned(this.key, {
      merchant_id: this.merchantId,
      notify_id: `NHPN${randomBytes(10).toString('hex')}`,
      event: 'TRADE_SUCCESS',
      out_trade_no: t.outTradeNo,
      trade_no: t.tradeNo,
      amount_fen: String(t.amountFen),
      currency: t.currency,
      paid_at: (t.paidAt ?? this.now()).toISOString(),
      timestamp: this.now().toISOString(),
    });
    return { params, body: JSON.stringify(params) };
  }

  private checkoutPage(outTradeNo: string): NhpStandInAnswer {
    const t = this.trades.get(outTradeNo);
    const html = t
      ? `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>NHP 合作方支付（模拟）</title></head><body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px"><h1 style="font-size:20px">NHP 合作方支付（模拟）</h1><p>${escapeHtml(t.subject)}</p><p>金额：${(t.amountFen / 100).toFixed(2)} ${escapeHtml(t.currency)}</p><p>状态：${t.status === 'SUCCESS' ? '已支付' : t.status === 'CLOSED' ? '已关闭' : '待支付'}</p>${t.status === 'NOTPAY' ? `<form method="post" action="${NHP_STANDIN_PATH}/pay/${encodeURIComponent(outTradeNo)}/confirm"><button type="submit" style="font-size:16px;padding:8px 24px">确认支付</button></form>` : `<a href="${escapeHtml(t.returnUrl)}">返回</a>`}</body></html>`
      : '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>订单不存在</title></head><body><p>订单不存在</p></body></html>';
    return { status: t ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: html };
  }
}

function beijingDay(d: Date): string {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
