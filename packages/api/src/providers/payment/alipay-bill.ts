/**
 * Alipay's daily trade bill (alipay.data.dataservice.bill.downloadurl.query, bill_type trade): a zip holding two
 * GBK-encoded CSV files, the detail (业务明细) and its summary (业务明细(汇总)). The detail is found by its header
 * row, not its file name (whose encoding varies by tool), and read into ProviderBillLine rows.
 */
import JSZip from 'jszip';
import { yuanStringToFen } from '@summit/domain';
import { PaymentGatewayError, type ProviderBillLine } from './payment-provider.ts';

/** A day's bill is a few MB at most; anything far larger is not a bill. */
export const ALIPAY_BILL_MAX_BYTES = 64 * 1024 * 1024;

/** One CSV line: Alipay does not quote, but a quoted field is honoured in case a product name holds a comma. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  // Alipay pads every value with a tab so spreadsheets keep long numbers as text.
  return out.map((v) => v.replace(/^[\s\t]+|[\s\t]+$/g, ''));
}

const column = (header: string[], prefix: string) => header.findIndex((h) => h.startsWith(prefix));

/** The detail CSV's text → bill lines (交易 → payment, 退款 → refund; other business types are not ours). */
export function parseAlipayBillCsv(text: string): ProviderBillLine[] | null {
  const rows = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const header = rows[0] ? splitCsvLine(rows[0]) : [];
  const at = {
    tradeNo: column(header, '支付宝交易号'),
    orderNo: column(header, '商户订单号'),
    type: column(header, '业务类型'),
    finished: column(header, '完成时间'),
    amount: column(header, '订单金额'),
    refundNo: column(header, '退款批次号'),
  };
  if (at.orderNo < 0 || at.type < 0 || at.amount < 0) return null;
  const lines: ProviderBillLine[] = [];
  for (const row of rows.slice(1)) {
    const cells = splitCsvLine(row);
    const type = cells[at.type] ?? '';
    if (type !== '交易' && type !== '退款') continue;
    const orderNo = cells[at.orderNo] ?? '';
    const amountText = (cells[at.amount] ?? '').replace(/^-/, '');
    const amountFen = yuanStringToFen(amountText);
    if (!orderNo || amountFen === null) throw new PaymentGatewayError(`Alipay bill line unreadable: order ${orderNo || '(none)'} amount ${cells[at.amount] ?? ''}`);
    const finished = at.finished >= 0 ? (cells[at.finished] ?? '') : '';
    const occurredAt = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(finished) ? new Date(`${finished.replace(' ', 'T')}+08:00`) : null;
    if (!occurredAt) throw new PaymentGatewayError(`Alipay bill line without a completion time: order ${orderNo}`);
    const refundNo = type === '退款' && at.refundNo >= 0 ? cells[at.refundNo] || null : null;
    lines.push({
      kind: type === '交易' ? 'payment' : 'refund',
      orderNo,
      refundNo,
      providerTradeNo: (at.tradeNo >= 0 ? cells[at.tradeNo] : '') || null,
      amountFen,
      currency: 'CNY',
      occurredAt,
    });
  }
  return lines;
}

/** The downloaded zip → bill lines of its detail CSV. */
export async function parseAlipayBillZip(bytes: Uint8Array): Promise<ProviderBillLine[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (err) {
    throw new PaymentGatewayError(`Alipay bill is not a zip: ${(err as Error).message}`);
  }
  const gbk = new TextDecoder('gbk');
  for (const entry of Object.values(zip.files)) {
    if (entry.dir || !/\.csv$/i.test(entry.name)) continue;
    const lines = parseAlipayBillCsv(gbk.decode(await entry.async('uint8array')));
    if (lines) return lines;
  }
  throw new PaymentGatewayError('Alipay bill zip holds no detail (业务明细) CSV');
}

/** Fetches the short-lived download URL Alipay answered; bounded in time and size. */
export async function downloadAlipayBill(url: string, timeoutMs: number): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    throw new PaymentGatewayError(`Alipay bill download failed: ${(err as Error).message}`);
  }
  if (!res.ok) throw new PaymentGatewayError(`Alipay bill download answered HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > ALIPAY_BILL_MAX_BYTES) throw new PaymentGatewayError('Alipay bill larger than expected');
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > ALIPAY_BILL_MAX_BYTES) throw new PaymentGatewayError('Alipay bill larger than expected');
  return bytes;
}
