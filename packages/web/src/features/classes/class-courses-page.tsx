import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { ClassCourse } from '@summit/domain/api/classes';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ClassNav } from './class-nav.tsx';
import { ContentBlock } from './content-block.tsx';
import { CLASS_KEYS, fetchOverview } from './classes-api.ts';
import { beijingClock, beijingTime, categoryLabel, classCoursePath, meetingsInOrder, phaseLabel } from './class-format.ts';
import './classes.css';

type View = 'courses' | 'list' | 'capstone';
const TITLES: Record<View, string> = { courses: '我的课程', list: '上课安排', capstone: '毕业项目' };

/**
 * /student/manage/courses (cards by period), /student/manage/list (every meeting in time order) and
 * /student/manage/capstone (the capstone courses, with the programme's capstone page from the content store).
 */
export default function ClassCoursesPage() {
  const path = useLocation().pathname;
  const view: View = path === PATHS.classList ? 'list' : path === PATHS.classCapstone ? 'capstone' : 'courses';
  const query = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  const courses = query.data ? (view === 'capstone' ? query.data.courses.filter((c) => c.category === 'capstone') : query.data.courses) : [];
  return (
    <div className="cls-page">
      <h1>{TITLES[view]}</h1>
      <ClassNav />
      {query.isPending ? (
        <LoadingState rows={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : courses.length === 0 ? (
        <EmptyState description={view === 'capstone' ? '你还没有毕业项目课程。' : '你还没有已选课程。'} />
      ) : view === 'list' ? (
        <MeetingList courses={courses} />
      ) : (
        <CourseCards courses={courses} />
      )}
      {view === 'capstone' ? <ContentBlock slug="academic/capstone" /> : null}
    </div>
  );
}

function CourseCards({ courses }: { courses: ClassCourse[] }) {
  const periods = [...new Set(courses.map((c) => c.period))].sort((a, b) => a - b);
  return (
    <>
      {periods.map((p) => (
        <section key={p} aria-label={`第${p}时段`} className="cls-grid">
          {courses
            .filter((c) => c.period === p)
            .map((c) => (
              <article key={c.id} className="cls-card" aria-label={c.title}>
                <h2>
                  <Link className="cls-card__title" to={classCoursePath(c)}>
                    {c.title}
                  </Link>
                </h2>
                <div className="cls-meta">
                  <span className={`cls-tag cls-tag--${c.phase}`}>{phaseLabel(c)}</span>
                  <span>{categoryLabel(c)}</span>
                  <span>第{c.period}时段</span>
                  <span>{c.teacher_name || '待定'}</span>
                </div>
                {c.meetings[0] ? <div className="cls-meta">首次上课：{beijingTime(c.meetings[0].starts_at)}</div> : null}
                <Link to={classCoursePath(c)}>查看课程</Link>
              </article>
            ))}
        </section>
      ))}
    </>
  );
}

function MeetingList({ courses }: { courses: ClassCourse[] }) {
  const meetings = meetingsInOrder(courses);
  if (meetings.length === 0) return <EmptyState description="暂无上课时间。" />;
  return (
    <ul className="cls-list" aria-label="上课安排">
      {meetings.map((m) => (
        <li key={`${m.course.id}-${m.starts_at}`} className="cls-row">
          <span className="cls-meta">
            {beijingTime(m.starts_at)}–{beijingClock(m.ends_at)}
          </span>
          <span className="cls-row__main">
            <Link to={classCoursePath(m.course)}>{m.course.title}</Link>
          </span>
          <span className="cls-meta">{m.location || '线上'}</span>
        </li>
      ))}
    </ul>
  );
}
