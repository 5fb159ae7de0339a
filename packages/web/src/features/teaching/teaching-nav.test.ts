import { describe, expect, it } from 'vitest';
import { TEACHING_NAV_LINKS } from './teaching-nav.tsx';

describe('the teacher area tabs', () => {
  it('are all labelled in Chinese, with no English word such as Capstone', () => {
    for (const link of TEACHING_NAV_LINKS) {
      expect(link.label, link.to).toMatch(/^[\u4e00-\u9fff]+$/);
    }
    expect(TEACHING_NAV_LINKS.map((l) => l.label)).toContain('毕业项目');
  });
});
