import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { pageDocumentMarkup } from '@summit/domain/page-markup';
import type { PageDocument } from '@summit/domain/content';
import { initialsOf, PageDocumentView } from './page-document-view.tsx';

const doc: PageDocument = {
  hero: { title: '导师团队', subtitle: '来自高校的学者与研究者' },
  sections: [
    { id: 'intro', heading: '简介', html: '<p>我们的导师<strong>全程</strong>陪伴。</p><p data-indent="1">缩进段落</p>' },
    { id: 'people', heading: '导师', items: { kind: 'people', entries: [{ name: '林知远', title: '副教授', bio: '研究方向：比较文学' }, { name: 'Grace Lee', title: 'Lecturer', bio: '' }] } },
    { id: 'faq', heading: '问答', items: { kind: 'faq', entries: [{ q: '每周几次课？', a: '<p>每周三次</p>' }] } },
    { id: 'dates', heading: '日程', items: { kind: 'timeline', entries: [{ date: '2027-01-15', label: '提前批I截止', note: '北京时间' }] } },
    { id: 'cards', heading: '课程', items: { kind: 'cards', entries: [{ title: '数据科学导论', text: '用 Python 读懂数据', tag: '理工' }] } },
    { id: 'stats', heading: '数字', items: { kind: 'stats', entries: [{ value: '20,000+', label: '累计阅读' }] } },
  ],
};

describe('page document view', () => {
  it('renders the hero as the h1, each section as an h2 and every kind of items', () => {
    const html = renderToString(createElement(PageDocumentView, { document: doc }));
    expect(html).toMatch(/<h1[^>]*>导师团队<\/h1>/);
    expect(html).toContain('来自高校的学者与研究者');
    for (const heading of ['简介', '导师', '问答', '日程', '课程', '数字']) expect(html).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    expect(html).toContain('<strong>全程</strong>');
    expect(html).toContain('data-indent="1"');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>每周几次课？<\/summary>/);
    expect(html).toContain('林知远');
    expect(html).toContain('2027-01-15');
    expect(html).toContain('数据科学导论');
    expect(html).toContain('20,000+');
    // Three or more sections: an in-page table of contents with anchors.
    expect(html).toContain('href="#people"');
    expect(html).toContain('id="people"');
  });

  it('is exactly the markup the server prerenders (domain pageDocumentMarkup), so the swap to React changes nothing on screen', () => {
    const tricky: PageDocument = {
      hero: { title: 'Q&A <常见> "问题" \'单引号\'', subtitle: '' },
      sections: [
        ...doc.sections,
        { id: 'people-2', heading: '无简介 & 无标签', items: { kind: 'people', entries: [{ name: 'Ann', title: 'T', bio: '', initials: 'AX' }] } },
        { id: 'cards-2', heading: '卡片', items: { kind: 'cards', entries: [{ title: '<b>不是标签</b>', text: '' }] } },
        { id: 'tl-2', heading: '无备注', items: { kind: 'timeline', entries: [{ date: '8月', label: '开课' }] } },
      ],
    };
    for (const d of [doc, tricky, { hero: { title: '两节', subtitle: '副标题' }, sections: doc.sections.slice(0, 2) }]) {
      expect(pageDocumentMarkup(d)).toBe(renderToStaticMarkup(createElement(PageDocumentView, { document: d })));
    }
    const actions = '<a href="/register" class="site-button site-button--gold">注册</a>';
    expect(pageDocumentMarkup(doc, { heroActionsHtml: actions })).toBe(
      renderToStaticMarkup(createElement(PageDocumentView, { document: doc, heroActions: createElement('a', { href: '/register', className: 'site-button site-button--gold' }, '注册') })),
    );
  });

  it('makes avatar letters from Chinese and Latin names', () => {
    expect(initialsOf('林知远')).toBe('林');
    expect(initialsOf('Grace Lee')).toBe('GL');
    expect(initialsOf('  ')).toBe('·');
  });
});
