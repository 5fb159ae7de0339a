import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { EmptyState } from '../../components/page-state.tsx';
import { checkinPath } from '../../lib/paths.ts';
import { ROSTER_KEYS, fetchCourseSigns } from './course-admin-api.ts';
import { CourseTabShell, useCourseParams } from './course-tab-shell.tsx';

const rate = (v: number | null) => (v === null ? '—' : `${v}%`);
const STATE_LABEL = { none: '未开启签到', open: '签到中', closed: '已结束' } as const;

/** /admin/course-detail/{id}/{period}/signs: attendance per meeting and each student's rate over closed sign-ins. */
export default function CourseSignsPage() {
  const { courseId, period, valid } = useCourseParams();
  const q = useQuery({ queryKey: ROSTER_KEYS.signs(courseId, period), queryFn: ({ signal }) => fetchCourseSigns(courseId, period, signal), enabled: valid });
  const data = q.data;
  return (
    <CourseTabShell tab="signs" courseId={courseId} period={period} valid={valid} query={q} course={data?.course}>
      {data ? (
        <>
          <p className="ca-muted">
            出勤率 <strong data-testid="course-attendance-rate">{rate(data.attendance_rate)}</strong>（已结束签到中出勤与迟到的人次；签到结束后仍无记录计为缺勤）
          </p>
          <section className="ca-section" aria-label="每次课">
            <h2>每次课（{data.meetings.length}）</h2>
            {data.meetings.length === 0 ? (
              <EmptyState description="这门课还没有排课" />
            ) : (
              <ul className="ca-list">
                {data.meetings.map((m) => (
                  <li className="ca-card" key={m.meeting_id} aria-label={dayjs(m.starts_at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')}>
                    <div>
                      <h3>
                        {dayjs(m.starts_at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')} {m.location}
                      </h3>
                      <span className="ca-facts">
                        <span className="ca-tag">{STATE_LABEL[m.state]}</span>
                        {m.state === 'none' ? null : (
                          <>
                            <span>出勤 {m.present}</span>
                            <span>迟到 {m.late}</span>
                            <span>请假 {m.excused}</span>
                            <span>缺勤 {m.absent}</span>
                            <span>出勤率 {rate(m.rate)}</span>
                          </>
                        )}
                      </span>
                    </div>
                    {m.sign_id ? <Link to={checkinPath('admin', m.sign_id)}>签到详情</Link> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="ca-section" aria-label="学生出勤">
            <h2>学生出勤（{data.students.length}）</h2>
            {data.students.length === 0 ? (
              <EmptyState description="还没有学生选这门课" />
            ) : (
              <ul className="ca-list">
                {data.students.map((s) => (
                  <li className="ca-card" key={s.student_id} aria-label={s.name}>
                    <div>
                      <h3>{s.name}</h3>
                      <span className="ca-facts">
                        <span>{s.phone}</span>
                        <span>出勤 {s.present}</span>
                        <span>迟到 {s.late}</span>
                        <span>请假 {s.excused}</span>
                        <span>缺勤 {s.absent}</span>
                      </span>
                    </div>
                    <strong>{rate(s.rate)}</strong>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </CourseTabShell>
  );
}
