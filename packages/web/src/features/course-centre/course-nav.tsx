import { NavLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';

/** The course centre's own links: every page one tap from the others. */
export function CourseNav() {
  const links = [
    [PATHS.courseMine, '我的课表'],
    [PATHS.coursePreview, '课程目录'],
    [PATHS.courseWish, '我的志愿'],
    [PATHS.seminar, '研讨课'],
    [PATHS.cornerstone, '基石工作坊'],
    [PATHS.seminarIntro, '选课说明'],
  ] as const;
  return (
    <nav className="cc-nav" aria-label="选课中心">
      {links.map(([to, label]) => (
        <NavLink key={to} to={to} end>
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
