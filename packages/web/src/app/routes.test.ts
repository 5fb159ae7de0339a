import { describe, expect, it } from 'vitest';
import { PAGES } from '@summit/domain/pages';
import { CONTENT_SLUGS } from '@summit/domain/content';
import { PATHS } from '../lib/paths.ts';
import { NOT_FOUND_ROUTE, ROUTES } from './routes.ts';

describe('route table', () => {
  it('declares every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('serves every path of the paths module', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of Object.values(PATHS)) expect(paths, path).toContain(path);
  });

  it('serves every landing a login can lead to (docs/product/states.md)', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const page of [PAGES.info, PAGES.apply, PAGES.teacher, PAGES.admin, PAGES.school, PAGES.slHome, PAGES.login, PAGES.register]) {
      expect(paths, page).toContain(page);
    }
  });

  it('gives each route a title and loads student pages behind the student role', () => {
    for (const route of [...ROUTES, NOT_FOUND_ROUTE]) {
      expect(route.title.trim(), route.path).not.toBe('');
      // The certificate's verification page is public by spec (routes.tsv: /student/certificate/TOKEN public).
      if (route.path.startsWith('/student/') && route.path !== PATHS.certificateVerify) expect(route.role, route.path).toBe('student');
    }
    expect(ROUTES.find((r) => r.path === PATHS.info)?.role).toBe('student');
    expect(ROUTES.find((r) => r.path === PATHS.studentApply)?.gate).toBe('complete-info');
  });

  it('keeps the public reading pages free of antd (home-page budget)', () => {
    // /login too: its default password form is plain markup (decision 018).
    for (const path of [PATHS.home, PATHS.agreement, PATHS.privacy, PATHS.login]) {
      expect(ROUTES.find((r) => r.path === path)?.usesAntd, path).toBe(false);
    }
    expect(NOT_FOUND_ROUTE.usesAntd).toBe(false);
  });
});

describe('info routes', () => {
  it('serves every content path as a public plain-markup page (no antd on first load)', () => {
    for (const s of CONTENT_SLUGS) {
      const route = ROUTES.find((r) => r.path === s.path);
      expect(route, s.path).toBeDefined();
      expect(route?.role, s.path).toBe('public');
      expect(route?.usesAntd, s.path).toBe(false);
      expect(route?.footer, s.path).toBe('default');
      expect(route?.topBar, s.path).toBe(s.slug === '' ? 'index' : 'inner');
    }
  });
});
