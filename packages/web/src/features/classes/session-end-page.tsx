import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ClassNav } from './class-nav.tsx';
import { ContentBlock } from './content-block.tsx';
import { CLASS_KEYS, fetchOverview } from './classes-api.ts';
import { classCoursePath, letterStatusLabel } from './class-format.ts';
import './classes.css';

/** /student/session-end: after the session — what I took, feedback still owed, letters, and the alumni page. */
export default function SessionEndPage() {
  const query = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  const finished = query.data?.courses.filter((c) => c.phase === 'finished') ?? [];
  const allDone = query.data !== undefined && query.data.courses.length > 0 && finished.length === query.data.courses.length;
  return (
    <div className="cls-page">
      <h1>结营</h1>
      <ClassNav />
      {query.isPending ? (
        <LoadingState rows={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.courses.length === 0 ? (
        <EmptyState description="你还没有已选课程。" />
      ) : (
        <>
          <section className="cls-section" aria-label="结营总结">
            <h2>{allDone ? '恭喜你完成本期全部课程！' : '本期课程尚未全部结束'}</h2>
            <p className="cls-meta">
              已完成 {finished.length} / {query.data.courses.length} 门课程
            </p>
            <ul className="cls-list">
              {query.data.courses.map((c) => (
                <li key={c.id} className="cls-row">
                  <span className="cls-row__main">
                    <Link to={classCoursePath(c)}>{c.title}</Link>
                  </span>
                  {c.can_feedback ? <Link to={classCoursePath(c)}>去评价</Link> : c.feedback_given ? <span className="cls-tag cls-tag--finished">已评价</span> : null}
                </li>
              ))}
            </ul>
          </section>
          <section className="cls-section" aria-label="推荐信">
            <h2>推荐信</h2>
            {query.data.letters.length === 0 ? (
              <p className="cls-meta">
                可向已完成课程的任课教师申请推荐信：<Link to={PATHS.classRecommendLetter}>申请推荐信</Link>
              </p>
            ) : (
              <ul className="cls-list">
                {query.data.letters.map((l) => (
                  <li key={l.id} className="cls-row">
                    <span className="cls-row__main">《{l.course_title}》· {l.teacher_name}</span>
                    <span className="cls-tag">{letterStatusLabel(l.status)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <ContentBlock slug="activities/community" />
    </div>
  );
}
