import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { PATHS } from '../../lib/paths.ts';
import { activeNavKey, admittedProgrammeHub, phoneTabs, studentNavItems, type StudentNavFacts } from './nav-model.ts';
import { shellNavOf } from './shell-nav.ts';

const facts = (f: Partial<StudentNavFacts> = {}): StudentNavFacts => ({ tuitionPaid: false, holdsCourses: false, volunteer: false, programmeHub: null, ...f });
const keys = (f: Partial<StudentNavFacts>) => studentNavItems(facts(f)).map((i) => i.key);

describe('the student navigation (decision 088)', () => {
  it('offers an applicant only 首页 and 消息', () => {
    expect(keys({})).toEqual(['home', 'messages']);
  });

  it('opens the checklist and the course centre with paid tuition, the learning centre and the calendar once she holds a course', () => {
    expect(keys({ tuitionPaid: true })).toEqual(['home', 'checklist', 'courses', 'activities', 'messages']);
    expect(keys({ tuitionPaid: true, holdsCourses: true })).toEqual(['home', 'checklist', 'courses', 'learning', 'calendar', 'activities', 'messages']);
    // Courses without paid tuition cannot happen, and never open a gated page.
    expect(keys({ holdsCourses: true })).toEqual(['home', 'messages']);
  });

  it('adds the portal of another programme she was admitted to', () => {
    const items = studentNavItems(facts({ programmeHub: '/hx-week/pay' }));
    expect(items.map((i) => [i.key, i.to])).toEqual([
      ['home', '/account'],
      ['programme', '/hx-week/pay'],
      ['messages', '/student/messages'],
    ]);
  });

  it('gives volunteers no summer-programme places', () => {
    expect(keys({ volunteer: true, tuitionPaid: true, holdsCourses: true })).toEqual(['home', 'messages']);
  });

  it('labels every tab in Chinese, the phone label inside the full one', () => {
    for (const item of studentNavItems(facts({ tuitionPaid: true, holdsCourses: true, programmeHub: '/deans-list' }))) {
      expect(item.label).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(item.short).toHaveLength(2);
      expect(item.label).toContain(item.short);
    }
  });

  it('keeps the phone tab bar at five, dropping what comes first in the year', () => {
    const all = studentNavItems(facts({ tuitionPaid: true, holdsCourses: true, programmeHub: '/sbp/manage' }));
    expect(all).toHaveLength(8);
    expect(phoneTabs(all).map((i) => i.short)).toEqual(['首页', '选课', '学习', '日历', '消息']);
    const fewer = studentNavItems(facts({ tuitionPaid: true, programmeHub: '/sbp/manage' }));
    expect(phoneTabs(fewer).map((i) => i.key)).toEqual(['home', 'programme', 'courses', 'activities', 'messages']);
  });

  it('lights the tab whose area holds the page', () => {
    const items = studentNavItems(facts({ tuitionPaid: true, holdsCourses: true, programmeHub: '/hx-week/pay' }));
    expect(activeNavKey(items, '/account')).toBe('home');
    expect(activeNavKey(items, '/account/devices')).toBe('home');
    expect(activeNavKey(items, '/calendar')).toBe('calendar');
    expect(activeNavKey(items, '/student/messages')).toBe('messages');
    expect(activeNavKey(items, '/checklist')).toBe('checklist');
    expect(activeNavKey(items, '/scene-form/basic')).toBe('checklist');
    expect(activeNavKey(items, '/student/course')).toBe('courses');
    expect(activeNavKey(items, '/seminar/detail/3')).toBe('courses');
    expect(activeNavKey(items, '/student/manage/cornerstone-workshop')).toBe('courses');
    expect(activeNavKey(items, '/student/card/course')).toBe('courses');
    expect(activeNavKey(items, '/student/card/hub')).toBe('activities');
    expect(activeNavKey(items, '/student/card/opening')).toBe('activities');
    // The learning centre's own course pages live under /student/course/… too: the longer prefix wins.
    expect(activeNavKey(items, '/student/course/detail/4/1')).toBe('learning');
    expect(activeNavKey(items, '/student/manage')).toBe('learning');
    expect(activeNavKey(items, '/student/manage/recommend-letter')).toBe('learning');
    expect(activeNavKey(items, '/hxweek/passport')).toBe('programme');
    expect(activeNavKey(items, '/student/apply')).toBeNull();
    // A place she cannot use yet is never lit.
    expect(activeNavKey(studentNavItems(facts()), '/calendar')).toBeNull();
  });

  it('finds the first admitted programme with a portal', () => {
    const hub = (code: string) => ({ hxweek: '/hx-week/pay', 'deans-list': '/deans-list' })[code] ?? null;
    expect(admittedProgrammeHub([{ code: 'ssi', state: 'admitted' }, { code: 'hxweek', state: 'admitted' }], hub)).toBe('/hx-week/pay');
    expect(admittedProgrammeHub([{ code: 'hxweek', state: 'submitted' }, { code: 'deans-list', state: 'draft' }], hub)).toBeNull();
    expect(admittedProgrammeHub([], hub)).toBeNull();
  });
});

describe('which navigation the shell draws', () => {
  const route = (path: string) => ROUTES.find((r) => r.path === path)!;

  it('gives a logged-in student the tab bar on the default pages, not on sub-pages or the login flow', () => {
    expect(shellNavOf(route(PATHS.calendar), true)).toBe('student');
    expect(shellNavOf(route(PATHS.checklist), true)).toBe('student');
    expect(shellNavOf(route(PATHS.account), true)).toBe('student');
    expect(shellNavOf(route(PATHS.calendar), false)).toBeNull();
    expect(shellNavOf(route(PATHS.accountEdit), true)).toBeNull();
    expect(shellNavOf(route(PATHS.info), true)).toBeNull();
    expect(shellNavOf(route(PATHS.home), true)).toBeNull();
    // The mini-program brings its own tabs; the WeChat browser does not.
    expect(shellNavOf(route(PATHS.calendar), true, true)).toBeNull();
  });

  it('gives every teacher-area page the teacher tabs, except the one-handed roll call', () => {
    const teacherPages = ROUTES.filter((r) => r.topBar === 'teacher');
    expect(teacherPages.length).toBeGreaterThan(20);
    for (const r of teacherPages) {
      const expected = r.path === PATHS.teacherMobileCheckin || r.path === PATHS.adminMobileCheckin ? null : 'staff';
      expect(shellNavOf(r, false), r.path).toBe(expected);
    }
  });

  it('keeps the teacher tabs on a logged-in teacher\'s 我的账户 and 账号安全, not on other default pages', () => {
    expect(shellNavOf(route(PATHS.account), false, false, true)).toBe('staff');
    expect(shellNavOf(route(PATHS.accountSecurity), false, false, true)).toBe('staff');
    expect(shellNavOf(route(PATHS.accountEdit), false, false, true)).toBeNull();
    expect(shellNavOf(route(PATHS.info), false, false, true)).toBeNull();
    expect(shellNavOf(route(PATHS.account), false)).toBeNull();
  });
});
