import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { TEACHING_KEYS, fetchMyCourseAttendance } from './teaching-api.ts';
import { attendanceLabel, formatMeetingTime } from './teaching-format.ts';
import './teaching.css';

/** My attendance in one course (the student's course page): my own sign-in records, GET /api/student/sign/course/{id}. */
export function StudentCourseAttendance({ courseId }: { courseId: number }) {
  const att = useQuery({ queryKey: TEACHING_KEYS.myCourseAttendance(courseId), queryFn: ({ signal }) => fetchMyCourseAttendance(courseId, signal) });
  if (att.isPending) return <LoadingState rows={2} />;
  if (att.isError) return <ErrorState onRetry={() => void att.refetch()} />;
  return (
    <>
      {att.data.length === 0 ? (
        <p className="teach-muted">暂无签到记录。任课教师开启签到后，扫码签到的结果会显示在这里。</p>
      ) : (
        <ul className="teach-list" data-testid="course-attendance">
          {att.data.map((a) => (
            <li key={a.sign_id} className="teach-row">
              <span className="teach-row__main">{formatMeetingTime(a.meeting_starts_at)}</span>
              <span className={`teach-badge teach-badge--${a.status ?? (a.open ? 'open' : 'none')}`}>{a.status ? attendanceLabel(a.status) : a.open ? '签到进行中' : '未签到'}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="teach-muted">
        <Link to={PATHS.calendar}>课程日历与全部出勤</Link>
      </p>
    </>
  );
}
