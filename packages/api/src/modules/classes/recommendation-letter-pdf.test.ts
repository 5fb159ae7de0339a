import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { htmlToBlocks, renderRecommendationLetterPdf } from './recommendation-letter-pdf.ts';

describe('the letter PDF', () => {
  it('turns the editor HTML into headings, paragraphs and numbered or bulleted items', () => {
    const html = '<h1>推荐信</h1><p data-indent="2">第一段<strong>加粗</strong> &amp; A&lt;B</p><p></p><ol><li>一</li><li>二</li></ol><ul><li>甲<br>乙</li></ul><h2>结语</h2>';
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'h1', indent: 0, text: '推荐信' },
      { kind: 'p', indent: 2, text: '第一段加粗 & A<B' },
      { kind: 'p', indent: 0, text: '' },
      { kind: 'li', indent: 0, text: '1. 一' },
      { kind: 'li', indent: 0, text: '2. 二' },
      { kind: 'li', indent: 0, text: '• 甲\n乙' },
      { kind: 'h2', indent: 0, text: '结语' },
    ]);
  });

  it('continues a long letter on further pages', async () => {
    const input = { programme: 'Summit 高中生夏季学术项目', recipientName: '招生办', studentName: '王小明', teacherName: '王老师', courseTitle: '逻辑学', submittedAt: '2026-08-20T02:00:00Z', verifyUrl: 'https://example.org/recommend-letter/verify/abcdefghijklmnopqrst', verifyCode: 'abcdefghijklmnopqrst' };
    const short = await PDFDocument.load(await renderRecommendationLetterPdf({ ...input, bodyHtml: '<p>该生勤奋好学。</p>' }));
    expect(short.getPageCount()).toBe(1);
    expect(short.getTitle()).toBe('推荐信 abcdefghijklmnopqrst');
    const long = await PDFDocument.load(await renderRecommendationLetterPdf({ ...input, bodyHtml: '<p>该生勤奋好学，思维敏捷，乐于助人。</p>'.repeat(120) }));
    expect(long.getPageCount()).toBeGreaterThan(2);
  });
});
