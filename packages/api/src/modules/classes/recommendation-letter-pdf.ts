/**
 * A recommendation letter as an A4 PDF (decision 055), drawn with the offer letter's font pipeline (pdf-lib and
 * the Noto Sans SC subset). The teacher's rich text is already sanitised; here it becomes paragraphs, headings
 * and list items of plain text, wrapped character by character and continued on new pages.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { chineseDate, drawQr, drawableText, findFontFile, wrap } from '../offer/offer-letter-pdf.ts';

export interface LetterPdfInput {
  programme: string;
  recipientName: string;
  studentName: string;
  teacherName: string;
  courseTitle: string;
  bodyHtml: string;
  submittedAt: string;
  verifyUrl: string;
  verifyCode: string;
}

export interface TextBlock {
  kind: 'p' | 'h1' | 'h2' | 'li';
  text: string;
  indent: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '').replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

/** The sanitised editor HTML (p, h1, h2, ul/ol > li, strong, em, a, br) as blocks of text. */
export function htmlToBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const re = /<(p|h1|h2|li)(\s[^>]*)?>([\s\S]*?)<\/\1>/gi;
  let ordered = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const kind = m[1]!.toLowerCase() as TextBlock['kind'];
    const indent = Number(/data-indent="(\d)"/.exec(m[2] ?? '')?.[1] ?? 0);
    const before = html.slice(0, m.index);
    const inOl = before.lastIndexOf('<ol') > before.lastIndexOf('</ol>');
    ordered = kind === 'li' && inOl ? ordered + 1 : 0;
    const text = decode(m[3]!.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')).trim();
    if (!text && kind !== 'p') continue;
    blocks.push({ kind, indent, text: kind === 'li' ? `${inOl ? `${ordered}.` : '•'} ${text}` : text });
  }
  return blocks;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.45);
const CRIMSON = rgb(0.55, 0.09, 0.13);
export async function renderRecommendationLetterPdf(input: LetterPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(new Uint8Array(await readFile(findFontFile())), { subset: true, features: { liga: false, kern: false, calt: false, dlig: false, frac: false } });
  const charset = new Set(font.getCharacterSet());
  doc.setTitle(`推荐信 ${input.verifyCode}`);
  doc.setAuthor(input.teacherName);
  doc.setSubject('推荐信');
  doc.setCreator(input.programme);
  doc.setLanguage('zh-CN');

  const [pageWidth, pageHeight] = A4;
  const textWidth = pageWidth - MARGIN * 2;
  const footer = 130;
  let page = doc.addPage(A4);
  let y = pageHeight - MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    y = pageHeight - MARGIN;
  };
  const write = (raw: string, o: { size?: number; color?: typeof INK; gap?: number; center?: boolean; x?: number; width?: number; bottom?: number } = {}) => {
    const size = o.size ?? 11;
    const { text } = drawableText(raw, charset);
    for (const line of wrap(text, font, size, o.width ?? textWidth)) {
      if (y - size * 1.8 < (o.bottom ?? MARGIN)) newPage();
      y -= size * 1.3;
      const x = o.center ? (pageWidth - font.widthOfTextAtSize(line, size)) / 2 : (o.x ?? MARGIN);
      page.drawText(line, { x, y, size, font, color: o.color ?? INK });
      y -= size * 0.5;
    }
    y -= o.gap ?? 0;
  };

  page.drawRectangle({ x: 0, y: pageHeight - 10, width: pageWidth, height: 10, color: CRIMSON });
  write(input.programme, { size: 13, color: CRIMSON, center: true, gap: 4 });
  write('推荐信', { size: 24, center: true, gap: 2 });
  write(`编号：${input.verifyCode}`, { size: 9, color: MUTED, center: true, gap: 18 });
  write(`致 ${input.recipientName}：`, { size: 12, gap: 8 });
  for (const b of htmlToBlocks(input.bodyHtml)) {
    const size = b.kind === 'h1' ? 15 : b.kind === 'h2' ? 13 : 11;
    const x = MARGIN + b.indent * 16 + (b.kind === 'li' ? 8 : 0);
    write(b.text, { size, x, width: textWidth - (x - MARGIN), gap: b.kind === 'li' ? 2 : 8 });
  }
  y -= 16;
  write(`推荐人：${input.teacherName}`, { size: 11, x: pageWidth - MARGIN - 240, width: 240 });
  write(`课程：${input.courseTitle}`, { size: 11, x: pageWidth - MARGIN - 240, width: 240 });
  write(`被推荐学生：${input.studentName}`, { size: 11, x: pageWidth - MARGIN - 240, width: 240 });
  write(chineseDate(input.submittedAt), { size: 11, x: pageWidth - MARGIN - 240, width: 240 });

  // The verification block sits at the foot of the last page; a new page if the text reaches it.
  if (y < MARGIN + footer) newPage();
  const qrSize = 96;
  page.drawLine({ start: { x: MARGIN, y: MARGIN + qrSize + 16 }, end: { x: pageWidth - MARGIN, y: MARGIN + qrSize + 16 }, thickness: 0.5, color: MUTED });
  drawQr(page, input.verifyUrl, pageWidth - MARGIN - qrSize, MARGIN, qrSize);
  y = MARGIN + qrSize + 4;
  const footWidth = textWidth - qrSize - 16;
  write('真伪验证', { size: 10, width: footWidth, bottom: 0 });
  write('扫描右侧二维码或访问以下地址，可在线核验本推荐信的真实性：', { size: 9, color: MUTED, width: footWidth, bottom: 0 });
  write(input.verifyUrl, { size: 8, color: MUTED, width: footWidth, bottom: 0 });
  return doc.save();
}
