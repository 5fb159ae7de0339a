/**
 * Reads a published content page (GET /api/content/pages?slug=). Plain fetch and a structural check rather than
 * the api client and the domain's zod schema: those would add zod to every info page's first load, and this
 * public read needs none of the client's login or gate handling. The server validated and sanitised the
 * document when it was written.
 */
import type { PageDocument, PublicPage } from '@summit/domain/content';
import { takePreloadedPage } from '../../lib/prerender.ts';

export const SITE_KEYS = { page: (slug: string) => ['site', 'page', slug] as const };

/** The page does not exist (404 envelope): the page shows the not-found state, not an error. */
export class PageNotFoundError extends Error {
  constructor(readonly slug: string) {
    super(`content page not found: ${slug}`);
    this.name = 'PageNotFoundError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Enough of PageDocument's shape for the renderer to run without throwing. */
export function isPageDocument(value: unknown): value is PageDocument {
  if (!isRecord(value) || !isRecord(value.hero) || typeof value.hero.title !== 'string') return false;
  if (!Array.isArray(value.sections)) return false;
  return value.sections.every(
    (s) =>
      isRecord(s) &&
      typeof s.id === 'string' &&
      typeof s.heading === 'string' &&
      (s.html === undefined || typeof s.html === 'string') &&
      (s.items === undefined || (isRecord(s.items) && typeof s.items.kind === 'string' && Array.isArray(s.items.entries))),
  );
}

/** A whole PublicPage (the prerendered page's embedded JSON). */
export function isPublicPage(value: unknown): value is PublicPage {
  return isRecord(value) && typeof value.slug === 'string' && typeof value.title === 'string' && isPageDocument(value.document);
}

/** The `data` of the envelope, or a typed failure: not found, or anything else (network, contract). */
export function readPageEnvelope(slug: string, httpStatus: number, body: unknown): PublicPage {
  const status = isRecord(body) ? body.status : undefined;
  if (httpStatus === 404 || status === 404 || status === '404') throw new PageNotFoundError(slug);
  if (!isRecord(body) || status !== 200 || !isRecord(body.data)) throw new Error(`content page ${slug}: unexpected answer ${httpStatus}`);
  const data = body.data;
  if (typeof data.title !== 'string' || !isPageDocument(data.document)) throw new Error(`content page ${slug}: malformed document`);
  return {
    slug: typeof data.slug === 'string' ? data.slug : slug,
    title: data.title,
    description: typeof data.description === 'string' ? data.description : '',
    document: data.document,
    published_at: typeof data.published_at === 'string' ? data.published_at : '',
  };
}

/** Query options of a content page: fetched, or at first load taken from the prerendered HTML (decision 018). */
export function publicPageQuery(slug: string) {
  return {
    queryKey: SITE_KEYS.page(slug),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchPublicPage(slug, { signal }),
    initialData: () => takePreloadedPage(slug, isPublicPage),
    staleTime: 60_000,
  };
}

export async function fetchPublicPage(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicPage> {
  const response = await fetch(`/api/content/pages?slug=${encodeURIComponent(slug)}`, {
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page: handled below as an unexpected answer.
  }
  return readPageEnvelope(slug, response.status, body);
}
