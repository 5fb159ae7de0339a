/**
 * A certificate as an A4 PDF (decision 058): the offer letter's font pipeline (pdf-lib, Noto Sans SC subset) and
 * the recommendation letter's QR drawing, with the verification address printed beside the code.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { chineseDate, drawQr, drawableText, findFontFile } from '../offer/offer-letter-pdf.ts';

export interface CertificatePdfInput {
  programme: string;
  studentName: string;
  courseTitle: string;
  issuedAt: string;
  attendancePct: number;
  finalGrade: number;
  serial: string;
  verifyUrl: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.45);
const CRIMSON = rgb(0.55, 0.09, 0.13);

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(new Uint8Array(await readFile(findFontFile())), { subset: true, features: { liga: false, kern: false, calt: false, dlig: false, frac: false } });
  const charset = new Set(font.getCharacterSet());
  doc.setTitle(`结业证书 ${input.serial}`);
  doc.setSubject('结业证书');
  doc.setCreator(input.programme);
  doc.setLanguage('zh-CN');
  const [w, h] = A4;
  const page = doc.addPage(A4);
  page.drawRectangle({ x: 24, y: 24, width: w - 48, height: h - 48, borderColor: CRIMSON, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: w - 64, height: h - 64, borderColor: CRIMSON, borderWidth: 0.5 });
  let y = h - 130;
  const center = (raw: string, size: number, color = INK, gap = 14) => {
    const { text } = drawableText(raw, charset);
    // Long lines (a long course title) shrink to fit the page width.
    let s = size;
    while (s > 8 && font.widthOfTextAtSize(text, s) > w - MARGIN * 2) s -= 1;
    page.drawText(text, { x: (w - font.widthOfTextAtSize(text, s)) / 2, y, size: s, font, color });
    y -= s + gap;
  };
  center(input.programme, 16, CRIMSON, 28);
  center('结业证书', 36, INK, 48);
  center(`兹证明 ${input.studentName} 同学`, 18, INK, 20);
  center(`修读课程《${input.courseTitle}》`, 18, INK, 20);
  center(`出勤率 ${input.attendancePct}%，最终成绩 ${input.finalGrade} 分，成绩合格，准予结业。`, 13, INK, 20);
  center('特发此证。', 13, INK, 60);
  center(input.programme, 13, INK, 10);
  center(chineseDate(input.issuedAt), 13, INK, 10);
  center(`证书编号：${input.serial}`, 10, MUTED, 10);

  const qrSize = 110;
  drawQr(page, input.verifyUrl, w - MARGIN - qrSize, MARGIN, qrSize);
  const footWidth = w - MARGIN * 2 - qrSize - 16;
  let fy = MARGIN + qrSize - 24;
  const foot = (raw: string, size: number, color = MUTED) => {
    const { text } = drawableText(raw, charset);
    let line = '';
    for (const ch of Array.from(text)) {
      if (line && font.widthOfTextAtSize(line + ch, size) > footWidth) {
        page.drawText(line, { x: MARGIN, y: fy, size, font, color });
        fy -= size * 1.5;
        line = ch;
      } else line += ch;
    }
    if (line) page.drawText(line, { x: MARGIN, y: fy, size, font, color });
    fy -= size * 1.8;
  };
  foot('真伪验证', 11, INK);
  foot('扫描右侧二维码或访问以下地址，可在线核验本证书是否有效：', 9);
  foot(input.verifyUrl, 8);
  return doc.save();
}
