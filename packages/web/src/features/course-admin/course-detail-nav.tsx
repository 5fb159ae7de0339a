import { NavLink } from 'react-router';
import { COURSE_DETAIL_TABS, COURSE_DETAIL_TAB_LABELS, type CourseDetailTab } from '@summit/domain/api/operations';
import { adminCourseDetailPath, adminTabPath } from '../../lib/paths.ts';

/** The tabs of /admin/course-detail/{id}/{period}/{tab} (students, grades, signs) and the way back to the console. */
export function CourseDetailNav({ courseId, period, current }: { courseId: number; period: number; current: CourseDetailTab }) {
  return (
    <nav className="ca-tabs" aria-label="课程详情">
      <NavLink className="ca-tabs__back" to={`${adminTabPath('courses')}?view=overview`}>
        ← 课程概览
      </NavLink>
      {COURSE_DETAIL_TABS.map((tab) => (
        <NavLink key={tab} to={adminCourseDetailPath(courseId, period, tab)} className={tab === current ? 'ca-tabs__tab ca-tabs__tab--on' : 'ca-tabs__tab'} aria-current={tab === current ? 'page' : undefined}>
          {COURSE_DETAIL_TAB_LABELS[tab]}
        </NavLink>
      ))}
    </nav>
  );
}
