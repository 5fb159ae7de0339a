import { describe, expect, it } from 'vitest';
import { detectAmc, parseSiteConfig, siteGateTarget } from '../../lib/site-variant.ts';
import { safeReturnPath } from './return-path.ts';

const SECURITY = { inner: '/innersecurity', amc: '/amcsecurity' };
const base = { nonProduction: true, amc: false, tester: false, pathname: '/faq', search: '' };

describe('non-production gate', () => {
  it('lets everyone through on production hosts, and testers everywhere', () => {
    expect(siteGateTarget({ ...base, nonProduction: false }, SECURITY)).toBeNull();
    expect(siteGateTarget({ ...base, tester: true }, SECURITY)).toBeNull();
  });

  it('sends a visitor to /innersecurity (/amcsecurity on AMC) with the page to come back to', () => {
    expect(siteGateTarget(base, SECURITY)).toBe('/innersecurity?r=%2Ffaq');
    expect(siteGateTarget({ ...base, amc: true, pathname: '/', search: '?x=1' }, SECURITY)).toBe('/amcsecurity?r=%2F%3Fx%3D1');
  });

  it('carries a ?password= to the security page, and never gates the security pages themselves', () => {
    expect(siteGateTarget({ ...base, search: '?password=abc&y=2' }, SECURITY)).toBe('/innersecurity?r=%2Ffaq%3Fy%3D2&password=abc');
    expect(siteGateTarget({ ...base, pathname: '/innersecurity' }, SECURITY)).toBeNull();
    expect(siteGateTarget({ ...base, pathname: '/amcsecurity' }, SECURITY)).toBeNull();
  });

  it('returns only to paths of this site', () => {
    expect(safeReturnPath('/faq?x=1')).toBe('/faq?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/innersecurity?r=/x', 'faq']) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});

describe('AMC variant detection', () => {
  it('by the server, by an amc. host, by ?amc=1 (remembered); ?amc=0 forgets the flag but not the host', () => {
    expect(detectAmc('www.summit.cn', '', null, true)).toEqual({ amc: true, store: undefined });
    expect(detectAmc('amc.summit.cn', '', null)).toEqual({ amc: true, store: undefined });
    expect(detectAmc('summit.cn', '?amc=1', null)).toEqual({ amc: true, store: '1' });
    expect(detectAmc('summit.cn', '', '1')).toEqual({ amc: true, store: undefined });
    expect(detectAmc('summit.cn', '?amc=0', '1')).toEqual({ amc: false, store: null });
    expect(detectAmc('summit.cn', '?amc=0', '1', true)).toEqual({ amc: true, store: null });
    expect(detectAmc('summit.cn', '', null)).toEqual({ amc: false, store: undefined });
  });

  it('reads only well-formed server answers', () => {
    expect(parseSiteConfig({ amc: true, non_production: false, enrolment_over: false, server_time: 5 })).toEqual({ amc: true, non_production: false, enrolment_over: false, server_time: 5 });
    expect(parseSiteConfig({ amc: 'yes', non_production: false, enrolment_over: false })).toBeNull();
    expect(parseSiteConfig(null)).toBeNull();
  });
});
