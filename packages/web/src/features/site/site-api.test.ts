import { describe, expect, it } from 'vitest';
import { isPageDocument, PageNotFoundError, readPageEnvelope } from './site-api.ts';

const document = {
  hero: { title: '常见问题', subtitle: '' },
  sections: [{ id: 'apply', heading: '申请', items: { kind: 'faq', entries: [{ q: '谁可以申请？', a: '<p>高一至高三</p>' }] } }],
};

describe('reading a content page', () => {
  it('returns the page of a 200 envelope', () => {
    const page = readPageEnvelope('faq', 200, {
      status: 200,
      msg: 'ok',
      data: { slug: 'faq', title: '常见问题', description: 'd', document, published_at: '2026-11-01T00:00:00.000Z' },
    });
    expect(page.title).toBe('常见问题');
    expect(page.document.sections[0]?.id).toBe('apply');
  });

  it('turns a 404 envelope into PageNotFoundError, anything else into an error', () => {
    expect(() => readPageEnvelope('x', 404, { status: 4001, msg: '接口不存在' })).toThrow(PageNotFoundError);
    expect(() => readPageEnvelope('x', 502, null)).toThrow(/unexpected answer/);
    expect(() => readPageEnvelope('x', 200, { status: 200, data: { title: 't', document: { hero: {} } } })).toThrow(/malformed/);
    expect(() => readPageEnvelope('x', 500, { status: 4001, msg: '系统错误' })).not.toThrow(PageNotFoundError);
  });

  it('checks enough of the document for the renderer', () => {
    expect(isPageDocument(document)).toBe(true);
    expect(isPageDocument({ hero: { title: 't' }, sections: [{ id: 'a', heading: 'h', html: 3 }] })).toBe(false);
    expect(isPageDocument({ hero: { title: 't' }, sections: [{ id: 'a', heading: 'h', items: { kind: 'faq' } }] })).toBe(false);
    expect(isPageDocument({ hero: { title: 't' }, sections: 'x' })).toBe(false);
    expect(isPageDocument(null)).toBe(false);
  });
});
