/**
 * Crawler-ready HTML (issue 4 item 7): when the SPA fallback answers a public content path, index.html carries the
 * page's <title>, <meta name="description"> and its main text as plain semantic markup inside #root (React's
 * createRoot replaces it on mount), plus the page JSON in a <script type="application/json"> the web may read to
 * render without a second request. Rendered HTML is cached per slug in this process's memory and dropped on
 * publish (a multi-process deployment sees another process's publish after its own restart, or at most
 * CACHE_TTL_MS later).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_PRELOAD_ELEMENT_ID, SITE_TITLE_PREFIX, contentSlugFromPath, type PageDocument, type PublicPage } from '@summit/domain';
import type { AppContext } from '../../http/context.ts';
import { sanitizeRichText } from './content-sanitiser.ts';

/** Another process's publish shows here at the latest after this long. */
const CACHE_TTL_MS = 60_000;

interface CacheState {
  pages: Map<string, { html: string; at: number; templateMtime: number }>;
  template: { mtime: number; text: string } | null;
}

const caches = new WeakMap<AppContext, CacheState>();

function cacheOf(ctx: AppContext): CacheState {
  let c = caches.get(ctx);
  if (!c) {
    c = { pages: new Map(), template: null };
    caches.set(ctx, c);
  }
  return c;
}

export function invalidateContentHtml(ctx: AppContext, slug?: string): void {
  const c = cacheOf(ctx);
  if (slug === undefined) c.pages.clear();
  else c.pages.delete(slug);
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Rich text as crawler markup: the stored html is already sanitised; the allow-list runs again as a second line. */
function rich(html: string | undefined): string {
  return html ? sanitizeRichText(html) : '';
}

function itemsHtml(items: PageDocument['sections'][number]['items']): string {
  if (!items) return '';
  switch (items.kind) {
    case 'faq':
      return items.entries.map((e) => `<h3>${escapeHtml(e.q)}</h3>${rich(e.a)}`).join('');
    case 'people':
      return `<ul>${items.entries.map((e) => `<li><strong>${escapeHtml(e.name)}</strong> ${escapeHtml(e.title)}${e.bio ? `<p>${escapeHtml(e.bio)}</p>` : ''}</li>`).join('')}</ul>`;
    case 'timeline':
      return `<ul>${items.entries.map((e) => `<li><strong>${escapeHtml(e.date)}</strong> ${escapeHtml(e.label)}${e.note ? ` ${escapeHtml(e.note)}` : ''}</li>`).join('')}</ul>`;
    case 'cards':
      return items.entries.map((e) => `<h3>${escapeHtml(e.title)}</h3>${e.text ? `<p>${escapeHtml(e.text)}</p>` : ''}`).join('');
    case 'stats':
      return `<ul>${items.entries.map((e) => `<li><strong>${escapeHtml(e.value)}</strong> ${escapeHtml(e.label)}</li>`).join('')}</ul>`;
  }
}

/** The page's main text as plain semantic HTML (h1, h2, h3, p, lists). */
export function renderPageMarkup(page: PublicPage): string {
  const { hero, sections } = page.document;
  const parts = [`<h1>${escapeHtml(hero.title)}</h1>`];
  if (hero.subtitle) parts.push(`<p>${escapeHtml(hero.subtitle)}</p>`);
  for (const s of sections) {
    parts.push(`<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.heading)}</h2>${rich(s.html)}${itemsHtml(s.items)}</section>`);
  }
  return `<main data-prerendered="${escapeHtml(page.slug)}" style="max-width:720px;margin:0 auto;padding:16px;line-height:1.7">${parts.join('')}</main>`;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** index.html with the page's title, description and main text. Pure: the template is the built index.html. */
export function injectPage(template: string, page: PublicPage): string {
  const title = escapeHtml(`${SITE_TITLE_PREFIX}${page.title}`);
  const description = escapeHtml(page.description || page.document.hero.subtitle || page.title);
  let html = /<title>[\s\S]*?<\/title>/i.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`)
    : template.replace(/<\/head>/i, () => `<title>${title}</title></head>`);
  const meta = `<meta name="description" content="${description}" />`;
  html = /<meta\s+name="description"[^>]*>/i.test(html)
    ? html.replace(/<meta\s+name="description"[^>]*>/i, () => meta)
    : html.replace(/<\/head>/i, () => `${meta}</head>`);
  const body = renderPageMarkup(page);
  const preload = `<script id="${CONTENT_PRELOAD_ELEMENT_ID}" type="application/json">${scriptJson(page)}</script>`;
  // Replace the boot placeholder (or whatever the template has inside #root, up to its first closing div).
  const root = /<div id="root">(?:<div id="boot">[^<]*<\/div>)?/i;
  if (!root.test(html)) return html;
  return html.replace(root, () => `${preload}<div id="root">${body}`);
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

/**
 * The SPA's index.html for `pathname`, with the content page injected; null when the path is no content page
 * (the caller sends the plain index.html).
 */
export async function contentIndexHtml(
  ctx: AppContext,
  webDist: string,
  pathname: string,
  loadPage: (slug: string) => Promise<PublicPage>,
): Promise<string | null> {
  const slug = contentSlugFromPath(pathname);
  if (slug === undefined) return null;
  const c = cacheOf(ctx);
  const tpl = await template(ctx, webDist);
  const now = Date.now();
  const hit = c.pages.get(slug);
  if (hit && hit.templateMtime === tpl.mtime && now - hit.at < CACHE_TTL_MS) return hit.html;
  const html = injectPage(tpl.text, await loadPage(slug));
  c.pages.set(slug, { html, at: now, templateMtime: tpl.mtime });
  return html;
}
