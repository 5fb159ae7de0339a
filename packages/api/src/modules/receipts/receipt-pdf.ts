/**
 * A payment receipt (收据) as an A5-landscape-sized PDF page with Chinese text (decision 073),
 * drawn with pdf-lib and the Noto Sans SC subset the offer letter embeds. The document's keywords repeat the
 * receipt number and order number so a finance system can index the file without reading its text.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { drawableText, findFontFile } from '../offer/offer-letter-pdf.ts';

export interface ReceiptView {
  receiptNo: string;
  programme: string;
  purpose: string;
  payer: string;
  studentName: string;
  amount: string;
  amountWords: string;
  currency: string;
  provider: string;
  orderNo: string;
  providerTradeNo: string;
  paidAt: string;
  /** Set when money went back: 已退款 ¥2,000.00（实收 ¥14,800.00）. */
  refunded: string | null;
  issuedAt: string;
}

let fontBytes: Promise<Uint8Array> | null = null;
function loadFont(): Promise<Uint8Array> {
  fontBytes ??= readFile(findFontFile()).then((b) => new Uint8Array(b));
  fontBytes.catch(() => {
    fontBytes = null;
  });
  return fontBytes;
}

const SIZE: [number, number] = [595.28, 420.94];
const MARGIN = 40;
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.45);
const CRIMSON = rgb(0.55, 0.09, 0.13);

export async function renderReceiptPdf(r: ReceiptView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(await loadFont(), { subset: true, features: { liga: false, kern: false, calt: false, dlig: false, frac: false } });
  const charset = new Set(font.getCharacterSet());
  doc.setTitle(`收据 ${r.receiptNo}`);
  doc.setSubject('缴费收据');
  doc.setAuthor(r.programme);
  doc.setCreator(r.programme);
  doc.setKeywords([r.receiptNo, r.orderNo]);
  doc.setLanguage('zh-CN');

  const page = doc.addPage(SIZE);
  const [width, height] = SIZE;
  const text = (raw: string, x: number, y: number, size: number, color = INK) => page.drawText(drawableText(raw, charset).text, { x, y, size, font, color });
  const centre = (raw: string, y: number, size: number, color = INK) => {
    const t = drawableText(raw, charset).text;
    page.drawText(t, { x: (width - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: CRIMSON });
  centre(r.programme, height - 40, 12, CRIMSON);
  centre('缴 费 收 据', height - 70, 22);
  text(`收据编号：${r.receiptNo}`, MARGIN, height - 96, 9, MUTED);
  const issued = `开具时间：${r.issuedAt}`;
  text(issued, width - MARGIN - font.widthOfTextAtSize(issued, 9), height - 96, 9, MUTED);

  const rows: Array<[string, string]> = [
    ['缴费项目', `${r.programme} ${r.purpose}`],
    ['学生', r.studentName],
    ['付款人', r.payer],
    ['金额（小写）', r.currency === 'CNY' ? `${r.amount}（CNY）` : r.amount],
    ['金额（大写）', r.amountWords],
    ['支付方式', r.provider],
    ['订单号', r.orderNo],
    ['支付交易号', r.providerTradeNo],
    ['支付时间', `${r.paidAt}（北京时间）`],
  ];
  if (r.refunded) rows.push(['退款', r.refunded]);
  const rowHeight = 22;
  let y = height - 116;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.6, color: MUTED });
  for (const [label, value] of rows) {
    y -= rowHeight;
    text(label, MARGIN + 8, y + 7, 10.5, MUTED);
    text(value, MARGIN + 110, y + 7, 10.5);
    page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.3, color: MUTED });
  }
  text('本收据由系统根据支付渠道的成功支付记录自动生成；如有退款，以退款后的实收金额为准。', MARGIN, MARGIN - 4, 8.5, MUTED);
  return doc.save();
}
