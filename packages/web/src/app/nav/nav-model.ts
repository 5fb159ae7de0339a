import type { ApplicationState } from '@summit/domain/programmes';
import { PATHS } from '../../lib/paths.ts';

/**
 * Which places a logged-in person's lasting navigation offers (decision 088). Pure, so every combination is
 * unit-tested: the components only draw what these return.
 */
export interface NavItem {
  key: 'home' | 'programme' | 'checklist' | 'courses' | 'learning' | 'calendar' | 'activities' | 'messages';
  to: string;
  /** The full name (desktop top bar). */
  label: string;
  /** Two characters for the phone's tab bar. */
  short: string;
}

/** What the student's status says about where they can go (read from /student/status and its neighbours). */
export interface StudentNavFacts {
  /** Summer tuition paid: the checklist and the course centre open (their routes' gate is tuition-paid). */
  tuitionPaid: boolean;
  /** Holds at least one course: the learning centre and the calendar have something to show. */
  holdsCourses: boolean;
  /** Volunteers and trainees (active_type 4, 12) have no summer programme pages. */
  volunteer: boolean;
  /** The portal of another programme she was admitted to (H-week, Dean's List, SBP…), or null. */
  programmeHub: string | null;
}

const HOME: NavItem = { key: 'home', to: PATHS.account, label: '首页', short: '首页' };
const MESSAGES: NavItem = { key: 'messages', to: PATHS.studentMessages, label: '消息', short: '消息' };

/** The student's places, in the order the top bar and the tab bar show them. */
export function studentNavItems(f: StudentNavFacts): NavItem[] {
  const items: NavItem[] = [HOME];
  if (f.programmeHub) items.push({ key: 'programme', to: f.programmeHub, label: '我的项目', short: '项目' });
  if (!f.volunteer && f.tuitionPaid) {
    items.push({ key: 'checklist', to: PATHS.checklist, label: '入学清单', short: '清单' });
    // 我的会场与选课: the venue, the house and the way into the course centre's round when one is open.
    items.push({ key: 'courses', to: PATHS.cardCourse, label: '选课中心', short: '选课' });
    if (f.holdsCourses) {
      items.push({ key: 'learning', to: PATHS.classManage, label: '学习中心', short: '学习' });
      items.push({ key: 'calendar', to: PATHS.calendar, label: '课程日历', short: '日历' });
    }
    // Decision 100: the ceremonies and the community's activities, from the opening ceremony on.
    items.push({ key: 'activities', to: PATHS.cardHub, label: '活动中心', short: '活动' });
  }
  items.push(MESSAGES);
  return items;
}

/** A phone's tab bar holds five at most (as WeChat, Taobao and Alipay do). */
export const PHONE_TAB_LIMIT = 5;

/**
 * The phone's tabs: all when they fit; otherwise what is done first gives way to what comes later: the
 * checklist (finished before classes, and on 首页's card) once the student holds courses, then the programme
 * (also on 首页).
 */
export function phoneTabs(items: readonly NavItem[]): NavItem[] {
  const out = [...items];
  for (const drop of ['checklist', 'programme'] as const) {
    if (out.length <= PHONE_TAB_LIMIT) break;
    const i = out.findIndex((it) => it.key === drop);
    if (i >= 0) out.splice(i, 1);
  }
  // 消息 stays last whatever else gives way.
  return out.length <= PHONE_TAB_LIMIT ? out : [...out.slice(0, PHONE_TAB_LIMIT - 1), out[out.length - 1]!];
}

/** Path prefixes that belong to each place, so a sub-page keeps its tab lit. */
const AREAS: Record<NavItem['key'], readonly string[]> = {
  home: ['/account'],
  programme: ['/hx-week', '/hxweek', '/h-week', '/deans-list', '/sbp', '/programmes', '/student/sbp101'],
  checklist: ['/checklist', '/scene-form', '/student/information', '/student/admission/', '/student/base-health-info', '/student/previous-info'],
  courses: ['/student/course', '/course/', '/seminar', '/student/manage/cornerstone-workshop', '/schedule', '/student/card/course'],
  learning: ['/student/manage', '/student/course/detail', '/student/course/capstone-report', '/student/course/mc-detail', '/student/small-class', '/student/session-end', '/student/certificate'],
  calendar: ['/calendar', '/student/checkin'],
  activities: ['/student/card/hub', '/student/card/opening', '/student/card/ending', '/student/card/sbp', '/student/card/land', '/student/card/haa', '/student/card/coop', '/student/card/mission-x', '/student/card/talent-show', '/student/card/forum', '/student/card/honor', '/student/talent-show', '/student/brain-olympics'],
  messages: ['/student/messages'],
};

function within(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The item whose area holds the page (the longest matching prefix wins), or null. */
export function activeNavKey(items: readonly NavItem[], pathname: string): NavItem['key'] | null {
  let best: NavItem['key'] | null = null;
  let bestLength = -1;
  for (const item of items) {
    for (const prefix of AREAS[item.key]) {
      if (within(pathname, prefix) && prefix.length > bestLength) {
        best = item.key;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/** Programme rows as /student/programmes answers them. */
export interface ProgrammeRow {
  code: string;
  state: ApplicationState;
}

/**
 * The programme a student is actually doing when the summer programme is untouched: the first one she was
 * admitted to that has a portal. `hubOf` maps a code to its portal (null when the programme has none).
 */
export function admittedProgrammeHub(rows: readonly ProgrammeRow[], hubOf: (code: string) => string | null): string | null {
  for (const row of rows) {
    if (row.state !== 'admitted') continue;
    const hub = hubOf(row.code);
    if (hub) return hub;
  }
  return null;
}
