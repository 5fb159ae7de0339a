/**
 * The text a pdf-lib document draws, read back through its fonts' ToUnicode maps (tests only): enough to check
 * what a generated receipt or letter says without a PDF text extractor.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  const stream = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (!(stream instanceof PDFRawStream)) return '';
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
  return bytes.toString('latin1');
}

function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', uni = ''] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(code.toUpperCase(), utf16(uni));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo = '', hi = '', uni = ''] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      for (let c = parseInt(lo, 16), u = parseInt(uni, 16); c <= parseInt(hi, 16); c++, u++) map.set(c.toString(16).toUpperCase().padStart(lo.length, '0'), String.fromCharCode(u));
    }
  }
  return map;
}

/** Each page's drawn strings, one per line. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const maps: Map<string, string>[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('ToUnicode'))) maps.push(parseToUnicode(streamText(doc, obj.get(PDFName.of('ToUnicode')))));
  }
  const glyphs = new Map(maps.flatMap((m) => [...m]));
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const resolved = contents instanceof PDFRef ? doc.context.lookup(contents) : contents;
    const parts = resolved instanceof PDFArray ? resolved.asArray() : [contents];
    const ops = parts.map((p) => streamText(doc, p)).join('\n');
    return [...ops.matchAll(/<([0-9a-fA-F]*)>\s*Tj/g)]
      .map(([, hex = '']) => (hex.toUpperCase().match(/.{4}/g) ?? []).map((code) => glyphs.get(code) ?? '?').join(''))
      .join('\n');
  });
}
