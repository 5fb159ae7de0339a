import { describe, expect, it } from 'vitest';
import {
  CONTENT_API,
  CONTENT_SLUGS,
  HOUSES,
  contentDraftRequestSchema,
  contentSlugFromPath,
  contentSlugQuerySchema,
  contentSlugSchema,
  isContentSlug,
  pageDocumentSchema,
  type PageDocument,
} from './content.ts';
import { MSG } from './messages.ts';

const valid: PageDocument = {
  hero: { title: '常见问题', subtitle: '' },
  sections: [
    { id: 'intro', heading: '简介', html: '<p>正文</p>' },
    { id: 'faq-1', heading: '问答', items: { kind: 'faq', entries: [{ q: '问', a: '<p>答</p>' }] } },
    { id: 'people', heading: '导师', items: { kind: 'people', entries: [{ name: '林思远', title: '讲师', bio: '', initials: '林' }] } },
    { id: 'dates', heading: '日期', items: { kind: 'timeline', entries: [{ date: '2027-01-15', label: '提前批I截止' }] } },
    { id: 'cards', heading: '卡片', items: { kind: 'cards', entries: [{ title: '小班', text: '研讨', tag: '教学' }] } },
    { id: 'stats', heading: '数字', items: { kind: 'stats', entries: [{ value: '15', label: '人' }] } },
  ],
};

function firstIssue(value: unknown) {
  const r = pageDocumentSchema.safeParse(value);
  if (r.success) return null;
  return { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
}

describe('CONTENT_SLUGS', () => {
  it('has every info route of docs/product/screens-and-routes.md once, with its path and AMC flag', () => {
    const slugs = CONTENT_SLUGS.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toHaveLength(34);
    for (const s of ['', 'inner/h/phoenix', 'inner/h/qilin', 'inner/h/dragon', 'inner/h/tiger', 'inner/h/H-', 'academic/IMPACT', 'instructions/tuition', 'join-us/volunteer', 'faq', 'notice/online-notice-free']) {
      expect(slugs).toContain(s);
    }
    expect(CONTENT_SLUGS.filter((s) => s.amcHidden).map((s) => s.slug)).toEqual(['instructions/tuition', 'join-us/volunteer']);
    for (const s of CONTENT_SLUGS) {
      expect(s.path).toBe(`/${s.slug}`);
      expect(contentSlugSchema.safeParse(s.slug).success).toBe(true);
    }
  });

  it('defines four houses with English symbols', () => {
    expect(HOUSES.map((h) => `${h.symbol}:${h.name}`)).toEqual(['phoenix:凤凰', 'qilin:麒麟', 'dragon:青龙', 'tiger:白虎']);
  });

  it('maps web paths to slugs', () => {
    expect(contentSlugFromPath('/')).toBe('');
    expect(contentSlugFromPath('/faq/')).toBe('faq');
    expect(contentSlugFromPath('/academic/IMPACT?x=1')).toBe('academic/IMPACT');
    expect(contentSlugFromPath('/login')).toBeUndefined();
    expect(contentSlugFromPath('/academic/impact')).toBeUndefined();
    expect(isContentSlug('inner/h/tiger')).toBe(true);
  });
});

describe('slug query', () => {
  it('defaults to the home page and refuses odd shapes', () => {
    expect(contentSlugQuerySchema.parse({})).toEqual({ slug: '' });
    expect(contentSlugQuerySchema.parse({ slug: 'about-us/partners' })).toEqual({ slug: 'about-us/partners' });
    for (const bad of ['/faq', 'faq/', '../x', 'a//b', 'a b', 'x'.repeat(101), '<b>']) expect(contentSlugSchema.safeParse(bad).success).toBe(false);
  });

  it('builds endpoint paths with the slug encoded', () => {
    expect(CONTENT_API.page('')).toBe('/api/content/pages?slug=');
    expect(CONTENT_API.adminDraft('inner/h/phoenix')).toBe('/api/admin/content/page/draft?slug=inner%2Fh%2Fphoenix');
  });
});

describe('pageDocumentSchema', () => {
  it('accepts every item kind', () => {
    expect(pageDocumentSchema.parse(valid)).toEqual(valid);
  });

  it('names the field of the first problem', () => {
    expect(firstIssue({ ...valid, hero: { title: '  ', subtitle: '' } })).toEqual({ path: 'hero.title', message: MSG.TEXT_REQUIRED });
    expect(firstIssue({ ...valid, sections: [{ id: 'Bad_Id', heading: 'x' }] })?.path).toBe('sections.0.id');
    expect(firstIssue({ ...valid, sections: [{ id: 'a', heading: 'x', items: { kind: 'video', entries: [] } }] })?.path).toBe('sections.0.items.kind');
    expect(firstIssue({ ...valid, sections: [{ id: 'a', heading: 'x', items: { kind: 'faq', entries: [{ q: 'q' }] } }] })?.path).toBe('sections.0.items.entries.0.a');
    expect(firstIssue({ ...valid, sections: [{ id: 'a', heading: 'x' }, { id: 'a', heading: 'y' }] })).toEqual({ path: 'sections.1.id', message: MSG.CONTENT_SECTION_ID_DUPLICATE });
    expect(firstIssue({ hero: valid.hero, sections: Array.from({ length: 41 }, (_, i) => ({ id: `s${i}`, heading: 'h' })) })?.path).toBe('sections');
    expect(firstIssue({ ...valid, sections: [{ id: 'a', heading: 'x', html: 'x'.repeat(50_001) }] })?.path).toBe('sections.0.html');
  });

  it('the draft request needs a title', () => {
    const r = contentDraftRequestSchema.safeParse({ title: '', description: '', document: valid });
    expect(r.success).toBe(false);
    expect(contentDraftRequestSchema.safeParse({ title: '常见问题', description: '', document: valid }).success).toBe(true);
  });
});
