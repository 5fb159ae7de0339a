import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_API, CONTENT_PRELOAD_ELEMENT_ID, CONTENT_SLUGS, STUDENT_CONTENT_PAGES, type AdminContentList, type AdminContentPage, type Catalogue, type PageDocument, type PublicPage } from '@summit/domain';
import { auditLog } from '../../db/schema.ts';
import { contentPages } from '../../db/schema-content.ts';
import { call, createStaffToken, registerStudent } from '../../test/flows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Summit 高中生夏季学术项目：面向高中生的线上暑期学术课程平台。" />
    <title>Summit 高中生夏季学术项目</title>
  </head>
  <body>
    <div id="root"><div id="boot">Summit 加载中…</div></div>
    <script type="module" src="/assets/index-abc.js"></script>
  </body>
</html>`;

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'summit-dist-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, AMC_HOSTS: 'amc-test.example.com' } });
  admin = await createStaffToken(t, 'teacher', { isAdmin: true });
  teacher = await createStaffToken(t, 'teacher');
  student = (await registerStudent(t.app)).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const doc = (over: Partial<PageDocument> = {}): PageDocument => ({
  hero: { title: '测试标题', subtitle: '测试副标题' },
  sections: [{ id: 'intro', heading: '简介', html: '<p>正文</p>' }],
  ...over,
});

async function auditRows(slug: string, action: string) {
  return t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'content_page'), eq(auditLog.entityId, slug), eq(auditLog.action, action)));
}

describe('default content', () => {
  it('every slug of CONTENT_SLUGS exists at start-up with real Chinese words', async () => {
    const rows = await t.db.select().from(contentPages);
    // Plus the student pages that are edited here but never public (decision 048).
    expect(rows.map((r) => r.slug).sort()).toEqual([...CONTENT_SLUGS.map((s) => s.slug), ...STUDENT_CONTENT_PAGES.map((s) => s.slug)].sort());
    for (const s of CONTENT_SLUGS) {
      const res = await call<PublicPage>(t.app, 'GET', CONTENT_API.page(s.slug));
      expect({ slug: s.slug, status: res.body.status }).toEqual({ slug: s.slug, status: 200 });
      const page = res.body.data!;
      expect(page.title.length).toBeGreaterThan(1);
      expect(page.description).toMatch(/[\u4e00-\u9fff]/);
      expect(page.document.sections.length).toBeGreaterThan(0);
    }
  });

  it('the FAQ has at least 12 questions; the notice and dates carry the programme facts (decision 029)', async () => {
    const faq = (await call<PublicPage>(t.app, 'GET', CONTENT_API.page('faq'))).body.data!;
    const questions = faq.document.sections.flatMap((s) => (s.items?.kind === 'faq' ? s.items.entries : []));
    expect(questions.length).toBeGreaterThanOrEqual(12);
    const notice = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('notice/online-notice-free'))).body.data);
    for (const figure of ['7月17日—8月22日', '¥2,000', '8月3日 23:59', '8 月 4 日 20:00', '8 月 9 日 09:00', '2 场', '2 个']) expect(notice).toContain(figure);
    const dates = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('instructions/dates'))).body.data);
    for (const d of ['2027-01-15', '2027-03-01', '2027-04-30', '2027-05-15', '倒计时', '2027 第一期', '2027 第三期', '7月17日—7月25日']) expect(dates).toContain(d);
    const process = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('instructions/process'))).body.data);
    expect(process).toContain('¥500');
    expect(process).toContain('¥16,800');
  });

  it('an edited page is not overwritten by the defaults on the next start', async () => {
    const { ensureDefaultContent } = await import('./content.service.ts');
    await t.db.update(contentPages).set({ title: '手工修改' }).where(eq(contentPages.slug, 'about-us'));
    await ensureDefaultContent({ ...t.app.ctx });
    const [row] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'about-us'));
    expect(row!.title).toBe('手工修改');
  });
});

describe('public API', () => {
  it('GET pages answers the published page, cacheable for 60 s; the home page is slug ""', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/content/pages?slug=' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json() as { data: PublicPage };
    expect(body.data.slug).toBe('');
    expect(body.data.document.hero.title).toContain('Summit');
    const noParam = await call<PublicPage>(t.app, 'GET', '/api/content/pages');
    expect(noParam.body.data!.slug).toBe('');
  });

  it('unknown slugs are a 404 envelope; malformed ones a 4003', async () => {
    const unknown = await call(t.app, 'GET', CONTENT_API.page('no/such-page'));
    expect(unknown).toMatchObject({ http: 404, body: { status: 4001, msg: '页面不存在' } });
    for (const bad of ['../etc', 'a b', 'x'.repeat(200), '<script>']) {
      const res = await call(t.app, 'GET', CONTENT_API.page(bad));
      expect([bad, res.http, res.body.status]).toEqual([bad, 400, 4003]);
    }
  });

  it('the catalogue lists every slug with its title, path and AMC flag', async () => {
    const res = await call<Catalogue>(t.app, 'GET', CONTENT_API.catalogue);
    const pages = res.body.data!.pages;
    expect(pages).toHaveLength(CONTENT_SLUGS.length);
    expect(pages.find((p) => p.slug === 'faq')).toMatchObject({ path: '/faq', title: '常见问题', amc_hidden: false });
    expect(pages.find((p) => p.slug === 'instructions/tuition')).toMatchObject({ amc_hidden: true });
  });

  it('on the AMC variant the hidden pages are a 404 and left out of the catalogue', async () => {
    const headers = { host: 'amc-test.example.com' };
    const tuition = await t.app.inject({ method: 'GET', url: CONTENT_API.page('instructions/tuition'), headers });
    expect(tuition.statusCode).toBe(404);
    const faq = await t.app.inject({ method: 'GET', url: CONTENT_API.page('faq'), headers });
    expect(faq.statusCode).toBe(200);
    const cat = (await t.app.inject({ method: 'GET', url: CONTENT_API.catalogue, headers })).json() as { data: Catalogue };
    expect(cat.data.pages.map((p) => p.slug)).not.toContain('join-us/volunteer');
    expect(cat.data.pages.map((p) => p.slug)).toContain('faq');
  });
});

describe('admin API: roles', () => {
  it('refuses visitors, students and plain teachers', async () => {
    const urls: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string]> = [
      ['GET', CONTENT_API.adminList],
      ['GET', CONTENT_API.adminPage('faq')],
      ['PUT', CONTENT_API.adminDraft('faq')],
      ['POST', CONTENT_API.adminPublish('faq')],
      ['DELETE', CONTENT_API.adminDraft('faq')],
    ];
    for (const [method, url] of urls) {
      const body = method === 'PUT' ? { title: 'x', description: '', document: doc() } : undefined;
      expect((await call(t.app, method, url, { body })).http).toBe(401);
      expect((await call(t.app, method, url, { token: student, body })).http).toBe(403);
      expect((await call(t.app, method, url, { token: teacher, body })).http).toBe(403);
    }
    const [row] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'faq'));
    expect(row!.draft).toBeNull();
  });
});

describe('admin API: draft → publish → discard', () => {
  it('lists every page with its draft state', async () => {
    const res = await call<AdminContentList>(t.app, 'GET', CONTENT_API.adminList, { token: admin });
    expect(res.body.data!.pages).toHaveLength(CONTENT_SLUGS.length + STUDENT_CONTENT_PAGES.length);
    expect(res.body.data!.pages[0]).toMatchObject({ slug: '', path: '/', has_draft: false, draft_updated_at: null });
  });

  it('saves a sanitised draft (public page unchanged), publishes it, and audits each step', async () => {
    const slug = 'academic/pedagogy';
    const before = (await call<PublicPage>(t.app, 'GET', CONTENT_API.page(slug))).body.data!;
    const dirty = doc({
      sections: [
        {
          id: 'intro',
          heading: '简介',
          html: '<p data-indent="2" style="color:red" class="x" onclick="alert(1)">新的<strong>教学</strong>理念<script>alert(1)</script><img src=x onerror="alert(1)"></p><a href="javascript:alert(1)">坏链接</a><a href="https://example.com">好链接</a><h1>一</h1><h2>二</h2><ol><li>甲</li></ol><ul><li data-indent="1">乙</li></ul><blockquote>引</blockquote><em>斜</em>',
        },
        { id: 'qa', heading: '问答', items: { kind: 'faq', entries: [{ q: '问？', a: '<p>答<iframe src="https://evil.example"></iframe></p>' }] } },
      ],
    });
    const saved = await call<AdminContentPage>(t.app, 'PUT', CONTENT_API.adminDraft(slug), { token: admin, body: { title: '新教学理念', description: '新描述', document: dirty } });
    expect(saved.body.status).toBe(200);
    const html = saved.body.data!.draft!.document.sections[0]!.html!;
    expect(html).toBe(
      '<p data-indent="2">新的<strong>教学</strong>理念</p><a>坏链接</a><a href="https://example.com" rel="noopener">好链接</a><h1>一</h1><h2>二</h2><ol><li>甲</li></ol><ul><li data-indent="1">乙</li></ul><blockquote>引</blockquote><em>斜</em>',
    );
    const items = saved.body.data!.draft!.document.sections[1]!.items;
    expect(items).toEqual({ kind: 'faq', entries: [{ q: '问？', a: '<p>答</p>' }] });
    expect(saved.body.data!.published.title).toBe(before.title);

    // The public page still shows the published version; the admin GET shows both.
    expect((await call<PublicPage>(t.app, 'GET', CONTENT_API.page(slug))).body.data!.title).toBe(before.title);
    const got = (await call<AdminContentPage>(t.app, 'GET', CONTENT_API.adminPage(slug), { token: admin })).body.data!;
    expect(got.draft).toMatchObject({ title: '新教学理念', description: '新描述' });
    const list = (await call<AdminContentList>(t.app, 'GET', CONTENT_API.adminList, { token: admin })).body.data!;
    expect(list.pages.find((p) => p.slug === slug)).toMatchObject({ has_draft: true, title: before.title });

    const saveAudit = await auditRows(slug, 'content.draft.save');
    expect(saveAudit).toHaveLength(1);
    expect(saveAudit[0]!.before).toBeNull();
    expect(saveAudit[0]!.after).toMatchObject({ title: '新教学理念' });
    expect(saveAudit[0]!.actorId).not.toBeNull();

    const published = await call<AdminContentPage>(t.app, 'POST', CONTENT_API.adminPublish(slug), { token: admin });
    expect(published.body.status).toBe(200);
    expect(published.body.data!.draft).toBeNull();
    expect(published.body.data!.published.title).toBe('新教学理念');
    const pub = (await call<PublicPage>(t.app, 'GET', CONTENT_API.page(slug))).body.data!;
    expect(pub).toMatchObject({ title: '新教学理念', description: '新描述' });
    expect(pub.document.sections[0]!.html).toContain('新的<strong>教学</strong>理念');
    const pubAudit = await auditRows(slug, 'content.publish');
    expect(pubAudit).toHaveLength(1);
    expect(pubAudit[0]!.before).toMatchObject({ title: before.title });
    expect(pubAudit[0]!.after).toMatchObject({ title: '新教学理念' });

    // Nothing left to publish.
    const again = await call(t.app, 'POST', CONTENT_API.adminPublish(slug), { token: admin });
    expect(again.body).toMatchObject({ status: 4001, msg: '该页面没有待发布的草稿' });
  });

  it('discards a draft (audited); discarding again is a no-op', async () => {
    const slug = 'faq';
    await call(t.app, 'PUT', CONTENT_API.adminDraft(slug), { token: admin, body: { title: '草稿标题', description: '', document: doc() } });
    const res = await call<AdminContentPage>(t.app, 'DELETE', CONTENT_API.adminDraft(slug), { token: admin });
    expect(res.body.status).toBe(200);
    expect(res.body.data!.draft).toBeNull();
    expect(res.body.data!.published.title).toBe('常见问题');
    expect(await auditRows(slug, 'content.draft.discard')).toHaveLength(1);
    const again = await call<AdminContentPage>(t.app, 'DELETE', CONTENT_API.adminDraft(slug), { token: admin });
    expect(again.body.status).toBe(200);
    expect(await auditRows(slug, 'content.draft.discard')).toHaveLength(1);
  });

  it('bad documents are a 4003 naming the field; unknown pages a 404', async () => {
    const put = (body: unknown, slug = 'faq') => call(t.app, 'PUT', CONTENT_API.adminDraft(slug), { token: admin, body });
    const cases: Array<[unknown, string]> = [
      [{ title: '', description: '', document: doc() }, 'title'],
      [{ title: 't', description: '', document: { hero: { title: 'h', subtitle: '' }, sections: [{ id: 'Not Kebab', heading: 'x' }] } }, 'document.sections.0.id'],
      [{ title: 't', description: '', document: { hero: { subtitle: '' }, sections: [] } }, 'document.hero.title'],
      [{ title: 't', description: '', document: doc({ sections: [{ id: 'a', heading: 'x' }, { id: 'a', heading: 'y' }] }) }, 'document.sections.1.id'],
      [{ title: 't', description: '', document: doc({ sections: [{ id: 'a', heading: 'x', items: { kind: 'video', entries: [] } as never }] }) }, 'document.sections.0.items.kind'],
      [{ title: 't', description: '', document: doc({ sections: [{ id: 'a', heading: 'x', items: { kind: 'stats', entries: [{ value: '1' }] } as never }] }) }, 'document.sections.0.items.entries.0.label'],
      [{ title: 't', description: '', document: 'nope' }, 'document'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect({ field, http: res.http, status: res.body.status, got: (res.body.data as { field?: string } | undefined)?.field }).toEqual({ field, http: 400, status: 4003, got: field });
    }
    const unknown = await put({ title: 't', description: '', document: doc() }, 'no-such');
    expect(unknown.http).toBe(404);
    expect((await call(t.app, 'POST', CONTENT_API.adminPublish('no-such'), { token: admin })).http).toBe(404);
    expect((await call(t.app, 'GET', CONTENT_API.adminPage('no-such'), { token: admin })).http).toBe(404);
  });
});

describe('crawler-ready HTML', () => {
  it('/faq carries its title, description and the drawn page beside a hidden #root; index.html stays no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Summit 高中生夏季学术项目 - 常见问题</title>');
    expect(html).toMatch(/<meta name="description" content="Summit 常见问题：申请资格/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const drawn = html.slice(html.indexOf('<div id="summit-prerender"'), html.indexOf('<div id="root">'));
    expect(drawn).toContain('<h1 class="doc-hero__title">常见问题</h1>');
    expect(drawn).toContain('<summary class="doc-faq__q">Summit 是线上还是线下项目？</summary>');
    expect(html).toContain('<style id="summit-prerender-style">#root{display:none}</style><div id="root"></div>');
    expect(html).not.toContain('id="boot"');
    expect(html).toContain(`<script id="${CONTENT_PRELOAD_ELEMENT_ID}" type="application/json">`);
    expect(html).toContain('/assets/index-abc.js');
  });

  it('escapes page text, and shows a publish at once (cache invalidated)', async () => {
    // Fill the per-slug cache first, so the publish must invalidate it.
    expect((await t.app.inject({ method: 'GET', url: '/about-us' })).body).toContain('<h1 class="doc-hero__title">关于我们</h1>');
    await call(t.app, 'PUT', CONTENT_API.adminDraft('about-us'), {
      token: admin,
      body: { title: '关于<我们>', description: '描述 "引号" </script><script>alert(1)</script>', document: doc({ hero: { title: '<img src=x onerror=alert(1)>', subtitle: '' } }) },
    });
    await call(t.app, 'POST', CONTENT_API.adminPublish('about-us'), { token: admin });
    const html = (await t.app.inject({ method: 'GET', url: '/about-us/' })).body;
    expect(html).toContain('<title>Summit 高中生夏季学术项目 - 关于&lt;我们&gt;</title>');
    expect(html).toContain('<h1 class="doc-hero__title">&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
  });

  it('other paths and AMC-hidden pages on the AMC host get the plain index.html; /login its first screen', async () => {
    const other = (await t.app.inject({ method: 'GET', url: '/register' })).body;
    expect(other).toContain('<title>Summit 高中生夏季学术项目</title>');
    expect(other).toContain('id="boot"');
    const login = (await t.app.inject({ method: 'GET', url: '/login?r=%2Faccount' })).body;
    expect(login).toContain('<title>Summit 高中生夏季学术项目 - 登录</title>');
    expect(login).toContain('<h1 id="auth-title" class="auth-card__title">欢迎回来</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/login?mode=sms' })).body).toContain('id="boot"');
    await t.app.inject({ method: 'GET', url: '/instructions/tuition' });
    const amc = (await t.app.inject({ method: 'GET', url: '/instructions/tuition', headers: { host: 'amc-test.example.com' } })).body;
    expect(amc).not.toContain('学费与资助');
    const main = (await t.app.inject({ method: 'GET', url: '/instructions/tuition' })).body;
    expect(main).toContain('<h1 class="doc-hero__title">学费与资助</h1>');
  });
});

describe('placeholders for fees and deadlines (decision 019)', () => {
  it('public pages and their HTML quote the current settings, and follow an admin change at once', async () => {
    const before = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('instructions/tuition'))).body.data);
    expect(before).toContain('¥16,800');
    expect(before).not.toContain('{{');
    // Fill the HTML cache, so the settings change must invalidate it.
    expect((await t.app.inject({ method: 'GET', url: '/instructions/tuition' })).body).toContain('¥16,800');

    const fees = await call(t.app, 'PUT', '/api/admin/settings/fees', { token: admin, body: { apply_fen: 60_000, tuition_fen: 1_880_000 } });
    expect(fees.body.status).toBe(200);
    const deadlines = (await call<{ items: Array<{ key: string; deadline: string }> }>(t.app, 'GET', '/api/deadlines')).body.data!.items;
    const moved = deadlines.map((d) => (d.key === 'EB1' ? { ...d, deadline: '2027-01-20T23:59:59+08:00' } : d));
    expect((await call(t.app, 'PUT', '/api/admin/settings/deadlines', { token: admin, body: { items: moved } })).body.status).toBe(200);

    const after = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('instructions/tuition'))).body.data);
    expect(after).toContain('¥18,800');
    expect(after).toContain('¥600');
    expect(after).not.toContain('¥16,800');
    const html = (await t.app.inject({ method: 'GET', url: '/instructions/tuition' })).body;
    expect(html).toContain('¥18,800');
    expect(html).not.toContain('¥16,800');
    const dates = JSON.stringify((await call<PublicPage>(t.app, 'GET', CONTENT_API.page('instructions/dates'))).body.data);
    expect(dates).toContain('2027-01-20');
    expect(dates).not.toContain('2027-01-15');

    // The editor keeps the placeholders and gets their values for its hint and preview.
    const edit = (await call<AdminContentPage>(t.app, 'GET', CONTENT_API.adminPage('instructions/tuition'), { token: admin })).body.data!;
    expect(JSON.stringify(edit.published.document)).toContain('{{fee.tuition}}');
    expect(edit.tokens['fee.tuition']).toBe('¥18,800');
    expect(edit.tokens['deadline.EB1']).toBe('2027-01-20');
  });
});
