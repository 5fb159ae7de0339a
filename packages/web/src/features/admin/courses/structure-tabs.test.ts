// Renders the programme-structure tabs to HTML with data already in the query cache (as admin-tabs.test.ts does):
// a tab that throws while rendering, or a label the browser journey relies on, fails here without a browser.
import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import AntdRoot from '../../../components/antd/antd-root.tsx';
import type { Course, HouseRecord, Venue } from '@summit/domain/api/courses';
import { STRUCTURE_KEYS } from './structure-api.ts';
import CoursesTab from './courses-tab.tsx';
import HousesTab from './houses-tab.tsx';
import VenuesTab from './venues-tab.tsx';

const at = '2026-11-01T08:00:00.000Z';
const venue: Venue = { id: 1, place_name: 'beijing', name: '北京会场', city: '北京', is_beijing: true, capacity: 300, professional_tracks: ['H-'], session_keys: ['first'], address: '', sort: 1, students: 2, courses: 1, updated_at: at };
const course: Course = {
  id: 9,
  code: 'SEM-101',
  title: '研讨课：城市与记忆',
  teacher_id: 2,
  teacher_name: '王老师',
  category: 'seminar',
  session_key: 'first',
  period: 1,
  venue_id: 1,
  venue_place_name: 'beijing',
  capacity: 20,
  taken: 3,
  language: 'zh',
  description: '',
  syllabus: '',
  published: true,
  meetings: [{ id: 1, starts_at: '2027-07-19T06:00:00.000Z', ends_at: '2027-07-19T07:30:00.000Z', location: '线上研讨室 1' }],
  updated_at: at,
};
const house: HouseRecord = { id: 1, code: 'phoenix', name: '凤凰', english_name: 'Phoenix', colour: '#c0392b', motto: '浴火重生', sort: 1, students: 0 };

function render(component: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(STRUCTURE_KEYS.venues, [venue]);
  client.setQueryData(STRUCTURE_KEYS.teachers, []);
  client.setQueryData([...STRUCTURE_KEYS.courses, {}], [course]);
  client.setQueryData(STRUCTURE_KEYS.houses, [house]);
  return renderToString(createElement(QueryClientProvider, { client }, createElement(AntdRoot, null, createElement(component))));
}

describe('programme structure tabs', () => {
  it('课程: toolbar, filters, seats taken of capacity, the meeting in Beijing time, the venue by name', () => {
    const html = render(CoursesTab);
    for (const text of ['新建课程', '导入 Excel', '导出 Excel', '下载模板', '全部期次', 'SEM-101 研讨课：城市与记忆', '3/20', '2027-07-19 14:00-15:30 @线上研讨室 1', '北京会场', '第一期 · 时段1']) expect(html, text).toContain(text);
  });

  it('会场 and 学院: rows with their flags and counts', () => {
    const venues = render(VenuesTab);
    for (const text of ['新建会场', '北京会场', 'beijing', 'H-', '第一期']) expect(venues, text).toContain(text);
    const houses = render(HousesTab);
    for (const text of ['十二学院', '凤凰', 'Phoenix', '浴火重生']) expect(houses, text).toContain(text);
  });
});
