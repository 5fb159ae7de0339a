import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, WRITING_CENTER_PATH } from '../../lib/paths.ts';
import { ClassNav } from './class-nav.tsx';
import { CLASS_KEYS, fetchOverview } from './classes-api.ts';
import { beijingTime, classCoursePath, letterStatusLabel, meetingsInOrder } from './class-format.ts';
import './classes.css';

/** /student/manage: the student's learning hub — next class, my courses, what is left to do. */
export default function ManageHubPage() {
  const query = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  return (
    <div className="cls-page">
      <h1>学习中心</h1>
      <ClassNav />
      {query.isPending ? (
        <LoadingState rows={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.courses.length === 0 ? (
        <EmptyState description="你还没有已选课程。选课结果公布后，课程将显示在这里。" action={<Link to={PATHS.courseMine}>查看选课</Link>} />
      ) : (
        <HubBody data={query.data} />
      )}
    </div>
  );
}

function HubBody({ data }: { data: NonNullable<ReturnType<typeof fetchOverview> extends Promise<infer T> ? T : never> }) {
  const now = Date.now();
  const next = meetingsInOrder(data.courses).find((m) => Date.parse(m.ends_at) > now);
  const toRate = data.courses.filter((c) => c.can_feedback);
  return (
    <>
      <section className="cls-section" aria-label="下一节课">
        <h2>下一节课</h2>
        {next ? (
          <p>
            <Link to={classCoursePath(next.course)}>{next.course.title}</Link>
            <span className="cls-meta">
              {beijingTime(next.starts_at)} · {next.location || '线上'}
            </span>
          </p>
        ) : (
          <p className="cls-meta">所有课程均已结束。</p>
        )}
      </section>
      <nav className="cls-section cls-hub-links" aria-label="学习工具">
        <h2>学习工具</h2>
        <span className="cls-hub-links__row">
          <Link to={PATHS.studentAssignments}>我的作业</Link>
          <Link to={PATHS.gradeQuery}>成绩查询</Link>
          <Link to={WRITING_CENTER_PATH}>写作中心</Link>
          <Link to={PATHS.calendar}>课程日历与出勤</Link>
          <Link to={PATHS.studentCertificate}>结营证书</Link>
        </span>
      </nav>
      <div className="cls-stats">
        <div>
          <strong>{data.courses.length}</strong>已选课程
        </div>
        <div>
          <strong>{data.courses.filter((c) => c.phase === 'finished').length}</strong>已结课
        </div>
        <div>
          <strong>{toRate.length}</strong>待评价
        </div>
        <div>
          <strong>{data.letters.length}</strong>推荐信申请
        </div>
      </div>
      {toRate.length > 0 ? (
        <section className="cls-section" aria-label="待评价课程">
          <h2>待评价课程</h2>
          <ul className="cls-list">
            {toRate.map((c) => (
              <li key={c.id} className="cls-row">
                <span className="cls-row__main">{c.title}</span>
                <Link to={classCoursePath(c)}>去评价</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.letters.length > 0 ? (
        <section className="cls-section" aria-label="推荐信">
          <h2>推荐信</h2>
          <ul className="cls-list">
            {data.letters.map((l) => (
              <li key={l.id} className="cls-row">
                <span className="cls-row__main">
                  {l.teacher_name} ·《{l.course_title}》
                </span>
                <span className="cls-tag">{letterStatusLabel(l.status)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
