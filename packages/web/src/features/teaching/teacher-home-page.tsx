import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import { TEACHER_TYPE, type TeacherCourseBrief } from '@summit/domain/api/teaching';
import { COURSE_CATEGORY_LABELS, type CourseCategory } from '@summit/domain/course-terms';
import { TEACHER_TYPES } from '@summit/domain/roles';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, teacherCourseDetailPath } from '../../lib/paths.ts';
import { logout } from '../../lib/session.ts';
import { TEACHING_KEYS, fetchMyCourses } from './teaching-api.ts';
import { sessionName } from './teaching-format.ts';
import './teaching.css';

/** Teacher types with a house view (decision 050): the CSL of a house, staff and admins. */
const HOUSE_VIEW_TYPES: ReadonlySet<number> = new Set([TEACHER_TYPE.CSL, TEACHER_TYPE.STAFF, TEACHER_TYPE.ADMIN]);

const ACCESS_LABEL = { teacher: '任课', assistant: '助教', admin: '管理' } as const;

/** Groups courses by session, then period, in order. */
function groupCourses(courses: TeacherCourseBrief[]) {
  const groups = new Map<string, { title: string; items: TeacherCourseBrief[] }>();
  for (const c of courses) {
    const key = `${c.session_key}-${c.period}`;
    const g = groups.get(key) ?? { title: `${sessionName(c.session_key)} · 第${c.period}时段`, items: [] };
    g.items.push(c);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** /teacher and /teacher/courses: my courses by session and period (TFs: the courses they assist on). */
export default function TeacherHomePage() {
  const q = useQuery({ queryKey: TEACHING_KEYS.courses, queryFn: ({ signal }) => fetchMyCourses(signal) });
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  let body;
  if (q.isPending) body = <LoadingState rows={4} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.courses.length === 0) body = <EmptyState description="暂无任课或助教课程。课程由教务在后台分配。" />;
  else
    body = groupCourses(q.data.courses).map((g) => (
      <section key={g.title} className="teach-section" aria-label={g.title}>
        <h2>{g.title}</h2>
        <div className="teach-grid">
          {g.items.map((c) => (
            <Link key={c.id} className="teach-card" to={teacherCourseDetailPath(c.id, c.period)}>
              <h3>{c.title}</h3>
              <span className="teach-card__meta">
                <span>{c.code}</span>
                <span>{COURSE_CATEGORY_LABELS[c.category as CourseCategory] ?? c.category}</span>
                <span>{c.teacher_name}</span>
                <span>学生 {c.taken} 人</span>
                <span className="teach-badge">{ACCESS_LABEL[c.access]}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
    ));
  return (
    <div className="teach-page">
      <h1 className="page__title">教师中心</h1>
      {q.data ? <p className="teach-muted">身份：{TEACHER_TYPES[q.data.teacher_type as keyof typeof TEACHER_TYPES] ?? '教师'}</p> : null}
      <div className="teach-actions">
        {q.data && HOUSE_VIEW_TYPES.has(q.data.teacher_type) ? (
          <Button type="primary" onClick={() => void navigate(PATHS.teacherHouse)}>
            学院学生
          </Button>
        ) : null}
        <Button onClick={() => void navigate(PATHS.accountDevices)}>登录设备</Button>
        <Button onClick={() => void navigate(PATHS.accountSecurity)}>两步验证</Button>
        <Button
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void logout(PATHS.login);
          }}
        >
          退出登录
        </Button>
      </div>
      {body}
    </div>
  );
}
