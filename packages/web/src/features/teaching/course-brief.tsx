import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COURSE_CATEGORY_LABELS, type CourseCategory } from '@summit/domain/course-terms';
import { MSG } from '@summit/domain/messages';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { teacherCourseDetailPath } from '../../lib/paths.ts';
import { TEACHING_KEYS, fetchCourseDetail, isForbidden } from './teaching-api.ts';
import { formatMeetingTime, sessionName } from './teaching-format.ts';

/**
 * One course at a glance for the detail routes by kind (capstone-detail, mc-detail, course-preview/{id},
 * training-courses/{id}): what it is, its description and syllabus, its meetings and how many students, with the way
 * into the full course page (roster, sign-ins, coursework).
 */
export function CourseBrief({ courseId, period }: { courseId: number; period: number }) {
  const q = useQuery({ queryKey: TEACHING_KEYS.course(courseId, period), queryFn: ({ signal }) => fetchCourseDetail(courseId, period, signal), retry: false });
  if (q.isPending) return <LoadingState rows={4} />;
  if (q.isError) return isForbidden(q.error) ? <ForbiddenState title={MSG.NO_PERMISSION} detail="这门课程不在你的任课或助教范围内。" /> : <ErrorState onRetry={() => void q.refetch()} />;
  const c = q.data;
  return (
    <section className="teach-section" aria-label="课程概览">
      <h2>{c.title}</h2>
      <p className="teach-muted">
        {c.code} · {COURSE_CATEGORY_LABELS[c.category as CourseCategory] ?? c.category} · {sessionName(c.session_key)} 第{c.period}时段 · {c.teacher_name} · 学生 {c.roster.length} 人
      </p>
      {c.description ? <p>{c.description}</p> : null}
      {c.syllabus ? (
        <>
          <h3>教学大纲</h3>
          <p className="teach-pre">{c.syllabus}</p>
        </>
      ) : null}
      <h3>课次（{c.meetings.length}）</h3>
      {c.meetings.length === 0 ? (
        <p className="teach-muted">暂无课次安排</p>
      ) : (
        <ul className="teach-list">
          {c.meetings.map((m) => (
            <li key={m.id} className="teach-row">
              <span className="teach-row__main">
                <strong>{formatMeetingTime(m.starts_at, m.ends_at)}</strong>
                <span className="teach-muted">{m.location || '—'}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="teach-actions">
        <Link className="teach-card" to={teacherCourseDetailPath(c.id, c.period)}>
          进入课程：名单、签到、作业与成绩
        </Link>
      </p>
    </section>
  );
}
