import { describe, expect, it } from 'vitest';
import { loadingTarget } from './loading-target.ts';

const go = (qs: string) => loadingTarget(new URLSearchParams(qs), '/', '/loading');

describe('loadingTarget', () => {
  it('goes to a same-origin r (with s)', () => {
    expect(go('r=/student/apply')).toBe('/student/apply');
    expect(go('r=/faq&s=a=1')).toBe('/faq?a=1');
  });

  it('goes home for a missing, external or self-referencing target', () => {
    for (const qs of ['', 'r=https://evil.example', 'r=//evil.example', 'r=/\\evil.example', 'r=javascript:alert(1)', 'r=/loading', 'r=/Loading/?r=/loading']) {
      expect([qs, go(qs)]).toEqual([qs, '/']);
    }
  });
});
