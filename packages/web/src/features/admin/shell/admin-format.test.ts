import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { permissionsOf } from '@summit/domain/permissions';
import { ADMIN_GROUPS, ADMIN_TABS, adminTabOf, groupAdminTabs, visibleAdminTabs, aidRequestSummary, beijingWallClockToIso, describeChange, describeRelease, formatTime } from './admin-format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('admin display helpers', () => {
  it('picks the tab from the path, defaulting to applications', () => {
    expect(adminTabOf(undefined)).toBe('applications');
    expect(adminTabOf('financial-aid')).toBe('financial-aid');
    expect(adminTabOf('settings')).toBe('settings');
    expect(adminTabOf('nope')).toBe('applications');
  });

  it('shows a type-4 staff member only the operations tabs, and lands them on the first', () => {
    const staff = visibleAdminTabs(permissionsOf({ role: 'teacher', teacherType: 4, isAdmin: false }));
    expect(staff.map((t) => t.label)).toEqual(['学生管理', '成绩', '出勤', '签到', '入学清单', '消息', '学院杯', '工时', '活动', '徽章与荣誉', '论坛审核']);
    // Only the groups holding one of their tabs.
    expect(groupAdminTabs(staff).map((g) => [g.label, g.tabs.map((t) => t.label)])).toEqual([
      ['人员', ['学生管理']],
      ['课程与教学', ['成绩', '出勤', '签到']],
      ['运营', ['入学清单', '消息', '学院杯', '工时']],
      ['社区', ['活动', '徽章与荣誉', '论坛审核']],
    ]);
    expect(adminTabOf(undefined, staff)).toBe('students');
    // A tab their type does not hold, typed into the address bar, shows their first tab instead.
    expect(adminTabOf('applications', staff)).toBe('students');
    expect(adminTabOf('staff', staff)).toBe('students');
    expect(adminTabOf('analytics', staff)).toBe('students');
    expect(adminTabOf('messages', staff)).toBe('messages');
  });

  it('shows an administrator every tab (员工账号 included) and a teacher none', () => {
    expect(visibleAdminTabs(permissionsOf({ role: 'teacher', teacherType: 9, isAdmin: true }))).toEqual([...ADMIN_TABS]);
    expect(ADMIN_TABS).toContainEqual(expect.objectContaining({ key: 'staff', label: '员工账号' }));
    for (const type of [1, 2, 3]) expect(visibleAdminTabs(permissionsOf({ role: 'teacher', teacherType: type, isAdmin: false }))).toEqual([]);
  });

  it('puts every tab in one of the eight groups, in group order', () => {
    expect(ADMIN_GROUPS.map((g) => g.label)).toEqual(['招生', '人员', '课程与教学', '财务', '项目', '网站', '运营', '社区']);
    const grouped = groupAdminTabs(ADMIN_TABS);
    expect(grouped).toHaveLength(8);
    expect(grouped.flatMap((g) => g.tabs)).toEqual([...ADMIN_TABS]);
    expect(new Set(ADMIN_TABS.map((t) => t.key)).size).toBe(ADMIN_TABS.length);
    expect(grouped.find((g) => g.key === 'money')?.tabs.map((t) => t.key)).toEqual(['settings', 'refunds', 'reconciliation']);
  });

  it('shows times in Beijing time', () => {
    expect(formatTime('2026-11-01T16:30:00.000Z')).toBe('2026-11-02 00:30');
    expect(formatTime(null)).toBe('—');
  });

  it('summarises a bulk release with the skip reasons', () => {
    expect(describeRelease({ released: 3, skipped: [] })).toBe('已发布 3 个录取结果');
    expect(
      describeRelease({
        released: 1,
        skipped: [
          { user_id: 7, reason: 'already_released' },
          { user_id: 9, reason: 'not_found' },
        ],
      }),
    ).toBe('已发布 1 个录取结果，跳过 2 个（#7 已发布；#9 申请不存在）');
  });

  it('summarises an aid request and an audit change', () => {
    expect(aidRequestSummary({ family_members: 4, annual_income: '<5万', reason: '父亲失业' })).toBe('家庭人口 4；年收入 5万元以下；父亲失业');
    expect(aidRequestSummary({})).toBe('—');
    expect(aidRequestSummary({ reason: '很'.repeat(60) })).toBe(`${'很'.repeat(40)}…`);
    expect(describeChange(null, { decision: 'offer', place_name: '第一期', professional_track: '理工科学', released_at: null })).toBe('无 → 录取（第一期 · 理工科学） 草稿');
    expect(describeChange({ status: 'pending', granted_fen: 0 }, { status: 'granted', granted_fen: 500_000 })).toBe('待审核 → 已批准 ¥5,000.00');
  });
});

describe('beijingWallClockToIso', () => {
  it('reads the picked wall clock as Beijing time, whatever zone the picker built it in', () => {
    const inLondon = dayjs.tz('2027-01-15 23:59:59', 'Europe/London');
    const inNewYork = dayjs.tz('2027-01-15 23:59:59', 'America/New_York');
    expect(beijingWallClockToIso(inLondon)).toBe('2027-01-15T15:59:59.000Z');
    expect(beijingWallClockToIso(inNewYork)).toBe('2027-01-15T15:59:59.000Z');
  });
});
