import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { CHECKIN_DEFAULT_LATE_MINUTES } from '@summit/domain/api/teaching';
import { MSG } from '@summit/domain/messages';
import { ErrorState, EmptyState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, checkinPath, checkinQrPath, participationPath } from '../../lib/paths.ts';
import { CourseRoster } from './course-roster.tsx';
import { TEACHING_KEYS, fetchCourseDetail, isForbidden, openSign } from './teaching-api.ts';
import { formatMeetingTime, sessionName } from './teaching-format.ts';
import './teaching.css';

const ACCESS_LABEL = { teacher: '任课教师', assistant: '助教（TF）', admin: '管理' } as const;

/**
 * /teacher/course-detail/{course}/{period}: roster, meetings (open a sign-in), attendance; the coursework module's
 * assignments, grades and notice come in through `coursework` (composed in app/, features do not import features).
 */
export default function CourseDetailPage({ coursework }: { coursework?: (courseId: number) => ReactNode }) {
  const params = useParams();
  const courseId = Number(params.course);
  const period = Number(params.period);
  const valid = Number.isInteger(courseId) && courseId > 0 && Number.isInteger(period) && period > 0;
  const navigate = useNavigate();
  const client = useQueryClient();
  // The minute after the meeting's start from which a scan counts as 迟到 (the API accepts 0–240).
  const [lateMinutes, setLateMinutes] = useState<number>(CHECKIN_DEFAULT_LATE_MINUTES);
  const q = useQuery({ queryKey: TEACHING_KEYS.course(courseId, period), queryFn: ({ signal }) => fetchCourseDetail(courseId, period, signal), enabled: valid, retry: false });
  const open = useMutation({
    mutationFn: (meetingId: number) => openSign(meetingId, lateMinutes),
    onSuccess: (sign) => {
      void client.invalidateQueries({ queryKey: TEACHING_KEYS.all });
      void navigate(checkinQrPath('teacher', sign.id));
    },
  });

  let body;
  if (!valid) body = <EmptyState description="课程不存在" />;
  else if (q.isPending) body = <LoadingState rows={6} />;
  else if (q.isError) body = isForbidden(q.error) ? <ForbiddenState title={MSG.NO_PERMISSION} detail="这门课程不在你的任课或助教范围内。" /> : <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const c = q.data;
    body = (
      <>
        <header>
          <h1 className="page__title">{c.title}</h1>
          <p className="teach-muted">
            {c.code} · {sessionName(c.session_key)} 第{c.period}时段 · {c.teacher_name} · 我的身份：{ACCESS_LABEL[c.access]}
            {c.assistants.length > 0 ? ` · 助教：${c.assistants.map((a) => a.name).join('、')}` : ''}
          </p>
        </header>
        <section className="teach-section" aria-label="课次与签到">
          <h2>课次与签到</h2>
          <p className="teach-muted teach-late">
            <label htmlFor="late-minutes">开课后</label>{' '}
            <InputNumber
              id="late-minutes"
              aria-label="迟到判定分钟数"
              min={0}
              max={240}
              precision={0}
              value={lateMinutes}
              onChange={(v) => setLateMinutes(typeof v === 'number' ? v : CHECKIN_DEFAULT_LATE_MINUTES)}
            />{' '}
            分钟起扫码记为迟到（开启签到时生效）
          </p>
          {c.meetings.length === 0 ? (
            <EmptyState description="暂无课次安排" />
          ) : (
            <ul className="teach-list">
              {c.meetings.map((m) => (
                <li key={m.id} className="teach-row">
                  <span className="teach-row__main">
                    <strong>{formatMeetingTime(m.starts_at, m.ends_at)}</strong>
                    <span className="teach-muted">{m.location || '—'}</span>
                  </span>
                  <span className="teach-actions">
                    <Button type="primary" loading={open.isPending && open.variables === m.id} onClick={() => open.mutate(m.id)}>
                      {m.sign_id ? '重新开启签到' : '开启签到'}
                    </Button>
                    {m.sign_id ? <Button onClick={() => void navigate(checkinPath('teacher', m.sign_id!))}>签到详情</Button> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="teach-section" aria-label="学生名单与出勤">
          <h2>学生名单与出勤（{c.roster.length} 人，已结束签到 {c.signs_closed} 次）</h2>
          {c.roster.length === 0 ? (
            <EmptyState description="暂无学生选课" />
          ) : (
            <CourseRoster roster={c.roster} />
          )}
        </section>
        <section className="teach-section" aria-label="作业与成绩" data-slot="assignments-grades">
          <h2>作业与成绩</h2>
          {coursework?.(c.id)}
        </section>
        <nav className="teach-section teach-links" aria-label="更多课程事务">
          <h2>更多</h2>
          <span className="teach-actions">
            <Link to={`${PATHS.teacherOfficeHour}?course=${c.id}`}>答疑时间与课程评价</Link>
            <Link to={participationPath(c.id, c.period)}>课堂参与</Link>
            <Link to={PATHS.teacherRecommendLetters}>推荐信</Link>
          </span>
        </nav>
      </>
    );
  }
  return (
    <div className="teach-page">
      {body}
    </div>
  );
}
