// Renders the 页面内容 tab and its editor to HTML with data already in the query cache (no browser).
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { AdminContentList } from '@summit/domain/content';
import { CONTENT_KEYS } from './content-admin-api.ts';
import ContentTab from './content-tab.tsx';
import { ADMIN_TABS, adminTabOf } from '../shell/admin-format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

function render(component: ComponentType, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component))));
}

const at = '2026-11-01T08:00:00.000Z';

describe('页面内容 tab', () => {
  it('is a tab of /admin/content', () => {
    expect(ADMIN_TABS.find((t) => t.key === 'content')?.label).toBe('页面内容');
    expect(adminTabOf('content')).toBe('content');
  });

  it('lists each page with its path, published time, draft and AMC tags', () => {
    const list: AdminContentList = {
      pages: [
        { slug: 'faq', path: '/faq', title: '常见问题解答', nav_title: '常见问题', amc_hidden: false, published_at: at, has_draft: true, draft_updated_at: at },
        { slug: 'instructions/tuition', path: '/instructions/tuition', title: '学费与资助政策', nav_title: '学费与资助', amc_hidden: true, published_at: at, has_draft: false, draft_updated_at: null },
      ],
    };
    const html = render(ContentTab, (qc) => qc.setQueryData(CONTENT_KEYS.list, list));
    for (const text of ['常见问题', '常见问题解答', '/faq', '/instructions/tuition', '2026-11-01 16:00', '有草稿', '已发布', 'AMC 隐藏', '编辑']) expect(html, text).toContain(text);
  });
});
