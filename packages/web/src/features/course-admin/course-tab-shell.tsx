import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { COURSE_ADMIN_MSG } from '@summit/domain/api/course-admin';
import type { CourseDetailTab, OpsCourseRef } from '@summit/domain/api/operations';
import { SESSION_NAMES } from '@summit/domain/programme-terms';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CourseDetailNav } from './course-detail-nav.tsx';
import './course-admin.css';

/** The course and period of the address; invalid numbers read as a course that does not exist. */
export function useCourseParams(): { courseId: number; period: number; valid: boolean } {
  const params = useParams();
  const courseId = Number(params.courseId);
  const period = Number(params.period);
  return { courseId, period, valid: Number.isInteger(courseId) && courseId > 0 && Number.isInteger(period) && period > 0 };
}

/** Page frame of a course tab: nav, loading / error states, then the course head and the tab's body. */
export function CourseTabShell(props: {
  tab: CourseDetailTab;
  courseId: number;
  period: number;
  valid: boolean;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  course: (OpsCourseRef & { capacity: number; enrolled: number }) | undefined;
  children?: ReactNode;
}) {
  const { tab, courseId, period, valid, query, course } = props;
  let body: ReactNode;
  if (!valid) body = <ErrorState title={COURSE_ADMIN_MSG.COURSE_NOT_FOUND} />;
  else if (query.isPending) body = <LoadingState rows={6} />;
  else if (query.isError || !course) body = <ErrorState detail={query.error instanceof Error ? query.error.message : undefined} onRetry={() => void query.refetch()} />;
  else
    body = (
      <>
        <p className="ca-muted">
          {course.code} · {SESSION_NAMES[course.session_key]} · 时段{course.period} · {course.venue ?? '全部会场'} · {course.teacher_name || '未指定教师'}
        </p>
        <h1>{course.title}</h1>
        <p className="ca-muted">
          已选 {course.enrolled}/{course.capacity} 人
        </p>
        {props.children}
      </>
    );
  return (
    <div className="ca-page">
      {valid ? <CourseDetailNav courseId={courseId} period={period} current={tab} /> : null}
      {body}
    </div>
  );
}
