import { useState, type ReactNode } from 'react';
import { Button, Input } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { CLASSES_LIMITS, FEEDBACK_DIMENSIONS, FEEDBACK_DIMENSION_LABELS, type ClassCourseDetail, type FeedbackDimension } from '@summit/domain/api/classes';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { ClassNav } from './class-nav.tsx';
import { ContentBlock } from './content-block.tsx';
import { CLASS_KEYS, bookSlot, cancelSlot, fetchClassCourse, fetchOverview, fetchSmallClass, sendFeedback } from './classes-api.ts';
import { beijingClock, beijingTime, categoryLabel, letterStatusLabel, phaseLabel } from './class-format.ts';
import './classes.css';

/**
 * One of my courses: /student/manage/course-detail/{course}/{period}, /student/course/detail/{id}/{period?},
 * /student/course/mc-detail/{id}, /student/course/capstone-report/{id} and /student/small-class/{name}.
 * Meetings, office hours (book/cancel), feedback after the last meeting, the letter's status. Attendance and
 * assignments come from the teaching and coursework modules through `embeds` (composed in app/).
 */
export interface ClassCourseEmbeds {
  attendance?: (courseId: number) => ReactNode;
  assignments?: (courseId: number) => ReactNode;
}

export default function ClassCoursePage({ embeds = {} }: { embeds?: ClassCourseEmbeds }) {
  const params = useParams();
  const path = useLocation().pathname;
  const name = params.name;
  const id = Number(params.course ?? params.id);
  const explicitPeriod = params.period ? Number(params.period) : null;
  // Without a period in the address (mc-detail, capstone-report, detail/{id}), the period is the course's own.
  const overview = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal), enabled: !name && explicitPeriod === null });
  const period = explicitPeriod ?? overview.data?.courses.find((c) => c.id === id)?.period ?? null;
  const missing = !name && explicitPeriod === null && overview.isSuccess && period === null;
  const query = useQuery({
    queryKey: name ? CLASS_KEYS.small(name) : CLASS_KEYS.course(id, period),
    queryFn: ({ signal }) => (name ? fetchSmallClass(name, signal) : fetchClassCourse(id, period ?? 0, signal)),
    enabled: Boolean(name) || (Number.isInteger(id) && id > 0 && period !== null),
    retry: false,
  });
  const capstone = path.startsWith('/student/course/capstone-report/');

  let body;
  if (missing) body = <EmptyState description="课程不存在" />;
  else if (overview.isError) body = <ErrorState onRetry={() => void overview.refetch()} />;
  else if (query.isError) body = <ErrorState title="无法查看该课程" detail={query.error.message} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingState rows={6} />;
  else body = <CourseBody course={query.data} capstone={capstone} embeds={embeds} />;
  return (
    <div className="cls-page">
      <ClassNav />
      {body}
    </div>
  );
}

function CourseBody({ course, capstone, embeds }: { course: ClassCourseDetail; capstone: boolean; embeds: ClassCourseEmbeds }) {
  return (
    <>
      <header className="cls-card">
        <h1>{course.title}</h1>
        <div className="cls-meta">
          <span className={`cls-tag cls-tag--${course.phase}`}>{phaseLabel(course)}</span>
          <span>{categoryLabel(course)}</span>
          <span>第{course.period}时段</span>
          <span>任课教师：{course.teacher_name || '待定'}</span>
          <span>课程代码：{course.code}</span>
        </div>
        {course.description ? <p className="cls-pre">{course.description}</p> : null}
      </header>
      <section className="cls-section" aria-label="上课时间">
        <h2>上课时间</h2>
        {course.meetings.length === 0 ? (
          <p className="cls-meta">暂无上课时间。</p>
        ) : (
          <ul className="cls-list">
            {course.meetings.map((m) => (
              <li key={m.starts_at} className="cls-row">
                <span className="cls-row__main">
                  {beijingTime(m.starts_at)}–{beijingClock(m.ends_at)}
                </span>
                <span className="cls-meta">{m.location || '线上'}</span>
              </li>
            ))}
          </ul>
        )}
        {course.syllabus ? (
          <details>
            <summary>课程大纲</summary>
            <p className="cls-pre">{course.syllabus}</p>
          </details>
        ) : null}
      </section>
      {embeds.attendance ? (
        <section className="cls-section" aria-label="考勤" data-course-id={course.id}>
          <h2>考勤</h2>
          {embeds.attendance(course.id)}
        </section>
      ) : null}
      {embeds.assignments ? (
        <section className="cls-section" aria-label={capstone ? '毕业项目报告' : '作业'} data-course-id={course.id}>
          <h2>{capstone ? '毕业项目报告' : '作业'}</h2>
          {embeds.assignments(course.id)}
          <p className="cls-meta">
            <Link to={PATHS.studentAssignments}>全部作业</Link> · <Link to={PATHS.gradeQuery}>成绩查询</Link>
          </p>
        </section>
      ) : null}
      {capstone ? <ContentBlock slug="academic/capstone" /> : null}
      <OfficeHours course={course} />
      <Feedback course={course} />
      <section className="cls-section" aria-label="推荐信">
        <h2>推荐信</h2>
        {course.letter ? (
          <p>
            已向 {course.letter.teacher_name} 申请推荐信：<strong>{letterStatusLabel(course.letter.status)}</strong>
          </p>
        ) : course.can_request_letter ? (
          <Link to={`${PATHS.classRecommendLetter}?course=${course.id}`}>向任课教师申请推荐信</Link>
        ) : (
          <p className="cls-meta">课程结束后，可向任课教师申请推荐信。</p>
        )}
      </section>
    </>
  );
}

function useClassAction<A>(run: (arg: A) => Promise<unknown>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => toast('success', success),
    onSettled: () => client.invalidateQueries({ queryKey: CLASS_KEYS.all }),
  });
}

function OfficeHours({ course }: { course: ClassCourseDetail }) {
  const book = useClassAction(bookSlot, '预约成功');
  const cancel = useClassAction(cancelSlot, '已取消预约');
  const hasBooking = course.office_hours.some((s) => s.booked_by_me);
  return (
    <section className="cls-section" aria-label="答疑时间">
      <h2>答疑时间（Office Hour）</h2>
      <p className="cls-meta">每门课程同时可预约一个时段；开始前{CLASSES_LIMITS.cancelBeforeHours}小时内不可取消。</p>
      {course.office_hours.length === 0 ? (
        <p className="cls-meta">任课教师暂未发布答疑时段。</p>
      ) : (
        <ul className="cls-list">
          {course.office_hours.map((s) => {
            const full = s.booked >= s.capacity;
            const label = `${beijingTime(s.starts_at)}–${beijingClock(s.ends_at)}`;
            return (
              <li key={s.id} className="cls-row">
                <span className="cls-row__main">
                  <strong>{label}</strong>
                  <span className="cls-meta">
                    {s.location} · 已约 {s.booked}/{s.capacity}
                    {s.note ? ` · ${s.note}` : ''}
                  </span>
                </span>
                {s.booked_by_me ? (
                  <>
                    <span className="cls-tag cls-tag--finished">已预约</span>
                    <Button disabled={!s.can_cancel} loading={cancel.isPending && cancel.variables === s.id} onClick={() => cancel.mutate(s.id)} aria-label={`取消预约 ${label}`}>
                      取消预约
                    </Button>
                  </>
                ) : (
                  <Button type="primary" disabled={full || hasBooking} loading={book.isPending && book.variables === s.id} onClick={() => book.mutate(s.id)} aria-label={`预约 ${label}`}>
                    {full ? '已约满' : '预约'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Feedback({ course }: { course: ClassCourseDetail }) {
  const [ratings, setRatings] = useState<Partial<Record<FeedbackDimension, number>>>({});
  const [comment, setComment] = useState('');
  const send = useClassAction(sendFeedback, '感谢你的反馈');
  const complete = FEEDBACK_DIMENSIONS.every((d) => ratings[d]);
  return (
    <section className="cls-section" aria-label="课程评价">
      <h2>课程评价</h2>
      {course.feedback_given ? (
        <p>你已评价过该课程，感谢你的反馈。</p>
      ) : !course.can_feedback ? (
        <p className="cls-meta">课程结束后方可评价（每门课程一次，教师只能看到汇总结果）。</p>
      ) : (
        <form
          className="cls-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!complete) return toast('error', '请为每一项打分（1-5分）');
            send.mutate({ course_id: course.id, rating_content: ratings.content!, rating_teaching: ratings.teaching!, rating_workload: ratings.workload!, comment });
          }}
        >
          {FEEDBACK_DIMENSIONS.map((d) => (
            <div key={d} className="cls-rating" role="group" aria-label={FEEDBACK_DIMENSION_LABELS[d]}>
              <span>{FEEDBACK_DIMENSION_LABELS[d]}</span>
              <span className="cls-rating__buttons">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Button key={n} type={ratings[d] === n ? 'primary' : 'default'} aria-pressed={ratings[d] === n} aria-label={`${FEEDBACK_DIMENSION_LABELS[d]} ${n}分`} onClick={() => setRatings((r) => ({ ...r, [d]: n }))}>
                    {n}分
                  </Button>
                ))}
              </span>
            </div>
          ))}
          <label>
            意见与建议（选填）
            <Input.TextArea value={comment} maxLength={1000} rows={3} onChange={(e) => setComment(e.target.value)} />
          </label>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            提交评价
          </Button>
        </form>
      )}
    </section>
  );
}
