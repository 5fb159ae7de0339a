/**
 * A content page as an HTML string, element for element what the web's `PageDocumentView` renders (same tags,
 * classes, ids and attribute order), so the server can put the real page into the first HTML it sends and the
 * browser paints it before any script runs (decision 018). A web unit test renders both and compares them.
 *
 * Zod-free and dependency-free: the api imports it for the prerender, the web for nothing but that test.
 * Rich text (`section.html`, FAQ answers) goes in verbatim: the caller passes a document whose HTML was
 * sanitised on write (decision 013) — the api sanitises once more before calling.
 */
import type { PageDocument, PageSection } from './content.ts';

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser); the api's one HTML escaper. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&#x27;';
    }
  });
}

/**
 * The HTML of a content path (the api's SPA fallback) carries the page JSON (a PublicPage) in
 * `<script id="summit-content" type="application/json">`, so the web renders the page without waiting for
 * GET /api/content/pages; the drawn page in `#summit-prerender`; and `<style id="summit-prerender-style">`
 * hiding #root until the app has drawn the same page and removes both.
 */
export const CONTENT_PRELOAD_ELEMENT_ID = 'summit-content';
export const PRERENDER_ELEMENT_ID = 'summit-prerender';
export const PRERENDER_STYLE_ID = 'summit-prerender-style';

const e = escapeMarkup;

/** Avatar letters: a Chinese name shows its surname, a Latin name its initials. */
export function initialsOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '·';
  if (/^[\p{Script=Han}]/u.test(trimmed)) return Array.from(trimmed)[0] ?? '·';
  const letters = trimmed
    .split(/\s+/)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return letters.slice(0, 2) || '·';
}

const richText = (html: string) => `<div class="rich-text">${html}</div>`;

function itemsMarkup(items: NonNullable<PageSection['items']>): string {
  switch (items.kind) {
    case 'faq':
      return `<div class="doc-faq">${items.entries
        .map((entry) => `<details class="doc-faq__item"><summary class="doc-faq__q">${e(entry.q)}</summary>${richText(entry.a)}</details>`)
        .join('')}</div>`;
    case 'people':
      return `<ul class="doc-people">${items.entries
        .map(
          (p) =>
            `<li class="doc-person"><span class="doc-person__avatar" aria-hidden="true">${e(p.initials || initialsOf(p.name))}</span>` +
            `<div class="doc-person__text"><p class="doc-person__name">${e(p.name)}</p><p class="doc-person__title">${e(p.title)}</p>` +
            `<p class="doc-person__bio">${e(p.bio ?? '')}</p></div></li>`,
        )
        .join('')}</ul>`;
    case 'timeline':
      return `<ol class="doc-timeline">${items.entries
        .map(
          (t) =>
            `<li class="doc-timeline__item"><span class="doc-timeline__date">${e(t.date)}</span><span class="doc-timeline__label">${e(t.label)}</span>` +
            `${t.note ? `<span class="doc-timeline__note">${e(t.note)}</span>` : ''}</li>`,
        )
        .join('')}</ol>`;
    case 'cards':
      return `<ul class="doc-cards">${items.entries
        .map(
          (c) =>
            `<li class="doc-card">${c.tag ? `<span class="doc-card__tag">${e(c.tag)}</span>` : ''}<h3 class="doc-card__title">${e(c.title)}</h3>` +
            `<p class="doc-card__text">${e(c.text ?? '')}</p></li>`,
        )
        .join('')}</ul>`;
    case 'stats':
      return `<dl class="doc-stats">${items.entries
        .map((s) => `<div class="doc-stat"><dt class="doc-stat__label">${e(s.label)}</dt><dd class="doc-stat__value">${e(s.value)}</dd></div>`)
        .join('')}</dl>`;
  }
}

function sectionMarkup(section: PageSection): string {
  return (
    `<section id="${e(section.id)}" class="doc-section" aria-labelledby="${e(`${section.id}-heading`)}">` +
    `<h2 id="${e(`${section.id}-heading`)}" class="doc-section__heading">${e(section.heading)}</h2>` +
    `${section.html ? richText(section.html) : ''}${section.items ? itemsMarkup(section.items) : ''}</section>`
  );
}

/**
 * `<article class="doc">…</article>` for a document. `heroActionsHtml` and `footerHtml` are trusted markup
 * (built by the caller from constants), placed where PageDocumentView puts its `heroActions` and `footer`.
 */
export function pageDocumentMarkup(document: PageDocument, options: { heroActionsHtml?: string; footerHtml?: string } = {}): string {
  const toc = document.sections.length >= 3 ? document.sections : [];
  const hero =
    `<header class="doc-hero"><div class="doc-hero__inner"><h1 class="doc-hero__title">${e(document.hero.title)}</h1>` +
    `${document.hero.subtitle ? `<p class="doc-hero__subtitle">${e(document.hero.subtitle)}</p>` : ''}` +
    `${options.heroActionsHtml ? `<div class="doc-hero__actions">${options.heroActionsHtml}</div>` : ''}</div></header>`;
  const tocHtml =
    toc.length > 0
      ? `<nav class="doc-toc" aria-label="本页目录">${toc.map((s) => `<a href="#${e(s.id)}" class="doc-toc__link">${e(s.heading)}</a>`).join('')}</nav>`
      : '';
  return `<article class="doc">${hero}<div class="doc-body">${tocHtml}${document.sections.map(sectionMarkup).join('')}${options.footerHtml ?? ''}</div></article>`;
}
