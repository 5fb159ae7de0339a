import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { TEACHING_KEYS, fetchTeacherInfo } from './teaching-api.ts';

/** The tabs, every label in Chinese (the teacher area is Chinese throughout). */
export const TEACHING_NAV_LINKS = [
  { to: PATHS.teacher, label: '我的课程' },
  { to: PATHS.teacherCheckinList, label: '签到' },
  { to: PATHS.teacherCoursePreview, label: '课程预览' },
  { to: PATHS.teacherOfficeHour, label: '答疑时间' },
  { to: PATHS.teacherRecommendLetters, label: '推荐信' },
  { to: PATHS.teacherCapstone, label: '毕业项目' },
  { to: PATHS.teacherAcademicResources, label: '学术资源' },
  // Community (decisions 100–103): the ceremonies' cues, missions, the talent show's judging and the forum.
  { to: PATHS.teacherOpening, label: '开幕式' },
  { to: PATHS.teacherMissionX, label: '挑战任务' },
  { to: PATHS.teacherTalentShow, label: '才艺秀' },
  { to: PATHS.teacherForum, label: '论坛' },
];

/** The tab a page belongs to: its own path, or a page under it (a course's pages stay under 我的课程). */
export function isTeachingNavCurrent(to: string, pathname: string): boolean {
  if (pathname === to) return true;
  if (to === PATHS.teacher) return pathname === PATHS.teacherCourses || pathname.startsWith('/teacher/course-detail/') || pathname.startsWith('/teacher/assignment');
  return pathname.startsWith(`${to}/`) || (to === PATHS.admin && pathname.startsWith(`${PATHS.admin}/`));
}

/** The teacher area's tabs, drawn by the app shell under the bar of every teacher page (decision 088). */
export function TeachingNav() {
  const { pathname } = useLocation();
  // Staff (type 4) land here after login: the console is one tap away when they hold any of its permissions.
  const me = useQuery({ queryKey: TEACHING_KEYS.me, queryFn: ({ signal }) => fetchTeacherInfo(signal), staleTime: 60_000 });
  const links = (me.data?.permissions.length ?? 0) > 0 ? [...TEACHING_NAV_LINKS, { to: PATHS.admin, label: '管理后台' }] : TEACHING_NAV_LINKS;
  return (
    <nav className="teach-nav" aria-label="教师中心导航">
      {links.map((l) => (
        <Link key={l.to} to={l.to} aria-current={isTeachingNavCurrent(l.to, pathname) ? 'page' : undefined}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}
