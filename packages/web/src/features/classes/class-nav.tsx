import { NavLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';

const LINKS = [
  { to: PATHS.classManage, label: '学习中心', end: true },
  { to: PATHS.classCourses, label: '我的课程' },
  { to: PATHS.classList, label: '上课安排' },
  { to: PATHS.classCapstone, label: '毕业项目' },
  { to: PATHS.classResources, label: '学术资源' },
  { to: PATHS.classHbr, label: 'HBR 案例' },
  { to: PATHS.classRecommendLetter, label: '推荐信' },
  { to: PATHS.certificatePost, label: '证书' },
  { to: PATHS.sessionEnd, label: '结营' },
];

export function ClassNav() {
  return (
    <nav className="cls-nav" aria-label="学习中心">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end ?? false}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
