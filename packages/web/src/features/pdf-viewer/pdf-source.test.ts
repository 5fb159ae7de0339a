import { describe, expect, it } from 'vitest';
import { allowedPdfSource, looksLikePdf, pdfFileName } from './pdf-source.ts';

const ORIGIN = 'https://summit.example.cn';

describe('allowedPdfSource', () => {
  it('accepts this site\'s API paths, relative or absolute', () => {
    expect(allowedPdfSource('/api/student/offer-letter/pdf', ORIGIN)).toBe('/api/student/offer-letter/pdf');
    expect(allowedPdfSource('https://summit.example.cn/api/oss/file/u/1/a.pdf?x=1', ORIGIN)).toBe('/api/oss/file/u/1/a.pdf?x=1');
  });

  it('refuses other hosts, schemes and tricks', () => {
    for (const bad of [
      '',
      'ENCODED',
      'https://evil.example/a.pdf',
      '//evil.example/api/a.pdf',
      '/\\evil.example/api/a.pdf',
      'javascript:alert(1)',
      'data:application/pdf;base64,JVBERi0=',
      'http://summit.example.cn/api/a.pdf',
      'https://user:pw@summit.example.cn/api/a.pdf',
      '/api/../student/apply',
      '/student/admission',
      '/api\u0000/x',
    ]) {
      expect([bad, allowedPdfSource(bad, ORIGIN)]).toEqual([bad, null]);
    }
  });
});

describe('pdfFileName', () => {
  it('prefers the UTF-8 name, then the plain name, then the path', () => {
    expect(pdfFileName(`attachment; filename="offer.pdf"; filename*=UTF-8''${encodeURIComponent('录取通知书-1.pdf')}`, '/api/x')).toBe('录取通知书-1.pdf');
    expect(pdfFileName('attachment; filename="offer.pdf"', '/api/x')).toBe('offer.pdf');
    expect(pdfFileName(null, '/api/oss/file/a/%E6%88%90%E7%BB%A9.pdf?v=1')).toBe('成绩.pdf');
    expect(pdfFileName(null, '/api/student/offer-letter/pdf')).toBe('文件.pdf');
  });
});

describe('looksLikePdf', () => {
  it('reads the magic bytes', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.7 …'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('{"status":401}'))).toBe(false);
  });
});
