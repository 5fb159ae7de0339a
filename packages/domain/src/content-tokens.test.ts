import { describe, expect, it } from 'vitest';
import { beijingDate, contentTokenValues, fillDocumentTokens, fillTokens, formatFeeForPage } from './content-tokens.ts';
import type { PageDocument } from './content.ts';
import { DEFAULT_PROGRAMME_FACTS } from './programme.ts';
import { DEFAULT_SITE_CONTACT } from './api/site.ts';

const values = contentTokenValues(
  { apply_fen: 50_000, tuition_fen: 1_680_050 },
  { EB1: '2027-01-15T15:59:00.000Z', EB2: '2027-03-01T15:59:00.000Z', RD: '2027-04-30T16:30:00.000Z', MRD: '2027-05-15T15:59:00.000Z' },
  { ...DEFAULT_PROGRAMME_FACTS, mode: 'offline' },
  DEFAULT_SITE_CONTACT,
);

describe('content tokens', () => {
  it('fills the programme facts: name, year, mode, session windows, difference and its refund deadline', () => {
    expect(fillTokens('{{programme.name}} {{programme.year}}（{{programme.mode}}）', values)).toBe('Summit 高中生夏季学术项目 2027（线下）');
    expect(values['session.first']).toBe('7月17日—7月25日');
    expect(values['session.third']).toBe('8月13日—8月22日');
    expect(values['programme.dates']).toBe('7月17日—8月22日');
    expect(values['programme.difference']).toBe('¥2,000');
    expect(values['programme.refund_deadline']).toBe('8月3日 23:59');
    expect(values['contact.wechat_id']).toBe(DEFAULT_SITE_CONTACT.wechat_id);
  });

  it('formats fees as the pages write them and deadlines as Beijing dates', () => {
    expect(formatFeeForPage(1_680_000)).toBe('¥16,800');
    expect(formatFeeForPage(50_000)).toBe('¥500');
    expect(values['fee.tuition']).toBe('¥16,800.50');
    // 16:30 UTC on 30 April is already 1 May in Beijing.
    expect(values['deadline.RD']).toBe('2027-05-01');
    expect(beijingDate('2027-01-15T15:59:00.000Z')).toBe('2027-01-15');
  });

  it('fills known placeholders, spaces allowed, and leaves unknown ones as typed', () => {
    expect(fillTokens('学费 {{fee.tuition}}，申请费 {{ fee.apply }}', values)).toBe('学费 ¥16,800.50，申请费 ¥500');
    expect(fillTokens('{{fee.tution}} 与 {{deadline.EB1}}', values)).toBe('{{fee.tution}} 与 2027-01-15');
    expect(fillTokens('没有占位符', values)).toBe('没有占位符');
  });

  it('fills every text of a document: hero, headings, rich text and each kind of entries', () => {
    const doc: PageDocument = {
      hero: { title: '学费 {{fee.tuition}}', subtitle: '截止 {{deadline.MRD}}' },
      sections: [
        { id: 'a', heading: '申请费 {{fee.apply}}', html: '<p>提前批I：<strong>{{deadline.EB1}}</strong></p>' },
        { id: 'b', heading: '问答', items: { kind: 'faq', entries: [{ q: '多少钱？', a: '<p>{{fee.tuition}}</p>' }] } },
        { id: 'c', heading: '日程', items: { kind: 'timeline', entries: [{ date: '{{deadline.EB2}}', label: '截止', note: '北京时间 {{deadline.EB2}}' }] } },
        { id: 'd', heading: '数字', items: { kind: 'stats', entries: [{ value: '{{fee.apply}}', label: '申请费' }] } },
        { id: 'e', heading: '卡片', items: { kind: 'cards', entries: [{ title: '{{fee.tuition}}', text: '含课程' }] } },
      ],
    };
    const filled = JSON.stringify(fillDocumentTokens(doc, values));
    expect(filled).not.toContain('{{');
    expect(filled).toContain('学费 ¥16,800.50');
    expect(filled).toContain('<strong>2027-01-15</strong>');
    expect(filled).toContain('"date":"2027-03-01"');
    expect(filled).toContain('"value":"¥500"');
    // The input is not changed.
    expect(doc.hero.title).toBe('学费 {{fee.tuition}}');
  });
});
