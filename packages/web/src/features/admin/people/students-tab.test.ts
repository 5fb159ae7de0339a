// Renders 学生管理 and the student page with data already in the query cache: a page that throws while rendering,
// or a label the browser journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { AdminStudentDetail, AdminStudentItem, AdminStudentList } from '@summit/domain/api/students';
import { STUDENT_ADMIN_KEYS } from './students-admin-api.ts';
import StudentsTab from './students-tab.tsx';
import StudentPage from './student-page.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-07-20T02:00:00.000Z';
const item: AdminStudentItem = {
  user_id: 7,
  name: '张小明',
  phone: '138****0001',
  school: '北京市第四中学',
  province: '北京市',
  grade: 'G11',
  batch: 'EB1',
  stage: 'offer',
  signup_status: 'applied',
  decision: 'offer',
  decision_released: true,
  session: '第一期',
  venue: '北京会场',
  house: '青龙',
  active_type: 1,
  tags: ['重点关注'],
  tuition_paid: false,
  tuition_paid_at: null,
  registered_at: at,
};

function render(component: ComponentType, path: string, route: string, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  const routes = createElement(Routes, null, createElement(Route, { path: route, element: createElement(component) }));
  return renderToString(createElement(MemoryRouter, { initialEntries: [path] }, createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, routes))));
}

describe('学生管理', () => {
  it('shows the search, filters, bulk actions and the rows, phone masked', () => {
    const list: AdminStudentList = { items: [item], total: 1, page: 1, page_size: 20 };
    const html = render(StudentsTab, '/admin/students', '/admin/:tab', (qc) => {
      qc.setQueryData(STUDENT_ADMIN_KEYS.list({ filter: {}, sort: 'registered_at', order: 'desc', page: 1, page_size: 20 }), list);
    });
    for (const text of ['搜索学生', '进度', '身份类型', '加标签', '移除标签', '发消息', '导出 Excel', '保存为分组', '张小明', '138****0001', '已录取', '北京会场 · 青龙', '重点关注', '当前筛选的 1 名学生']) {
      expect(html, text).toContain(text);
    }
  });

  it('the student page: header, edit form, timeline, and no unmasked phone', () => {
    const detail: AdminStudentDetail = {
      ...item,
      gender: 1,
      school_id: 3,
      email: null,
      admin_note: '家长来电',
      guardian_consent_at: at,
      timeline: [
        { at, kind: 'registered', text: '注册账号' },
        { at, kind: 'order_paid', text: '支付成功：申请费 ¥300.00' },
      ],
    };
    const html = render(StudentPage, '/admin/student/7', '/admin/student/:userId', (qc) => qc.setQueryData(STUDENT_ADMIN_KEYS.detail(7), detail));
    for (const text of ['学生详情', '张小明', '138****0001', '修改资料', '保存', '时间线', '注册账号', '支付成功：申请费 ¥300.00', '返回学生管理']) expect(html, text).toContain(text);
    expect(html).not.toMatch(/138\d{8}/);
  });
});
