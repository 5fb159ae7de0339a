import { describe, expect, it } from 'vitest';
import { COURSE_MSG, COURSE_SHEET_COLUMNS, courseInputSchema, describeImportError, formatMeetingsCell, parseCourseSheetRow, parseMeetingsCell, venueInputSchema } from './courses.ts';

const cellsOf = (values: Record<string, string>) => Object.fromEntries(COURSE_SHEET_COLUMNS.map((c) => [c.header, values[c.header] ?? '']));

describe('meetings in one cell', () => {
  it('reads Beijing wall-clock times, locations, both separators, and a meeting past midnight', () => {
    const r = parseMeetingsCell('2027-07-18 09:00-10:30 @教室A；2027-07-19 9:00 - 10:30; 2027-07-20 23:00-2027-07-21 01:00 @线上');
    expect(r).toEqual({
      meetings: [
        { starts_at: '2027-07-18T01:00:00.000Z', ends_at: '2027-07-18T02:30:00.000Z', location: '教室A' },
        { starts_at: '2027-07-19T01:00:00.000Z', ends_at: '2027-07-19T02:30:00.000Z', location: '' },
        { starts_at: '2027-07-20T15:00:00.000Z', ends_at: '2027-07-20T17:00:00.000Z', location: '线上' },
      ],
    });
    expect(formatMeetingsCell('meetings' in r ? r.meetings : [])).toBe('2027-07-18 09:00-10:30 @教室A; 2027-07-19 09:00-10:30; 2027-07-20 23:00-2027-07-21 01:00 @线上');
    expect(parseMeetingsCell('')).toEqual({ meetings: [] });
  });

  it.each([
    ['2027-07-18 10:30-09:00', COURSE_MSG.MEETING_ORDER],
    ['2027-02-30 09:00-10:00', COURSE_MSG.MEETING_FORMAT],
    ['2027-07-18 25:00-26:00', COURSE_MSG.MEETING_FORMAT],
    ['明天上午', COURSE_MSG.MEETING_FORMAT],
  ])('refuses %s', (cell, msg) => {
    const r = parseMeetingsCell(cell);
    expect('error' in r && r.error.startsWith(msg)).toBe(true);
  });
});

describe('a sheet row', () => {
  it('takes labels or keys, defaults period, language and published, and names every bad column', () => {
    const ok = parseCourseSheetRow(2, cellsOf({ 课程代码: 'FC-01', 课程名称: '前沿对话', 类别: '前沿对话', 期次: '第一期', 容量: '80', 授课语言: 'en' }));
    expect(ok).toMatchObject({ value: { code: 'FC-01', category: 'fc', session_key: 'first', period: 1, capacity: 80, language: 'en', published: true, venue_place_name: null, teacher_phone: null, meetings: [] } });
    const bad = parseCourseSheetRow(5, cellsOf({ 课程代码: '', 课程名称: 'x', 类别: '讲座', 期次: '第四期', 容量: '0', 发布: '也许' }));
    expect('errors' in bad ? bad.errors.map(describeImportError) : []).toEqual([
      `第5行 课程代码列：${COURSE_MSG.CODE}`,
      `第5行 类别列：${COURSE_MSG.CATEGORY}`,
      `第5行 期次列：${COURSE_MSG.SESSION}`,
      `第5行 容量列：${COURSE_MSG.CAPACITY}`,
      `第5行 发布列：${COURSE_MSG.PUBLISHED}`,
    ]);
  });
});

describe('request schemas', () => {
  it('a course needs a code, a positive capacity and meetings that end after they start', () => {
    const base = { code: 'A1', title: '课', category: 'major', session_key: 'first', capacity: 10 };
    expect(courseInputSchema.safeParse(base).success).toBe(true);
    const issue = (body: unknown) => {
      const r = courseInputSchema.safeParse(body);
      return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
    };
    expect(issue({ ...base, code: '' })).toEqual({ path: 'code', message: COURSE_MSG.CODE });
    expect(issue({ ...base, capacity: 0 })).toEqual({ path: 'capacity', message: COURSE_MSG.CAPACITY });
    expect(issue({ ...base, meetings: [{ starts_at: '2027-07-18T10:00:00+08:00', ends_at: '2027-07-18T09:00:00+08:00' }] })).toEqual({ path: 'meetings.0.ends_at', message: COURSE_MSG.MEETING_ORDER });
  });

  it('a venue stores its sessions once each, in programme order', () => {
    const r = venueInputSchema.parse({ place_name: 'beijing', name: '北京会场', capacity: 1, session_keys: ['third', 'first', 'third'] });
    expect(r.session_keys).toEqual(['first', 'third']);
  });
});
