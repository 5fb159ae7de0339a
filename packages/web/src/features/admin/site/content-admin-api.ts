/** Requests of the 页面内容 tab (docs/api-contract.md "Content"); the slug travels as ?slug= ('' is home). */
import { adminContentListSchema, adminContentPageSchema, type ContentDraftRequest } from '@summit/domain/content';
import { api } from '../../../lib/api-client.ts';

export const CONTENT_KEYS = {
  list: ['admin', 'content', 'list'] as const,
  page: (slug: string) => ['admin', 'content', 'page', slug] as const,
};

type Signal = { signal?: AbortSignal };

// The api client drops empty query values, and the home page's slug is '': send it literally in the path.
const pageUrl = (path: string, slug: string) => `${path}?slug=${encodeURIComponent(slug)}`;

export const fetchContentList = ({ signal }: Signal = {}) => api.get('/admin/content/pages', { schema: adminContentListSchema, ...(signal ? { signal } : {}) });

export const fetchContentPage = (slug: string, { signal }: Signal = {}) =>
  api.get(pageUrl('/admin/content/page', slug), { schema: adminContentPageSchema, ...(signal ? { signal } : {}) });

export const saveContentDraft = (slug: string, body: ContentDraftRequest) =>
  api.request(pageUrl('/admin/content/page/draft', slug), { method: 'PUT', body, schema: adminContentPageSchema });

export const publishContentDraft = (slug: string) => api.post(pageUrl('/admin/content/page/publish', slug), {}, { schema: adminContentPageSchema });

export const discardContentDraft = (slug: string) => api.request(pageUrl('/admin/content/page/draft', slug), { method: 'DELETE', schema: adminContentPageSchema });
