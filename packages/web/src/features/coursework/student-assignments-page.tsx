import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CW_KEYS, fetchMyCourses } from './coursework-api.ts';
import { StudentCourseAssignments } from './student-course-assignments.tsx';
import './coursework.css';

/** /student/manage/assignments (spec /student/manage/{filter}): every course I take, with its assignments. */
export default function StudentAssignmentsPage() {
  const courses = useQuery({ queryKey: CW_KEYS.myCourses, queryFn: ({ signal }) => fetchMyCourses(signal) });
  return (
    <div className="cw-page">
      <h1>我的作业</h1>
      {courses.isPending ? <LoadingState rows={4} /> : courses.isError ? <ErrorState onRetry={() => void courses.refetch()} /> : null}
      {courses.data?.length === 0 ? <EmptyState description="您还没有已选的课程。" /> : null}
      {courses.data?.map((c) => <StudentCourseAssignments key={c.id} courseId={c.id} showTitle />)}
    </div>
  );
}
