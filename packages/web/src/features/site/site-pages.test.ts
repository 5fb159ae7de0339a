import { describe, expect, it } from 'vitest';
import { CONTENT_SLUGS } from '@summit/domain/content';
import { INFO_PAGES, SITE_PAGES, relatedPages, sitePathOf, slugFromPath } from './site-pages.ts';

describe('site pages', () => {
  it('mirrors the domain CONTENT_SLUGS exactly (slug, menu title, AMC flag)', () => {
    expect(SITE_PAGES.map((p) => ({ slug: p.slug, title: p.title, amcHidden: p.amcHidden }))).toEqual(
      CONTENT_SLUGS.map((s) => ({ slug: s.slug, title: s.navTitle, amcHidden: s.amcHidden })),
    );
    for (const s of CONTENT_SLUGS) expect(sitePathOf(s.slug)).toBe(s.path);
  });

  it('lists every info page of docs/product/screens-and-routes.md but home, hiding tuition and volunteering on AMC', () => {
    expect(INFO_PAGES).toHaveLength(SITE_PAGES.length - 1);
    expect(INFO_PAGES.some((p) => p.slug === '')).toBe(false);
    expect(SITE_PAGES.filter((p) => p.amcHidden).map((p) => p.slug)).toEqual(['instructions/tuition', 'join-us/volunteer']);
  });

  it('reads the stored slug from a path, whatever its case and slashes', () => {
    expect(slugFromPath('/')).toBe('');
    expect(slugFromPath('/faq')).toBe('faq');
    expect(slugFromPath('/faq/')).toBe('faq');
    expect(slugFromPath('/inner/h/phoenix')).toBe('inner/h/phoenix');
    expect(slugFromPath('/academic/impact')).toBe('academic/IMPACT');
    expect(slugFromPath('/ABOUT-US//partners')).toBe('about-us/partners');
    expect(slugFromPath('/faq?x=1#top')).toBe('faq');
    expect(slugFromPath('/nope')).toBeNull();
    expect(slugFromPath('/academic')).toBeNull();
    expect(slugFromPath('/%E0%A4%A')).toBeNull();
  });

  it('links the other pages of the same section, without AMC-hidden ones on AMC', () => {
    expect(relatedPages('academic/courses', { amc: false }).map((p) => p.slug)).toEqual([
      'academic/pedagogy',
      'academic/curriculum',
      'academic/instructors',
      'academic/capstone',
      'academic/IMPACT',
      'academic/grades',
    ]);
    expect(relatedPages('inner/h/qilin', { amc: false }).map((p) => p.slug)).toEqual(['inner/h/phoenix', 'inner/h/dragon', 'inner/h/tiger']);
    expect(relatedPages('instructions/dates', { amc: false }).map((p) => p.slug)).toContain('instructions/tuition');
    expect(relatedPages('instructions/dates', { amc: true }).map((p) => p.slug)).not.toContain('instructions/tuition');
    expect(relatedPages('join-us/si', { amc: true })).toEqual([]);
    expect(relatedPages('faq', { amc: false })).toEqual([]);
  });
});

describe('session-track pages (/inner/h/{symbol}, decision 028)', () => {
  it('resolve any spelling of a known symbol and nothing else', () => {
    expect(slugFromPath('/inner/h/H-')).toBe('inner/h/H-');
    expect(slugFromPath('/inner/h/h-')).toBe('inner/h/H-');
    expect(slugFromPath('/inner/h/X-')).toBeNull();
  });

  it('are not listed among the houses', () => {
    expect(relatedPages('inner/h/phoenix', { amc: false }).map((p) => p.slug)).not.toContain('inner/h/H-');
    expect(relatedPages('inner/h/H-', { amc: false })).toEqual([]);
  });
});
