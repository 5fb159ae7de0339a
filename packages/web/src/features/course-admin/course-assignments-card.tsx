import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import dayjs from 'dayjs';
import { teacherAssignmentRowSchema } from '@summit/domain/api/coursework';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { adminAssignmentDetailPath } from '../../lib/paths.ts';
import { api } from '../../lib/api-client.ts';

const fetchCourseAssignments = (courseId: number, signal?: AbortSignal) =>
  api.get(`/teacher/assignment/course/${courseId}`, { schema: z.array(teacherAssignmentRowSchema), ...(signal ? { signal } : {}) });

/**
 * The admin's 作业 section of the course roster page (decision 052): each assignment with how many handed in and were
 * graded, and the way to /admin/assignment-detail/{id} (who submitted, their work).
 */
export function CourseAssignmentsCard({ courseId }: { courseId: number }) {
  const q = useQuery({ queryKey: ['course-admin', 'assignments', courseId], queryFn: ({ signal }) => fetchCourseAssignments(courseId, signal) });
  return (
    <section className="ca-section" aria-label="课程作业">
      <h2>作业</h2>
      {q.isPending ? (
        <LoadingState rows={2} />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState description="本课程还没有布置作业。" />
      ) : (
        <ul className="ca-list">
          {q.data.map((a) => (
            <li className="ca-card" key={a.id} aria-label={a.title}>
              <strong>{a.title}</strong>
              <span>
                截止 {dayjs(a.due_at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')} · 已提交 {a.submitted}/{a.enrolled} · 已评分 {a.graded}
              </span>
              <Link to={adminAssignmentDetailPath(a.id)}>查看提交</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
