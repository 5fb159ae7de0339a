/**
 * Prerendered HTML (decisions 013 and 018): when the SPA fallback answers a public content path,
 * index.html carries the page's <title>, <meta name="description"> and the page itself (top bar, document,
 * footer) in the web's own markup beside a hidden #root, plus the page JSON in a <script type="application/json">
 * the web renders from without a second request; the app's scripts load after that first paint. Rendered HTML is cached per slug in this process's memory and dropped on
 * publish in every process (the message bus, decision 038); a process that missed the message serves its copy
 * at most CACHE_TTL_MS longer.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_PRELOAD_ELEMENT_ID, PRERENDER_ELEMENT_ID, PRERENDER_STYLE_ID, SITE_TITLE_PREFIX, contentSlugFromPath, type PageDocument, type PublicPage } from '@summit/domain';
import { escapeMarkup, pageDocumentMarkup } from '@summit/domain/page-markup';
import { siteMapFor } from '@summit/domain/site-map';
import type { AppContext } from '../../http/context.ts';
import { inlineScriptHashes } from '../../http/security-headers.ts';
import { sanitizeRichText } from '../../lib/content-sanitiser.ts';

/** Another process's publish shows here at the latest after this long. */
const CACHE_TTL_MS = 60_000;

interface CacheState {
  pages: Map<string, { html: string; at: number; templateMtime: number }>;
  template: { mtime: number; text: string } | null;
  scriptHashes: { mtime: number; hashes: string[] } | null;
}

const caches = new WeakMap<AppContext, CacheState>();

function cacheOf(ctx: AppContext): CacheState {
  let c = caches.get(ctx);
  if (!c) {
    c = { pages: new Map(), template: null, scriptHashes: null };
    caches.set(ctx, c);
  }
  return c;
}

export function invalidateContentHtml(ctx: AppContext, slug?: string): void {
  const c = cacheOf(ctx);
  if (slug === undefined) c.pages.clear();
  else for (const key of [cacheKey(slug, false), cacheKey(slug, true)]) c.pages.delete(key);
}

/** The AMC variant draws the same page without links to its hidden pages: a cache entry of its own. */
const cacheKey = (slug: string, amc: boolean) => (amc ? `amc:${slug}` : slug);

/** The page with every rich-text field through the allow-list once more (a second line behind sanitise-on-write). */
function resanitised(document: PageDocument): PageDocument {
  return {
    hero: document.hero,
    sections: document.sections.map((s) => ({
      ...s,
      ...(s.html !== undefined ? { html: sanitizeRichText(s.html) } : {}),
      ...(s.items?.kind === 'faq' ? { items: { kind: 'faq' as const, entries: s.items.entries.map((f) => ({ q: f.q, a: sanitizeRichText(f.a) })) } } : {}),
    })),
  };
}

const BRAND_MARK =
  '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#1b365d"></rect>' +
  '<path d="M12 46 L28 20 L36 32 L42 24 L52 46 Z" fill="#f7f4ef"></path><circle cx="46" cy="16" r="4" fill="#c8a45c"></circle></svg>';

/** The web's top bar of the home ('index'), info pages ('inner') and login ('no-user') as a visitor sees it (app/layouts/top-bars.tsx). */
function topBarMarkup(kind: 'index' | 'inner' | 'no-user'): string {
  const brand =
    `<a href="/" class="${kind === 'index' ? 'brand brand--inverted' : 'brand'}" aria-label="Summit 高中生夏季学术项目 首页">${BRAND_MARK}` +
    '<span class="brand__name">Summit</span><span class="brand__full">高中生夏季学术项目</span></a>';
  const center = kind === 'inner' ? '<nav class="topbar__nav" aria-label="主导航"><a href="/" class="topbar__link">首页</a></nav>' : '';
  const right =
    kind === 'inner'
      ? '<nav class="topbar__guest" aria-label="账号"><a href="/login" class="topbar__link">登录</a><a href="/register" class="topbar__link topbar__link--solid">注册</a></nav>'
      : '';
  return (
    `<header class="topbar topbar--${kind} topbar--prerendered"><div class="topbar__inner"><div class="topbar__left">${brand}</div>` +
    `<div class="topbar__center">${center}</div><div class="topbar__right">${right}</div></div></header>`
  );
}

/** The footer's site map (domain site-map.ts), as the web's DefaultFooter draws it. */
function siteMapMarkup(amc: boolean): string {
  const groups = siteMapFor(amc)
    .map(
      (g) =>
        `<div class="footer__group"><p class="footer__group-title">${escapeMarkup(g.title)}</p><ul class="footer__group-links">` +
        `${g.links.map((l) => `<li><a href="${escapeMarkup(l.path)}">${escapeMarkup(l.title)}</a></li>`).join('')}</ul></div>`,
    )
    .join('');
  return `<nav class="footer__map" aria-label="网站导航">${groups}</nav>`;
}

/** The web's default footer (app/layouts/footers.tsx). */
function footerMarkup(year: number, amc: boolean): string {
  return (
    `<footer class="footer"><div class="footer__inner">${siteMapMarkup(amc)}<div class="footer__brand"><strong>Summit 高中生夏季学术项目</strong><span>面向高中生的线上暑期学术课程</span></div>` +
    '<nav class="footer__links" aria-label="页脚"><a href="/agreement">用户协议</a><a href="/privacy">隐私政策</a></nav>' +
    `<div class="footer__copy">© ${year} Summit 高中生夏季学术项目</div></div></footer>`
  );
}

/** The home page's calls to action for a visitor (features/site/home-page.tsx). */
const HOME_ACTIONS =
  '<a href="/register" class="site-button site-button--gold">注册</a><a href="/login" class="site-button site-button--ghost">登录</a>';

/**
 * The page as the web app draws it — top bar, the document (domain pageDocumentMarkup, the same markup as the
 * web's PageDocumentView) and the footer — so the first paint is the real page, styled by the entry CSS.
 */
export function renderPageMarkup(page: PublicPage, now = new Date(), amc = false): string {
  const kind = page.slug === '' ? 'index' : 'inner';
  const doc = pageDocumentMarkup(resanitised(page.document), kind === 'index' ? { heroActionsHtml: HOME_ACTIONS } : {});
  return (
    `<div id="${PRERENDER_ELEMENT_ID}" data-prerendered="${escapeMarkup(page.slug)}"><div class="app app--${kind}">${topBarMarkup(kind)}` +
    `<main class="app__main">${doc}</main>${footerMarkup(beijingYear(now), amc)}</div></div>`
  );
}

function beijingYear(now: Date): number {
  return new Date(now.getTime() + 8 * 3600_000).getUTCFullYear();
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/i;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/gi;

/**
 * Moves the app's scripts behind the first paint: the entry module and its preloads are requested once the
 * browser reports its first contentful paint instead of from the head, so a slow phone paints the prerendered page before it downloads and
 * runs ~110 KB of JavaScript (decision 018). Without a recognisable entry tag the template is left as is.
 */
export function deferAppScripts(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  // After the first contentful paint (a paint observer), or after 1.5 s where that never comes (no paint
  // timing, a tab opened in the background).
  const loader =
    '<script type="module">(function(){var started=false;function start(){if(started)return;started=true;' +
    `${scriptJson(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `import(${scriptJson(entry)})}` +
    'try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)setTimeout(start)}).observe({type:"paint",buffered:true})}catch(e){}' +
    'setTimeout(start,1500)})()</script>';
  return stripped.replace(/<\/body>/i, () => `${loader}</body>`);
}

/**
 * /login's first screen (decision 018): the auth card's header, tabs and input-shaped placeholders in the web's
 * markup (features/auth/login-screen.tsx), so a phone paints the login page before the app's scripts arrive.
 * The form itself is the app's: the placeholders give way to it when the app reveals itself.
 */
export function renderLoginMarkup(): string {
  const bars = Array.from({ length: 4 }, () => '<span class="auth-form-loading__bar"></span>').join('');
  return (
    `<div id="${PRERENDER_ELEMENT_ID}" data-prerendered="login"><div class="app app--no-user">${topBarMarkup('no-user')}<main class="app__main">` +
    '<div class="auth-screen"><section class="auth-card auth-card--login" aria-labelledby="auth-title"><header class="auth-card__header">' +
    '<h1 id="auth-title" class="auth-card__title">欢迎回来</h1><p class="auth-card__subtitle">Summit 高中生夏季学术项目</p></header>' +
    '<nav class="auth-tabs" aria-label="登录方式"><a class="auth-tabs__tab" href="/login" aria-current="page">密码登录</a>' +
    '<a class="auth-tabs__tab" href="/login?mode=sms">验证码登录</a></nav>' +
    `<div class="auth-form-loading" role="status" aria-label="加载中">${bars}</div></section></div></main></div></div>`
  );
}

/**
 * #root with the boot shell index.html carries inside it (a top bar and a page skeleton, decision 031): the
 * whole of it, up to the closing tag before <noscript>/<script>/</body>. A prerendered page replaces it
 * entirely: the page itself is the first paint, and a second, hidden <main> would be one landmark too many.
 */
const ROOT_WITH_BOOT_SHELL = /<div id="root">[\s\S]*?<\/div>(?=\s*(?:<noscript|<script|<\/body>))/i;

/** index.html for /login with its first screen drawn (see renderLoginMarkup). */
export function injectLoginScreen(template: string): string {
  if (!ROOT_WITH_BOOT_SHELL.test(template)) return template;
  const hideRoot = `<style id="${PRERENDER_STYLE_ID}">#root{display:none}</style>`;
  const html = template.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeMarkup(`${SITE_TITLE_PREFIX}登录`)}</title>`);
  return deferAppScripts(html.replace(ROOT_WITH_BOOT_SHELL, () => `${renderLoginMarkup()}${hideRoot}<div id="root"></div>`));
}

/** index.html with the page's title, description and the page itself. Pure: the template is the built index.html. */
export function injectPage(template: string, page: PublicPage, now = new Date(), amc = false): string {
  const title = escapeMarkup(`${SITE_TITLE_PREFIX}${page.title}`);
  const description = escapeMarkup(page.description || page.document.hero.subtitle || page.title);
  let html = /<title>[\s\S]*?<\/title>/i.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : template.replace(/<\/head>/i, () => `<title>${title}</title></head>`);
  const meta = `<meta name="description" content="${description}" />`;
  html = /<meta\s+name="description"[^>]*>/i.test(html)
    ? html.replace(/<meta\s+name="description"[^>]*>/i, () => meta)
    : html.replace(/<\/head>/i, () => `${meta}</head>`);
  if (!ROOT_WITH_BOOT_SHELL.test(html)) return html;
  const preload = `<script id="${CONTENT_PRELOAD_ELEMENT_ID}" type="application/json">${scriptJson(page)}</script>`;
  // #root stays hidden until the app has drawn the same page; the web then removes the prerender (revealApp).
  const hideRoot = `<style id="${PRERENDER_STYLE_ID}">#root{display:none}</style>`;
  return deferAppScripts(html.replace(ROOT_WITH_BOOT_SHELL, () => `${preload}${renderPageMarkup(page, now, amc)}${hideRoot}<div id="root"></div>`));
}

async function template(ctx: AppContext, webDist: string): Promise<{ text: string; mtime: number }> {
  const c = cacheOf(ctx);
  const file = path.join(webDist, 'index.html');
  const mtime = (await stat(file)).mtimeMs;
  if (!c.template || c.template.mtime !== mtime) {
    c.template = { mtime, text: await readFile(file, 'utf8') };
    c.pages.clear();
  }
  return c.template;
}

/** The SPA's index.html for /login with its first screen drawn (cached with the template). */
export async function loginIndexHtml(ctx: AppContext, webDist: string): Promise<string> {
  const c = cacheOf(ctx);
  const tpl = await template(ctx, webDist);
  const hit = c.pages.get(LOGIN_CACHE_KEY);
  if (hit && hit.templateMtime === tpl.mtime) return hit.html;
  const html = injectLoginScreen(tpl.text);
  c.pages.set(LOGIN_CACHE_KEY, { html, at: Date.now(), templateMtime: tpl.mtime });
  return html;
}

/** No content slug contains a space, so the login screen's cache entry cannot collide with a page's. */
const LOGIN_CACHE_KEY = ' login';

/**
 * The SPA's index.html for `pathname`, with the content page injected; null when the path is no content page
 * (the caller sends the plain index.html).
 */
export async function contentIndexHtml(
  ctx: AppContext,
  webDist: string,
  pathname: string,
  loadPage: (slug: string) => Promise<PublicPage>,
  variant: { amc?: boolean } = {},
): Promise<string | null> {
  const slug = contentSlugFromPath(pathname);
  if (slug === undefined) return null;
  const amc = variant.amc ?? false;
  const c = cacheOf(ctx);
  const tpl = await template(ctx, webDist);
  const now = Date.now();
  const key = cacheKey(slug, amc);
  const hit = c.pages.get(key);
  if (hit && hit.templateMtime === tpl.mtime && now - hit.at < CACHE_TTL_MS) return hit.html;
  const html = injectPage(tpl.text, await loadPage(slug), new Date(now), amc);
  c.pages.set(key, { html, at: now, templateMtime: tpl.mtime });
  return html;
}

/**
 * The sha256 sources of the inline scripts a prerendered page carries (the deferred loader of deferAppScripts),
 * for the Content-Security-Policy (decision 033). Computed from the built template alone, never from a page's
 * content, so only the server's own script is allowed.
 */
export async function prerenderScriptHashes(ctx: AppContext, webDist: string): Promise<string[]> {
  const c = cacheOf(ctx);
  const tpl = await template(ctx, webDist);
  if (!c.scriptHashes || c.scriptHashes.mtime !== tpl.mtime) c.scriptHashes = { mtime: tpl.mtime, hashes: inlineScriptHashes(deferAppScripts(tpl.text)) };
  return c.scriptHashes.hashes;
}
