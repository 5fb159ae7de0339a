/**
 * The server's prerendered page (decision 018): on a content path the HTML already shows the page in
 * `#summit-prerender`, keeps `#root` hidden, and carries the page JSON. The app renders from that JSON and,
 * once it has drawn its first screen, removes the prerender and shows #root in the same frame.
 */
import type { PublicPage } from '@summit/domain/content';
import { CONTENT_PRELOAD_ELEMENT_ID, PRERENDER_ELEMENT_ID, PRERENDER_STYLE_ID } from '@summit/domain/page-markup';

/**
 * Swaps the prerendered page for the app. Idempotent; a page without a prerender is left alone. FAQ answers a
 * visitor opened before the app arrived stay open: the app's markup is the prerender's, so the n-th <details>
 * of one is the n-th of the other.
 */
export function revealApp(doc: Document = document): void {
  const prerender = doc.getElementById(PRERENDER_ELEMENT_ID);
  const root = doc.getElementById('root');
  if (prerender && root) {
    const before = prerender.querySelectorAll('details');
    const after = root.querySelectorAll('details');
    if (before.length === after.length) before.forEach((d, i) => d.open && after[i]?.setAttribute('open', ''));
  }
  prerender?.remove();
  doc.getElementById(PRERENDER_STYLE_ID)?.remove();
}

/**
 * The embedded page JSON when it is the page `slug`, read once: a later visit to the same path within the
 * visit goes through the query cache (and the server) like any other.
 */
export function takePreloadedPage(slug: string, isValid: (value: unknown) => value is PublicPage, doc: Document = document): PublicPage | undefined {
  const element = doc.getElementById(CONTENT_PRELOAD_ELEMENT_ID);
  if (!element) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    element.remove();
    return undefined;
  }
  if (!isValid(value) || value.slug !== slug) return undefined;
  element.remove();
  return value;
}
