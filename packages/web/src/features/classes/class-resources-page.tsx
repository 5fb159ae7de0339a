import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ClassNav } from './class-nav.tsx';
import { ContentBlock } from './content-block.tsx';
import { CLASS_KEYS, fetchOverview } from './classes-api.ts';
import { classCoursePath } from './class-format.ts';
import './classes.css';

/**
 * /student/manage/academic-resources and /student/manage/hbr: the readings of my courses (each course's syllabus,
 * as the teachers wrote it) and the programme's static page from the content store.
 */
export default function ClassResourcesPage() {
  const hbr = useLocation().pathname === PATHS.classHbr;
  const query = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  const withSyllabus = query.data?.courses.filter((c) => c.syllabus.trim() !== '') ?? [];
  return (
    <div className="cls-page">
      <h1>{hbr ? 'HBR 案例阅读' : '学术资源'}</h1>
      <ClassNav />
      <p className="cls-meta">{hbr ? '哈佛商业评论（HBR）案例与阅读材料由任课教师在课程大纲中列出，请在课前完成阅读。' : '课程大纲、阅读材料与项目的学术资源。'}</p>
      {query.isPending ? (
        <LoadingState rows={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : withSyllabus.length === 0 ? (
        <EmptyState description="你的课程暂未发布阅读材料。" />
      ) : (
        <div className="cls-grid">
          {withSyllabus.map((c) => (
            <article key={c.id} className="cls-card" aria-label={c.title}>
              <h2>
                <Link className="cls-card__title" to={classCoursePath(c)}>
                  {c.title}
                </Link>
              </h2>
              <p className="cls-pre">{c.syllabus}</p>
            </article>
          ))}
        </div>
      )}
      {hbr ? null : <ContentBlock slug="academic/curriculum" />}
    </div>
  );
}
