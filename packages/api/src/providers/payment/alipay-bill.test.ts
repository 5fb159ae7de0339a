import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayGateway } from './alipay.provider.ts';
import { parseAlipayBillCsv, splitCsvLine } from './alipay-bill.ts';
import { PaymentGatewayError } from './payment-provider.ts';

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type } as never).toString();
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const APP_ID = '2021000122671080';
const rsa2 = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** GBK bytes of a string, from Node's own GBK decoder run backwards (tests only: no encoder dependency). */
let gbkTable: Map<string, number[]> | null = null;
function encodeGbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        const ch = decoder.decode(new Uint8Array([lead, trail]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else {
      const bytes = gbkTable.get(ch);
      if (!bytes) throw new Error(`not in GBK: ${ch}`);
      out.push(...bytes);
    }
  }
  return new Uint8Array(out);
}

const HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';
const row = (trade: string, order: string, type: string, finished: string, amount: string, refundNo = '') =>
  [trade, order, type, 'Summit 高中生夏季学术项目 学费', finished, finished, '', '', '', '', 'pay***@example.com', amount, amount, '0.00', '0.00', '0.00', '0.00', '0.00', '', '0.00', '0.00', refundNo, '0.00', '0.00', '']
    .map((v) => `${v}\t`)
    .join(',');

/** The detail CSV as Alipay writes it: # comment lines around a header and tab-padded rows. */
function detailCsv(rows: string[]): string {
  return [
    '#支付宝业务明细查询',
    '#账号：[20881234567890120156]',
    '#起始日期：[2026年05月01日 00:00:00]   终止日期：[2026年05月02日 00:00:00]',
    '#-----------------------------------------业务明细列表----------------------------------------',
    HEADER,
    ...rows,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    '#交易合计：2笔，商家实收共16800.01元',
    '#导出时间：[2026年05月02日 09:12:33]',
  ].join('\r\n');
}

async function billZip(rows: string[]): Promise<Buffer> {
  const zip = new JSZip();
  // The summary first, so the reader has to tell the two apart by content.
  zip.file('20881234567890120156_20260501_业务明细(汇总).csv', encodeGbk('#支付宝业务汇总查询\r\n门店编号,门店名称,交易订单总笔数,退款订单总笔数\r\n,,2,1\r\n'));
  zip.file('20881234567890120156_20260501_业务明细.csv', encodeGbk(detailCsv(rows)));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', // JSZip's typings say string; it writes whatever bytes the function returns.
    encodeFileName: ((name: string) => Buffer.from(encodeGbk(name))) as unknown as (name: string) => string });
}

/** openapi.alipay.com and its bill download host, on one local port. */
class AlipayBillStandIn {
  server!: Server;
  base = '';
  calls: Array<{ method: string; biz: Record<string, unknown>; signatureValid: boolean }> = [];
  bills = new Map<string, Buffer>();
  downloadStatus = 200;

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    if (url.pathname.startsWith('/bill/')) {
      const zip = this.bills.get(url.pathname.slice('/bill/'.length));
      res.writeHead(zip && this.downloadStatus === 200 ? 200 : this.downloadStatus === 200 ? 404 : this.downloadStatus, { 'content-type': 'application/oct-stream' });
      return void res.end(zip ?? '');
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && params[k] !== '')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const signatureValid = createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, params.sign ?? '', 'base64');
    const method = params.method ?? '';
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    this.calls.push({ method, biz, signatureValid });
    let payload: Record<string, unknown>;
    if (!signatureValid) payload = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
    else if (method !== 'alipay.data.dataservice.bill.downloadurl.query') payload = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
    else if (biz.bill_type !== 'trade') payload = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-bill-type' };
    else if (!this.bills.has(String(biz.bill_date))) payload = { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' };
    else payload = { code: '10000', msg: 'Success', bill_download_url: `${this.base}/bill/${String(biz.bill_date)}` };
    const inner = JSON.stringify(payload);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"alipay_data_dataservice_bill_downloadurl_query_response":${inner},"sign":"${rsa2(inner, alipay.privateKey)}"}`);
  }
}

let standIn: AlipayBillStandIn;
let gateway: AlipayGateway;
beforeAll(async () => {
  standIn = new AlipayBillStandIn();
  await standIn.start();
  gateway = new AlipayGateway({ appId: APP_ID, privateKey: pem(app.privateKey, 'pkcs8'), alipayPublicKey: pem(alipay.publicKey, 'spki'), gateway: `${standIn.base}/gateway.do`, notifyUrl: 'https://summit.example/api/payment/notify/alipay' });
});
afterAll(async () => {
  await standIn.stop();
});

describe('Alipay trade bill', () => {
  it('asks for the day’s trade bill (signed), downloads the zip and reads the GBK detail CSV', async () => {
    standIn.bills.set(
      '2026-05-01',
      await billZip([
        row('2026050122001400001', 'SM20260501aaaaaaaaaaaaaaaaaaaa', '交易', '2026-05-01 10:20:30', '16800.01'),
        row('2026050122001400002', 'SM20260501bbbbbbbbbbbbbbbbbbbb', '交易', '2026-05-01 23:59:59', '500.00'),
        row('2026050122001400001', 'SM20260501aaaaaaaaaaaaaaaaaaaa', '退款', '2026-05-01 18:00:00', '-2000.00', 'RF20260501cccccccccccc'),
        row('2026050122001400009', 'SM20260501dddddddddddddddddddd', '其他', '2026-05-01 18:00:00', '1.00'),
      ]),
    );
    const lines = await gateway.fetchBill('2026-05-01');
    const call = standIn.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'alipay.data.dataservice.bill.downloadurl.query', biz: { bill_type: 'trade', bill_date: '2026-05-01' }, signatureValid: true });
    expect(lines).toEqual([
      { kind: 'payment', orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa', refundNo: null, providerTradeNo: '2026050122001400001', amountFen: 1_680_001, currency: 'CNY', occurredAt: new Date('2026-05-01T02:20:30Z') },
      { kind: 'payment', orderNo: 'SM20260501bbbbbbbbbbbbbbbbbbbb', refundNo: null, providerTradeNo: '2026050122001400002', amountFen: 50_000, currency: 'CNY', occurredAt: new Date('2026-05-01T15:59:59Z') },
      { kind: 'refund', orderNo: 'SM20260501aaaaaaaaaaaaaaaaaaaa', refundNo: 'RF20260501cccccccccccc', providerTradeNo: '2026050122001400001', amountFen: 200_000, currency: 'CNY', occurredAt: new Date('2026-05-01T10:00:00Z') },
    ]);
  });

  it('a day without business has no bill at Alipay: an empty bill', async () => {
    expect(await gateway.fetchBill('2026-04-01')).toEqual([]);
  });

  it('a failed download or a zip without a detail CSV is an error, never an empty bill', async () => {
    standIn.bills.set('2026-05-02', await billZip([]));
    standIn.downloadStatus = 500;
    await expect(gateway.fetchBill('2026-05-02')).rejects.toThrow(PaymentGatewayError);
    standIn.downloadStatus = 200;
    const onlySummary = new JSZip();
    onlySummary.file('summary.csv', encodeGbk('门店编号,门店名称\r\n'));
    standIn.bills.set('2026-05-03', await onlySummary.generateAsync({ type: 'nodebuffer' }));
    await expect(gateway.fetchBill('2026-05-03')).rejects.toThrow(/no detail/);
    standIn.bills.set('2026-05-04', Buffer.from('not a zip'));
    await expect(gateway.fetchBill('2026-05-04')).rejects.toThrow(/not a zip/);
  });

  it('reads tab-padded and quoted cells', () => {
    expect(splitCsvLine('a\t,"b, c"\t, d ')).toEqual(['a', 'b, c', 'd']);
    expect(parseAlipayBillCsv('门店编号,门店名称\n1,2')).toBeNull();
    expect(() => parseAlipayBillCsv(`${HEADER}\n${row('1', 'SMx', '交易', '2026-05-01 10:00:00', 'abc')}`)).toThrow(PaymentGatewayError);
  });
});
