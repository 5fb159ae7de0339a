/**
 * The offer letter as an A4 PDF with Chinese text (decisions 011, 012). pdf-lib draws it with a subset of Noto
 * Sans SC (TrueType outlines) committed under packages/api/assets/fonts (made by scripts/make-pdf-font.sh);
 * pdf-lib subsets it again, so a letter carries only the glyphs it uses. Characters outside the font (rare
 * characters in a name) are drawn as □ and the letter says so: the verification page shows the full name.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { PROGRAMME_MODE_LABELS, SESSION_KEYS, SESSION_NAMES, formatFen, programmeRange, type OfferLetter, type StoredProgrammeFacts } from '@summit/domain';

export const OFFER_FONT_FILE = 'NotoSansSC-Regular-subset.ttf';
/** Drawn in place of a character the font does not have. */
export const MISSING_GLYPH = '□';

/** src/modules/offer/ under tsx and vitest; dist/ (one flat bundle, which the build gives its own copy of the font). */
export function findFontFile(here: string = path.dirname(fileURLToPath(import.meta.url))): string {
  const candidates = [path.resolve(here, '../../../assets/fonts', OFFER_FONT_FILE), path.resolve(here, 'assets/fonts', OFFER_FONT_FILE)];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`offer-letter font not found; looked in ${candidates.join(', ')}`);
  return found;
}

let fontBytes: Promise<Uint8Array> | null = null;
function loadFontBytes(): Promise<Uint8Array> {
  fontBytes ??= readFile(findFontFile()).then((b) => new Uint8Array(b));
  // A failed read is retried on the next request rather than cached.
  fontBytes.catch(() => {
    fontBytes = null;
  });
  return fontBytes;
}

/** Beijing-time date in Chinese: 2027年3月15日. */
export function chineseDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

/** Replaces characters the font cannot draw; reports whether any were replaced. */
export function drawableText(text: string, charset: ReadonlySet<number>): { text: string; replaced: boolean } {
  let replaced = false;
  const out = Array.from(text, (ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x0a || charset.has(cp)) return ch;
    replaced = true;
    return MISSING_GLYPH;
  }).join('');
  return { text: out, replaced };
}

/** Closing punctuation never starts a line (it hangs into the margin instead). */
const NO_LINE_START = new Set(Array.from('，。、；：！？）》」』”’,.;:!?)'));

/** Breaks text into lines no wider than `width` (character by character: Chinese has no spaces). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const ch of Array.from(paragraph)) {
      if (line && !NO_LINE_START.has(ch) && font.widthOfTextAtSize(line + ch, size) > width) {
        lines.push(line);
        line = ch;
      } else line += ch;
    }
    lines.push(line);
  }
  return lines;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.42, 0.45);
const CRIMSON = rgb(0.55, 0.09, 0.13);

/** A QR code drawn as vector cells on a white square (4-cell quiet zone); shared by every PDF with a verify link. */
export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({ x: x + (col + 4) * cell, y: y + size - (row + 5) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}

/** 2027年7月17日—7月25日 (Beijing days): the admitted session's window, else the whole programme's. */
export function programmeDatesLine(facts: Pick<StoredProgrammeFacts, 'year' | 'sessions'>, placeName: string | null): string {
  const key = SESSION_KEYS.find((k) => SESSION_NAMES[k] === placeName);
  const session = key ? facts.sessions.find((s) => s.key === key) : undefined;
  return `${facts.year}年${programmeRange(session ? [session] : facts.sessions)}（北京时间）`;
}

/**
 * The programme's name, mode and dates come from the programme facts admins edit (decision 029), so the
 * letter never states a date or mode the site no longer does.
 */
export async function renderOfferLetterPdf(letter: OfferLetter, facts: StoredProgrammeFacts): Promise<Uint8Array> {
  letter = { ...letter, programme: facts.name };
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  // Subset again on embedding: a letter carries only the glyphs it draws (~30 KB). Ligatures, fractions and
  // kerning off, so a URL keeps its letters ("ff", "3000/") as typed.
  const font = await doc.embedFont(await loadFontBytes(), { subset: true, features: { liga: false, kern: false, calt: false, dlig: false, frac: false } });
  const charset = new Set(font.getCharacterSet());
  doc.setTitle(`录取通知书 ${letter.letter_no}`);
  doc.setAuthor(letter.programme);
  doc.setSubject('录取通知书');
  doc.setCreator(letter.programme);
  doc.setLanguage('zh-CN');

  const page = doc.addPage(A4);
  const [pageWidth, pageHeight] = A4;
  const textWidth = pageWidth - MARGIN * 2;
  let y = pageHeight - MARGIN;
  let nameReplaced = false;

  const write = (raw: string, opts: { size?: number; color?: typeof INK; gap?: number; center?: boolean; x?: number; width?: number } = {}) => {
    const size = opts.size ?? 11;
    const { text, replaced } = drawableText(raw, charset);
    if (replaced) nameReplaced = true;
    for (const line of wrap(text, font, size, opts.width ?? textWidth)) {
      y -= size * 1.3;
      const x = opts.center ? (pageWidth - font.widthOfTextAtSize(line, size)) / 2 : (opts.x ?? MARGIN);
      page.drawText(line, { x, y, size, font, color: opts.color ?? INK });
      y -= size * 0.5;
    }
    y -= opts.gap ?? 0;
  };

  // Letterhead.
  page.drawRectangle({ x: 0, y: pageHeight - 10, width: pageWidth, height: 10, color: CRIMSON });
  write(letter.programme, { size: 13, color: CRIMSON, center: true, gap: 4 });
  write('录取通知书', { size: 24, center: true, gap: 2 });
  write(`通知书编号：${letter.letter_no}`, { size: 9, color: MUTED, center: true, gap: 18 });

  const fee = formatFen(letter.tuition_fen);
  write(`亲爱的 ${letter.student_name} 同学：`, { size: 12, gap: 8 });
  write(
    `祝贺你！经项目招生委员会审核，你已被 ${letter.programme} 正式录取。你在申请中展现的学术热情与潜力给我们留下了深刻印象，我们期待与你共度一个充实的夏天。`,
    { size: 11, gap: 10 },
  );

  const rows: Array<[string, string]> = [
    ['录取期次', letter.place_name ?? '待定'],
    ['专业方向', letter.professional_track ?? '待定'],
    ['项目时间', programmeDatesLine(facts, letter.place_name)],
    ['举办方式', PROGRAMME_MODE_LABELS[facts.mode]],
    ['录取日期', chineseDate(letter.issued_at)],
    ['学费', letter.aid_fen > 0 ? `${fee}（已扣除助学金 ${formatFen(letter.aid_fen)}）` : fee],
    // A split plan prints each installment with its own due date (decision 072).
    ...(letter.schedule.length > 0
      ? letter.schedule.map((i): [string, string] => [`${i.label}`, `${formatFen(i.amount_fen)}，${chineseDate(i.due_at)}前缴纳（北京时间）`])
      : [['缴费截止', `${chineseDate(letter.pay_by)}（北京时间）`] as [string, string]]),
    ['缴费状态', letter.tuition_paid && letter.tuition_paid_at ? `已缴费（${chineseDate(letter.tuition_paid_at)}）` : '未缴费'],
  ];
  for (const [label, value] of rows) {
    const top = y;
    write(label, { size: 11, color: MUTED });
    y = top;
    write(value, { size: 11, x: MARGIN + 80, width: textWidth - 80 });
  }
  y -= 10;
  write(
    `请于${chineseDate(letter.pay_by)}前登录项目网站，在“录取通知”页面完成学费缴纳（也可生成链接请家长代付）。逾期未缴费的，项目有权不再保留你的录取名额。退费规则请见网站“退费政策”页面。`,
    { size: 10.5, gap: 8 },
  );
  write('再次祝贺你，期待在项目中与你相见！', { size: 11, gap: 24 });

  write(`${letter.programme} 招生委员会`, { size: 11, x: pageWidth - MARGIN - 220, width: 220 });
  write(chineseDate(letter.issued_at), { size: 11, x: pageWidth - MARGIN - 220, width: 220, gap: 24 });

  if (nameReplaced) {
    write('注：姓名中含有本文件字体无法显示的字符（以“□”代替），请以下方验证页面所示信息为准。', { size: 9, color: MUTED, gap: 6 });
  }

  // Verification block at the foot of the page.
  const qrSize = 96;
  page.drawLine({ start: { x: MARGIN, y: MARGIN + qrSize + 16 }, end: { x: pageWidth - MARGIN, y: MARGIN + qrSize + 16 }, thickness: 0.5, color: MUTED });
  drawQr(page, letter.verify_url, pageWidth - MARGIN - qrSize, MARGIN, qrSize);
  y = MARGIN + qrSize + 4;
  const footWidth = textWidth - qrSize - 16;
  write('真伪验证', { size: 10, width: footWidth });
  write('扫描右侧二维码或访问以下地址，可在线核验本通知书的真实性：', { size: 9, color: MUTED, width: footWidth });
  write(letter.verify_url, { size: 8, color: MUTED, width: footWidth });
  write(`通知书编号：${letter.letter_no}`, { size: 9, color: MUTED, width: footWidth });

  return doc.save();
}
