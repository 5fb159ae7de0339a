// Renders 成绩, 出勤, 工时 and 课程概览 with data already in the query cache (decision 065): a view that throws while
// rendering, or a figure the browser journey reads, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import type { OpsCoursePage, OpsGradePage, OpsSignPage } from '@summit/domain/api/operations';
import type { TimeSheetPage } from '@summit/domain/api/time-sheets';
import { OPS_VIEW_KEYS } from './ops-views-api.ts';
import GradesTab from './grades-tab.tsx';
import SignsTab from './signs-tab.tsx';
import TimeSheetsTab from '../operations/time-sheets-tab.tsx';
import { CoursesOverview } from './courses-overview.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

function render(component: ComponentType, seed: (qc: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  seed(client);
  return renderToString(createElement(MemoryRouter, null, createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component)))));
}

const ref = { course_id: 7, code: 'ECO101', title: '经济学原理', period: 2, session_key: 'first' as const, venue: '北京会场', teacher_name: '王老师' };

describe('operations views', () => {
  it('课程概览: rates, the sort control and links to the course tabs', () => {
    const page: OpsCoursePage = { page: 1, page_size: 20, total: 1, items: [{ ...ref, capacity: 4, enrolled: 3, fill_rate: 75, waitlist: 1, closed_signs: 2, attendance_rate: 50, graded: 2, average_grade: 85.3 }] };
    const html = render(CoursesOverview, (qc) => qc.setQueryData(OPS_VIEW_KEYS.courses({ sort: 'code', order: 'asc', page: 1, page_size: 20 }), page));
    for (const text of ['课程概览', 'ECO101 经济学原理', '3/4', '75%', '50%（2 次）', '85.3（2 人）', '/admin/course-detail/7/2/grades', '/admin/course-detail/7/2/signs', '导出 Excel']) expect(html, text).toContain(text);
  });

  it('成绩: the summary distribution and each course linking to its grades tab', () => {
    const page: OpsGradePage = {
      page: 1,
      page_size: 20,
      total: 1,
      totals: { A: 1, B: 0, C: 1, D: 0, F: 0, incomplete: 1 },
      average_grade: 85.3,
      items: [{ ...ref, enrolled: 3, distribution: { A: 1, B: 0, C: 1, D: 0, F: 0, incomplete: 1 }, average_grade: 85.3, publish_at: null }],
    };
    const html = render(GradesTab, (qc) => qc.setQueryData(OPS_VIEW_KEYS.grades({ page: 1, page_size: 20 }), page));
    for (const text of ['成绩分布', 'A 优秀 1', 'C 中等 1', '未完成 1', '85.3', '/admin/course-detail/7/2/grades', '未设置']) expect(html, text).toContain(text);
  });

  it('出勤: totals and a meeting row linking to the course and the sign-in', () => {
    const page: OpsSignPage = {
      group: 'meeting',
      page: 1,
      page_size: 20,
      total: 1,
      totals: { expected: 6, present: 2, late: 1, excused: 1, absent: 2, rate: 50 },
      items: [{ key: '5', course: ref, sign_id: 5, meeting_starts_at: '2026-07-06T02:00:00.000Z', day: '2026-07-06', signs: 1, open: false, expected: 3, present: 1, late: 1, excused: 0, absent: 1, rate: 66.7 }],
    };
    const html = render(SignsTab, (qc) => qc.setQueryData(OPS_VIEW_KEYS.signs({ group: 'meeting', page: 1, page_size: 20 }), page));
    for (const text of ['出勤统计', '按课次', '按日期', '按课程', '66.7%', '2026-07-06 10:00', '/admin/course-detail/7/2/signs', '/admin/checkin/5', '已结束']) expect(html, text).toContain(text);
  });

  it('工时: each person with approved and pending hours and the drawer button', () => {
    const page: TimeSheetPage = { page: 1, page_size: 20, total: 1, items: [{ student_id: 9, name: '志愿者小林', phone: '139****0007', active_type: 4, school: '北京大学', entries: 2, last_work_date: '2026-07-07', approved_hours: 2.5, pending_hours: 1.5, rejected_hours: 0 }] };
    const html = render(TimeSheetsTab, (qc) => qc.setQueryData(OPS_VIEW_KEYS.timeSheetList({ page: 1, page_size: 20 }), page));
    for (const text of ['志愿者小林', '志愿者', '2.5 小时', '1.5 小时', '工时记录', '导出汇总', '导出明细']) expect(html, text).toContain(text);
  });
});
