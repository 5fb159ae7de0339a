/**
 * Rich text of the content store is sanitised on every write (docs/decisions/013-content-store.md): only the
 * editor's tags survive, links keep href (http, https, mailto or site-relative) and get rel="noopener", and the
 * editor's indent is `data-indent="1".."8"` on p, h1, h2 and li. Scripts, event handlers, styles, classes and
 * javascript: URLs are gone.
 */
import sanitizeHtml from 'sanitize-html';
import { CONTENT_ALLOWED_TAGS, CONTENT_INDENT_ATTR, CONTENT_MAX_INDENT, type PageDocument } from '@summit/domain';

const INDENT_VALUES = new Set(Array.from({ length: CONTENT_MAX_INDENT }, (_, i) => String(i + 1)));

/** http(s), mailto, or a site-relative path ('/x', not '//host'), or an in-page '#anchor'. */
export function isSafeHref(href: string): boolean {
  const h = href.trim();
  if (/^https?:\/\/[^\s]+$/i.test(h) || /^mailto:[^\s]+$/i.test(h)) return true;
  return /^\/(?!\/)[^\s\\]*$/.test(h) || /^#[^\s]*$/.test(h);
}

const keepIndent: sanitizeHtml.Transformer = (tagName, attribs) => {
  const value = attribs[CONTENT_INDENT_ATTR];
  const kept: sanitizeHtml.Attributes = {};
  if (value && INDENT_VALUES.has(value)) kept[CONTENT_INDENT_ATTR] = value;
  return { tagName, attribs: kept };
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'], p: [CONTENT_INDENT_ATTR], h1: [CONTENT_INDENT_ATTR], h2: [CONTENT_INDENT_ATTR], li: [CONTENT_INDENT_ATTR] },
  // Also checked by isSafeHref; kept here as a second line.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href;
      const kept: sanitizeHtml.Attributes = {};
      if (href && isSafeHref(href)) Object.assign(kept, { href: href.trim(), rel: 'noopener' });
      return { tagName, attribs: kept };
    },
    p: keepIndent,
    h1: keepIndent,
    h2: keepIndent,
    li: keepIndent,
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The document with every rich-text field (section html, FAQ answers) sanitised. Plain-text fields stay as typed. */
export function sanitizeDocument(doc: PageDocument): PageDocument {
  return {
    hero: { ...doc.hero },
    sections: doc.sections.map((section) => {
      const out: PageDocument['sections'][number] = { id: section.id, heading: section.heading };
      if (section.html !== undefined) out.html = sanitizeRichText(section.html);
      if (section.items) {
        out.items =
          section.items.kind === 'faq'
            ? { kind: 'faq', entries: section.items.entries.map((e) => ({ q: e.q, a: sanitizeRichText(e.a) })) }
            : section.items;
      }
      return out;
    }),
  };
}
