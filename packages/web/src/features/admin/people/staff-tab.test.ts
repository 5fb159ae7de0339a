// Renders 员工账号 with data already in the query cache: a tab that throws while rendering, or a label the browser
// journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { StaffList } from '@summit/domain/api/staff';
import { STAFF_ADMIN_KEYS } from './staff-admin-api.ts';
import StaffTab from './staff-tab.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-07-20T02:00:00.000Z';

describe('员工账号 tab', () => {
  it('lists teachers by type, flag-admins, schools with their school, and the disabled state', () => {
    const list: StaffList = {
      page: 1,
      page_size: 20,
      total: 3,
      items: [
        { id: 3, kind: 'teacher', phone: '13800000005', name: '运营老师', type: 4, is_admin: false, school_id: null, school_name: null, disabled: false, created_at: at, permissions: ['messages.send'] },
        { id: 2, kind: 'teacher', phone: '13800000006', name: '兼任老师', type: 1, is_admin: true, school_id: null, school_name: null, disabled: true, created_at: at, permissions: [] },
        { id: 1, kind: 'school', phone: '13800000010', name: '招生办', type: null, is_admin: false, school_id: 7, school_name: '北京市第四中学', disabled: false, created_at: at, permissions: [] },
      ],
    };
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(STAFF_ADMIN_KEYS.list({ page: 1, page_size: 20 }), list);
    const html = renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(StaffTab))));
    for (const text of ['员工账号', '新建账号', '运营老师', '工作人员', '教师（管理员）', '学校账号 · 北京市第四中学', '已停用', '正常', '重置密码', '2026-07-20 10:00', '共 3 个']) expect(html, text).toContain(text);
    expect(html).toContain('>启用<');
    expect(html).toContain('>停用<');
  });
});
