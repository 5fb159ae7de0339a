import { describe, expect, it } from 'vitest';
import { CONTENT_SLUGS } from './content.ts';
import { SITE_MAP, siteMapFor } from './site-map.ts';

describe('site map', () => {
  it('links every info page once, with its menu title and AMC flag', () => {
    const links = SITE_MAP.flatMap((g) => g.links);
    const pages = CONTENT_SLUGS.filter((s) => s.slug !== '');
    expect(links.map((l) => l.path).sort()).toEqual(pages.map((p) => p.path).sort());
    for (const page of pages) {
      const link = links.find((l) => l.path === page.path);
      expect({ path: page.path, title: link?.title, amcHidden: Boolean(link?.amcHidden) }).toEqual({ path: page.path, title: page.navTitle, amcHidden: page.amcHidden });
    }
  });

  it('leaves the AMC-hidden pages out on the AMC variant', () => {
    const amc = siteMapFor(true).flatMap((g) => g.links.map((l) => l.path));
    expect(amc).not.toContain('/instructions/tuition');
    expect(amc).not.toContain('/join-us/volunteer');
    expect(amc).toContain('/faq');
    expect(siteMapFor(false).flatMap((g) => g.links)).toHaveLength(SITE_MAP.flatMap((g) => g.links).length);
  });
});
