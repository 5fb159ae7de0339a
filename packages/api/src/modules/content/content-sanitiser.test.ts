import { describe, expect, it } from 'vitest';
import type { PageDocument } from '@summit/domain';
import { isSafeHref, sanitizeDocument, sanitizeRichText } from './content-sanitiser.ts';
import { injectPage } from './content-html.ts';

describe('sanitizeRichText', () => {
  it('keeps the editor tags and drops scripts, handlers, styles and classes', () => {
    expect(sanitizeRichText('<h1>一</h1><h2>二</h2><p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><br></p><ol><li>甲</li></ol><ul><li>乙</li></ul><blockquote>引</blockquote>')).toBe(
      '<h1>一</h1><h2>二</h2><p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><br /></p><ol><li>甲</li></ol><ul><li>乙</li></ul><blockquote>引</blockquote>',
    );
    expect(sanitizeRichText('<p style="color:red" class="x" onclick="x()">t<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)><iframe src="https://e.x"></iframe></p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<div><span>文字</span></div>')).toBe('文字');
  });

  it('keeps data-indent 1..8 only', () => {
    expect(sanitizeRichText('<p data-indent="8">a</p><li data-indent="1">b</li><h2 data-indent="3">c</h2>')).toBe('<p data-indent="8">a</p><li data-indent="1">b</li><h2 data-indent="3">c</h2>');
    expect(sanitizeRichText('<p data-indent="9">a</p><p data-indent="0">b</p><p data-indent="1;x">c</p><blockquote data-indent="2">d</blockquote>')).toBe('<p>a</p><p>b</p><p>c</p><blockquote>d</blockquote>');
  });

  it('keeps safe links with rel="noopener" and drops unsafe hrefs', () => {
    expect(sanitizeRichText('<a href="https://example.com/x" target="_blank" rel="opener">x</a>')).toBe('<a href="https://example.com/x" rel="noopener">x</a>');
    expect(sanitizeRichText('<a href="/faq">f</a><a href="mailto:a@b.cn">m</a><a href="#top">t</a>')).toBe('<a href="/faq" rel="noopener">f</a><a href="mailto:a@b.cn" rel="noopener">m</a><a href="#top" rel="noopener">t</a>');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', '//evil.example', 'data:text/html,x', 'vbscript:x', '/\\evil.example']) {
      expect([bad, sanitizeRichText(`<a href="${bad}">x</a>`)]).toEqual([bad, '<a>x</a>']);
      expect(isSafeHref(bad)).toBe(false);
    }
  });
});

describe('sanitizeDocument', () => {
  it('cleans section html and FAQ answers, leaves plain text as typed', () => {
    const doc: PageDocument = {
      hero: { title: '<b>标题</b>', subtitle: '' },
      sections: [{ id: 'a', heading: 'h', html: '<p onclick="x">p</p>', items: { kind: 'faq', entries: [{ q: '<i>问</i>', a: '<script>x</script><p>答</p>' }] } }],
    };
    expect(sanitizeDocument(doc)).toEqual({
      hero: { title: '<b>标题</b>', subtitle: '' },
      sections: [{ id: 'a', heading: 'h', html: '<p>p</p>', items: { kind: 'faq', entries: [{ q: '<i>问</i>', a: '<p>答</p>' }] } }],
    });
  });
});

describe('injectPage', () => {
  const template = '<html><head><meta name="description" content="old" /><title>old</title></head><body><div id="root"><div id="boot">加载中</div></div></body></html>';
  const page = {
    slug: 'faq',
    title: '常见问题',
    description: '描述',
    published_at: '2027-01-01T00:00:00.000Z',
    document: { hero: { title: '常见问题', subtitle: '副' }, sections: [{ id: 's', heading: '节', items: { kind: 'stats' as const, entries: [{ value: '15', label: '人 </script>' }] } }] },
  };

  it('sets title and description, replaces the boot placeholder, and embeds safe JSON', () => {
    const html = injectPage(template, page);
    expect(html).toContain('<title>Summit 高中生夏季学术项目 - 常见问题</title>');
    expect(html).toContain('<meta name="description" content="描述" />');
    expect(html).not.toContain('加载中');
    expect(html).toContain('<div id="root"><main data-prerendered="faq"');
    expect(html).toContain('<li><strong>15</strong> 人 &lt;/script&gt;</li>');
    // The JSON never closes its script element early.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script id="summit-content" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(page);
  });

  it('leaves a template without #root alone', () => {
    expect(injectPage('<html><head></head><body></body></html>', page)).toContain('<title>Summit 高中生夏季学术项目 - 常见问题</title>');
  });
});
