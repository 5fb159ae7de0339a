import { Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { teacherAssignmentDetailPath } from '../../lib/paths.ts';
import { CourseEssays } from './course-essays.tsx';
import { CourseNoticeForm } from './course-notice-form.tsx';
import { CELL_LABELS, formatTime } from './coursework-format.ts';
import { CW_KEYS, fetchParticipation } from './coursework-api.ts';
import { TeacherCourseAssignments } from './teacher-course-assignments.tsx';
import { TeacherCourseGrades } from './teacher-course-grades.tsx';
import { isNoPermission } from './use-coursework.ts';
import './coursework.css';

const CELL_CLASS = { missing: 'cw-tag', submitted: 'cw-tag cw-tag--ok', late: 'cw-tag cw-tag--late', graded: 'cw-tag cw-tag--ok' } as const;

function ParticipationMatrix({ courseId }: { courseId: number }) {
  const data = useQuery({ queryKey: CW_KEYS.participation(courseId), queryFn: ({ signal }) => fetchParticipation(courseId, signal) });
  if (data.isPending) return <LoadingState rows={3} />;
  if (data.isError) return <ErrorState onRetry={() => void data.refetch()} />;
  const p = data.data;
  if (p.assignments.length === 0 || p.students.length === 0) return <EmptyState description={p.students.length === 0 ? '本课程还没有学生。' : '还没有布置作业。'} />;
  return (
    <div className="cw-table-wrap">
      <table className="cw-matrix" aria-label="作业完成情况">
        <thead>
          <tr>
            <th scope="col">学生</th>
            {p.assignments.map((a) => (
              <th scope="col" key={a.id}>
                <Link to={teacherAssignmentDetailPath(a.id)}>{a.title}</Link>
                <div className="cw-muted">{formatTime(a.due_at)}</div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.students.map((s) => (
            <tr key={s.student_id}>
              <th scope="row">{s.student_name || `学生${s.student_id}`}</th>
              {s.cells.map((c) => (
                <td key={c.assignment_id}>
                  <span className={CELL_CLASS[c.state]}>{CELL_LABELS[c.state]}</span>
                  {c.score !== null ? ` ${c.score}` : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /teacher/assignment/participation/{course}/{period?}: the course's assignments (create, edit, delete), who handed
 * in what, the grade book, writing-centre essays and course notices. A course that is not the teacher's shows
 * 无权限访问！ and nothing of it.
 */
export default function ParticipationPage() {
  const params = useParams();
  const courseId = Number(params.courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const head = useQuery({ queryKey: CW_KEYS.participation(courseId), queryFn: ({ signal }) => fetchParticipation(courseId, signal), enabled: valid });
  if (!valid || (head.isError && isNoPermission(head.error)))
    return (
      <div className="cw-page">
        <ForbiddenState title="无权限访问！" detail="这不是您任教的课程。" />
      </div>
    );
  if (head.isPending)
    return (
      <div className="cw-page">
        <LoadingState rows={6} />
      </div>
    );
  if (head.isError)
    return (
      <div className="cw-page">
        <ErrorState onRetry={() => void head.refetch()} />
      </div>
    );
  const c = head.data.course;
  return (
    <div className="cw-page">
      <p className="cw-muted">
        {c.code} · 第{c.period}时段
      </p>
      <h1>{c.title}</h1>
      <Tabs
        items={[
          {
            key: 'assignments',
            label: '作业',
            children: (
              <>
                <TeacherCourseAssignments courseId={courseId} />
                <section className="cw-section" aria-label="完成情况">
                  <h2>完成情况</h2>
                  <ParticipationMatrix courseId={courseId} />
                </section>
              </>
            ),
          },
          { key: 'grades', label: '成绩', children: <TeacherCourseGrades courseId={courseId} /> },
          { key: 'writing', label: '写作中心', children: <CourseEssays courseId={courseId} /> },
          { key: 'notice', label: '课程通知', children: <CourseNoticeForm courseId={courseId} /> },
        ]}
      />
    </div>
  );
}
