import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '@summit/domain';
import { isSafeHref, sanitizeDocument, sanitizeRichText } from '../../lib/content-sanitiser.ts';
import { deferAppScripts, injectLoginScreen, injectPage } from './content-html.ts';

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

  it('sets title and description, draws the page where the boot placeholder was, hides #root and embeds safe JSON', () => {
    const html = injectPage(template, page, new Date('2027-03-01T00:00:00Z'));
    expect(html).toContain('<title>Summit 高中生夏季学术项目 - 常见问题</title>');
    expect(html).toContain('<meta name="description" content="描述" />');
    expect(html).not.toContain('加载中');
    // The page as the web draws it: inner top bar, the document in PageDocumentView's markup, the footer.
    expect(html).toContain('<div id="summit-prerender" data-prerendered="faq"><div class="app app--inner"><header class="topbar topbar--inner topbar--prerendered">');
    expect(html).toContain('<main class="app__main"><article class="doc"><header class="doc-hero"><div class="doc-hero__inner"><h1 class="doc-hero__title">常见问题</h1>');
    expect(html).toContain('<dd class="doc-stat__value">15</dd>');
    expect(html).toContain('人 &lt;/script&gt;');
    expect(html).toContain('© 2027 Summit 高中生夏季学术项目');
    expect(html).toContain('<style id="summit-prerender-style">#root{display:none}</style><div id="root"></div>');
    // The JSON never closes its script element early.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script id="summit-content" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(page);
  });

  it('draws the footer\'s site map, without the AMC-hidden pages on the AMC variant', () => {
    const main = injectPage(template, page);
    expect(main).toContain('<nav class="footer__map" aria-label="网站导航">');
    expect(main).toContain('<li><a href="/instructions/tuition">学费与资助</a></li>');
    expect(main).toContain('<li><a href="/notice/online-notice-free">线上项目须知</a></li>');
    const amc = injectPage(template, page, new Date(), true);
    expect(amc).not.toContain('href="/instructions/tuition"');
    expect(amc).not.toContain('href="/join-us/volunteer"');
    expect(amc).toContain('<li><a href="/faq">常见问题</a></li>');
  });

  it('draws the home page with the index top bar and the visitor calls to action', () => {
    const html = injectPage(template, { ...page, slug: '' });
    expect(html).toContain('<div class="app app--index"><header class="topbar topbar--index topbar--prerendered">');
    expect(html).toContain('<div class="doc-hero__actions"><a href="/register" class="site-button site-button--gold">注册</a>');
  });

  it('runs rich text through the allow-list again before drawing it', () => {
    const dirty = {
      ...page,
      document: {
        hero: page.document.hero,
        sections: [
          { id: 'a', heading: '节', html: '<p onclick="x()">正文<script>alert(1)</script></p>' },
          { id: 'b', heading: '问答', items: { kind: 'faq' as const, entries: [{ q: '问', a: '<img src=x onerror=alert(1)><p>答</p>' }] } },
        ],
      },
    };
    const drawn = injectPage(template, dirty).split('<script id="summit-content"')[0]! + injectPage(template, dirty).split('</script>').slice(1).join('</script>');
    expect(drawn).toContain('<p>正文</p>');
    expect(drawn).toContain('<p>答</p>');
    expect(drawn).not.toMatch(/onclick|onerror|alert\(1\)/);
  });

  it('moves the entry script and its preloads behind the first paint', () => {
    const vite =
      '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-AB12.js"></script>\n    ' +
      '<link rel="modulepreload" crossorigin href="/assets/react-X1.js">\n    <link rel="modulepreload" crossorigin href="/assets/q-Y2.js">\n    ' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">\n  </head><body><div id="root"><div id="boot">加载中</div></div></body></html>';
    const html = injectPage(vite, page);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('index-AB12.js');
    expect(head).not.toContain('modulepreload');
    // The stylesheet stays render-blocking: the prerendered page needs it at first paint.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    const loader = /<script type="module">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('first-contentful-paint');
    expect(loader).toContain('import("/assets/index-AB12.js")');
    expect(loader).toContain('["/assets/react-X1.js","/assets/q-Y2.js"]');
    // A template without Vite's entry tag is left as it is.
    expect(deferAppScripts(template)).toBe(template);
  });

  it('draws /login\'s first screen (heading, tabs, placeholders) with #root hidden and the scripts deferred', () => {
    const vite = '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-AB12.js"></script></head><body><div id="root"><div id="boot">加载中</div></div></body></html>';
    const html = injectLoginScreen(vite);
    expect(html).toContain('<title>Summit 高中生夏季学术项目 - 登录</title>');
    expect(html).toContain('<h1 id="auth-title" class="auth-card__title">欢迎回来</h1>');
    expect(html).toContain('<a class="auth-tabs__tab" href="/login" aria-current="page">密码登录</a>');
    expect(html).toContain('<style id="summit-prerender-style">#root{display:none}</style><div id="root"></div>');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('index-AB12.js');
    expect(html).toContain('import("/assets/index-AB12.js")');
  });

  it("replaces index.html's whole boot shell (top bar and skeleton): a prerendered page has one <main>, no hidden second one", () => {
    const indexHtml = readFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), 'utf8');
    expect(indexHtml).toContain('id="boot"');
    for (const html of [injectPage(indexHtml, page), injectLoginScreen(indexHtml)]) {
      expect(html).not.toContain('id="boot"');
      expect(html).not.toContain('page-skeleton');
      expect(html.match(/<main\b/g)).toHaveLength(1);
      expect(html).toContain('#root{display:none}</style><div id="root"></div>');
      expect(html).toContain('<noscript>');
    }
  });

  it('leaves a template without #root alone', () => {
    expect(injectPage('<html><head></head><body></body></html>', page)).toContain('<title>Summit 高中生夏季学术项目 - 常见问题</title>');
  });
});
