// Renders the 其他项目 views to HTML with data already in the query cache: a view that throws while rendering, or
// a label the browser journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { TeacherInfo } from '@summit/domain/api/profile';
import type { AdminProgrammeApplication, AdminProgrammeRow } from '@summit/domain/api/programmes';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import { ADMIN_KEYS } from '../shell/admin-api.ts';
import { PROGRAMME_KEYS } from './programmes-api.ts';
import ProgrammesTab from './programmes-tab.tsx';
import { ProgrammeApplicationBody } from './programmes-drawer.tsx';
import { ProgrammeEditor } from './programmes-editor.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

const at = '2026-11-01T08:00:00.000Z';

function render(element: ReactElement, seed: (qc: QueryClient) => void, url = '/admin/programmes') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(MemoryRouter, { initialEntries: [url] }, createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, element))));
}

const admin = { permissions: ['programmes.manage', 'programmes.review', 'programmes.documents', 'students.reveal_id'] } as unknown as TeacherInfo;

describe('其他项目', () => {
  it('the list: name, code, status, applicant role, counts and 新建项目 for a manager', () => {
    const rows: AdminProgrammeRow[] = [{ code: 'hxweek', name: 'H-week / X-week', status: 'open', applicant_role: 'student', counts: { draft: 2, submitted: 3, admitted: 1, rejected: 0, waitlisted: 4 }, updated_at: at }];
    const html = render(createElement(ProgrammesTab), (qc) => {
      qc.setQueryData(ADMIN_KEYS.teacher, admin);
      qc.setQueryData(PROGRAMME_KEYS.list, rows);
    });
    for (const text of ['新建项目', 'H-week / X-week', 'hxweek', '开放申请', '学生', '填写中 2', '已提交 3', '候补 4', '编辑']) expect(html, text).toContain(text);
  });

  it('a reviewer without programmes.manage gets neither 新建项目 nor 编辑', () => {
    const html = render(createElement(ProgrammesTab), (qc) => {
      qc.setQueryData(ADMIN_KEYS.teacher, { permissions: ['programmes.review'] });
      qc.setQueryData(PROGRAMME_KEYS.list, []);
    });
    expect(html).not.toContain('新建项目');
    expect(html).toContain('还没有项目');
  });

  it('the editor for a new programme has every section', () => {
    const html = render(createElement(ProgrammeEditor, { programme: null, onSaved: () => undefined, onCancel: () => undefined }), () => undefined);
    for (const text of ['项目代码', '项目名称', '申请资格', '志愿实习生 12', '仅限前批I、提前批II的同学申请', '申请表', '第 1 步', '第 1 题', '添加题目', '添加步骤', '申请费（元）', '定金 + 尾款', '录取后须提交护照', '添加录取类型', '项目介绍', '添加周内容', '创建项目']) expect(html, text).toContain(text);
  });

  it('the drawer: answers by step, masked passport with 查看完整号码, visa 通过 and 退回, the decision with offer types', () => {
    const d: AdminProgrammeApplication = {
      id: 5,
      account_id: 9,
      name: '王小红',
      phone: '138****0009',
      state: 'submitted',
      submitted_at: at,
      decision: null,
      paid_fen: 0,
      fully_paid: false,
      visa_status: 'submitted',
      steps: [{ key: 'basics', title: '基本信息', submitted: true, answers: [{ key: 'why', label: '申请理由', type: 'textarea', value: '热爱科学' }, { key: 'letter', label: '同意书', type: 'upload', value: [{ url: '/api/files/x', name: '同意书.pdf' }] }] }],
      passport: { number_masked: 'E1*****78', name: 'WANG XIAOHONG', expires_on: '2030-01-01', scan: null, updated_at: at },
      visa: { status: 'submitted', files: [{ url: '/api/files/v', name: '签证.pdf' }], note: '', review_note: '', reviewed_at: null },
      duration_key: null,
    };
    const html = render(createElement(ProgrammeApplicationBody, { code: 'hxweek', d, offerTypes: [{ key: 'hweek', label: 'H-week' }], permissions: admin.permissions }), () => undefined);
    for (const text of ['王小红', '审核中', '基本信息', '申请理由', '热爱科学', '同意书.pdf', 'E1*****78', '查看完整号码', '签证.pdf', '通过', '退回', '录取类型', '候补', '保存草稿']) expect(html, text).toContain(text);
  });
});
