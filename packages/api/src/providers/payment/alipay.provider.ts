import { createPrivateKey } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { fenToYuanString, isWapChannel, yuanStringToFen } from '@summit/domain';
import {
  NotificationRejected,
  PaymentGatewayError,
  beijingParts,
  type CreateProviderOrder,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderPayInstruction,
  type VerifiedPaymentEvent,
  notBuilt,
  type ProviderBillLine,
  type ProviderRefundRequest,
  type ProviderRefundState,
} from './payment-provider.ts';
import { downloadAlipayBill, parseAlipayBillZip } from './alipay-bill.ts';

export interface AlipayOptions {
  appId: string;
  /** Application private key: PEM (PKCS#1 or PKCS#8) or bare base64 as Alipay's key tool prints it. */
  privateKey: string;
  /** Alipay's public key: PEM or bare base64. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  timeoutMs?: number;
}

/** The SDK needs to be told the private key's encoding; work it out instead of adding a setting. */
export function alipayKeyType(privateKey: string): 'PKCS1' | 'PKCS8' {
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  try {
    createPrivateKey({ key: Buffer.from(privateKey.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

function alipayTime(date: Date): string {
  const { date: d, time } = beijingParts(date);
  return `${d} ${time}`;
}

/** Alipay's times are Beijing wall-clock "yyyy-MM-dd HH:mm:ss". */
function alipayDate(text: string): Date | null {
  const d = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

type AlipayResult = { code?: string; msg?: string; subCode?: string; subMsg?: string; [key: string]: unknown };

/**
 * Alipay through the official SDK (alipay-sdk), which signs requests (RSA2) and verifies response and
 * notification signatures. Scan: alipay.trade.precreate (qr_code); web: alipay.trade.page.pay; wap:
 * alipay.trade.wap.pay (both a signed GET URL to Alipay's cashier).
 */
export class AlipayGateway implements PaymentGateway {
  readonly id = 'alipay' as const;
  private readonly sdk: AlipaySdk;

  constructor(private readonly options: AlipayOptions) {
    const privateKey = options.privateKey.replace(/\\n/g, '\n');
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey,
      keyType: alipayKeyType(privateKey),
      alipayPublicKey: options.alipayPublicKey.replace(/\\n/g, '\n'),
      gateway: options.gateway,
      timeout: options.timeoutMs ?? 10_000,
      signType: 'RSA2',
    });
  }

  private async exec(method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<AlipayResult> {
    try {
      return (await this.sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayResult;
    } catch (err) {
      throw new PaymentGatewayError(`Alipay ${method} failed: ${(err as Error).message}`);
    }
  }

  async createOrder(order: CreateProviderOrder): Promise<ProviderPayInstruction> {
    const common = {
      out_trade_no: order.orderNo,
      total_amount: fenToYuanString(order.amountFen),
      subject: order.description,
      time_expire: alipayTime(order.expiresAt),
    };
    if (order.kind === 'qr') {
      const res = await this.exec('alipay.trade.precreate', common, { notifyUrl: this.options.notifyUrl });
      if (res.code !== '10000' || typeof res.qrCode !== 'string') {
        throw new PaymentGatewayError(`Alipay precreate refused: ${res.code ?? ''} ${res.subCode ?? ''} ${res.subMsg ?? res.msg ?? ''}`.trim(), res.subCode ?? res.code);
      }
      return { kind: 'qr', codeUrl: res.qrCode };
    }
    const wap = isWapChannel(order.channel);
    const url = this.sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      notifyUrl: this.options.notifyUrl,
      returnUrl: order.returnUrl,
      bizContent: { ...common, product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY', ...(wap ? { quit_url: order.returnUrl } : {}) },
    });
    return { kind: 'redirect', url };
  }

  async parseNotification(notification: IncomingNotification): Promise<VerifiedPaymentEvent> {
    // Form-encoded; URLSearchParams decodes once, so the signature is checked over the decoded values.
    const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
    if (!fields.sign) throw new NotificationRejected('Alipay notification without sign', 'bad_signature');
    let verified = false;
    try {
      verified = this.sdk.checkNotifySignV2(fields);
    } catch {
      verified = false;
    }
    if (!verified) throw new NotificationRejected('Alipay notification signature does not verify', 'bad_signature');
    if (fields.app_id !== this.options.appId) throw new NotificationRejected('Alipay notification for another app', 'bad_signature');
    const orderNo = fields.out_trade_no;
    const notificationId = fields.notify_id;
    if (!orderNo || !notificationId) throw new NotificationRejected('Alipay notification without out_trade_no or notify_id', 'malformed');
    const status = fields.trade_status;
    const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
    const amountFen = fields.total_amount !== undefined ? yuanStringToFen(fields.total_amount) : null;
    if (paid && amountFen === null) throw new NotificationRejected('Alipay notification with an unreadable total_amount', 'malformed');
    return {
      notificationId,
      orderNo,
      kind: paid ? 'paid' : status === 'TRADE_CLOSED' ? 'closed' : 'other',
      amountFen,
      currency: 'CNY',
      providerTradeNo: fields.trade_no ?? null,
      occurredAt: fields.gmt_payment ? new Date(`${fields.gmt_payment.replace(' ', 'T')}+08:00`) : null,
    };
  }

  async queryOrder(orderNo: string): Promise<ProviderOrderState> {
    const res = await this.exec('alipay.trade.query', { out_trade_no: orderNo });
    // Before the payer scans, Alipay has no trade under this number yet.
    if (res.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'pending' };
    if (res.code !== '10000') throw new PaymentGatewayError(`Alipay query refused: ${res.code ?? ''} ${res.subCode ?? ''}`.trim(), res.subCode ?? res.code);
    const status = res.tradeStatus;
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      const amountFen = typeof res.totalAmount === 'string' ? yuanStringToFen(res.totalAmount) : null;
      return {
        status: 'paid',
        amountFen: amountFen ?? -1,
        currency: 'CNY',
        providerTradeNo: typeof res.tradeNo === 'string' ? res.tradeNo : null,
        paidAt: typeof res.sendPayDate === 'string' ? new Date(`${res.sendPayDate.replace(' ', 'T')}+08:00`) : null,
      };
    }
    if (status === 'TRADE_CLOSED') return { status: 'closed' };
    return { status: 'pending' };
  }

  async closeOrder(orderNo: string): Promise<void> {
    const res = await this.exec('alipay.trade.close', { out_trade_no: orderNo });
    // Never scanned: nothing exists at Alipay to close.
    if (res.code === '10000' || res.subCode === 'ACQ.TRADE_NOT_EXIST') return;
    throw new PaymentGatewayError(`Alipay close refused: ${res.code ?? ''} ${res.subCode ?? ''}`.trim(), res.subCode ?? res.code);
  }

  /**
   * alipay.trade.refund is synchronous: fund_change Y means the money moved now. A repeated out_request_no
   * answers fund_change N (nothing moved this time), so the refund query says whether it had moved before.
   * A business refusal is a failed refund; a system error or a network failure throws (state unknown: the
   * reconciler asks again).
   */
  async refund(request: ProviderRefundRequest): Promise<ProviderRefundState> {
    const res = await this.exec('alipay.trade.refund', {
      out_trade_no: request.orderNo,
      ...(request.providerTradeNo ? { trade_no: request.providerTradeNo } : {}),
      refund_amount: fenToYuanString(request.refundFen),
      out_request_no: request.refundNo,
      refund_reason: request.reason.slice(0, 256),
    });
    if (res.code === '10000') {
      const tradeNo = typeof res.tradeNo === 'string' ? res.tradeNo : null;
      if (res.fundChange === 'Y') return { status: 'succeeded', providerRefundNo: tradeNo, succeededAt: typeof res.gmtRefundPay === 'string' ? alipayDate(res.gmtRefundPay) : null };
      return this.queryRefund(request, false);
    }
    if (res.code === '20000' || res.subCode === 'ACQ.SYSTEM_ERROR') {
      throw new PaymentGatewayError(`Alipay refund not answered: ${res.code ?? ''} ${res.subCode ?? ''}`.trim(), res.subCode ?? res.code);
    }
    return { status: 'failed', providerRefundNo: null, reason: `${res.subCode ?? res.code ?? ''} ${res.subMsg ?? res.msg ?? ''}`.trim() };
  }

  /**
   * alipay.trade.fastpay.refund.query: data with refund_status empty or REFUND_SUCCESS means refunded; no data
   * means Alipay never took the request, so it is sent again (idempotent on out_request_no) when `resend`.
   */
  async queryRefund(request: ProviderRefundRequest, resend = true): Promise<ProviderRefundState> {
    const res = await this.exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: request.orderNo,
      out_request_no: request.refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (res.code !== '10000') throw new PaymentGatewayError(`Alipay refund query refused: ${res.code ?? ''} ${res.subCode ?? ''}`.trim(), res.subCode ?? res.code);
    const known = typeof res.refundAmount === 'string' || typeof res.outRequestNo === 'string';
    const tradeNo = typeof res.tradeNo === 'string' ? res.tradeNo : null;
    if (known && (res.refundStatus === undefined || res.refundStatus === '' || res.refundStatus === 'REFUND_SUCCESS')) {
      return { status: 'succeeded', providerRefundNo: tradeNo, succeededAt: typeof res.gmtRefundPay === 'string' ? alipayDate(res.gmtRefundPay) : null };
    }
    if (!known && resend) return this.refund(request);
    return { status: 'processing', providerRefundNo: tradeNo };
  }

  /**
   * The trade bill of one Beijing day: ask for its download URL, download the zip, read the detail CSV. A day
   * without any business has no bill at Alipay (isp.bill_not_exist): that is an empty bill, not a failure.
   */
  async fetchBill(day: string): Promise<ProviderBillLine[]> {
    const res = await this.exec('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: day });
    if (res.subCode === 'isp.bill_not_exist') return [];
    if (res.code !== '10000' || typeof res.billDownloadUrl !== 'string') {
      throw new PaymentGatewayError(`Alipay bill query refused: ${res.code ?? ''} ${res.subCode ?? ''} ${res.subMsg ?? res.msg ?? ''}`.trim(), res.subCode ?? res.code);
    }
    return parseAlipayBillZip(await downloadAlipayBill(res.billDownloadUrl, this.options.timeoutMs ?? 30_000));
  }

  reply(accepted: boolean): NotificationReply {
    return { httpStatus: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
}
