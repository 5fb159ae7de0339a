import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_API, SESSION_TRACKS, type PublicPage } from '@summit/domain';
import { call } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/inner/h/{symbol}: session-track pages (decision 028)', () => {
  it('the H- session has a seeded public page that says who may enter', async () => {
    expect(SESSION_TRACKS.map((s) => s.symbol)).toContain('H-');
    const res = await call<PublicPage>(t.app, 'GET', CONTENT_API.page('inner/h/H-'));
    expect(res.http).toBe(200);
    const text = JSON.stringify(res.body.data);
    expect(text).toContain('H- 荣誉会场');
    expect(text).toContain('当前会场H-用户方可进入');
  });

  it('an unknown symbol is the 404 envelope, whatever its spelling', async () => {
    for (const slug of ['inner/h/X-', 'inner/h/h-', 'inner/h/H-/x']) {
      const res = await call(t.app, 'GET', CONTENT_API.page(slug));
      expect([slug, res.http]).toEqual([slug, 404]);
    }
  });
});
