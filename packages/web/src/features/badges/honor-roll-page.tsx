import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { BADGE_KEYS, fetchHonourRoll } from './badges-api.ts';
import { beijingDay } from './badges-format.ts';
import './badges.css';

/** /student/card/honor: the honour roll the programme office publishes, newest first; the student's own honours stand out. */
export default function HonorRollPage() {
  const query = useQuery({ queryKey: BADGE_KEYS.honours, queryFn: ({ signal }) => fetchHonourRoll({ signal }) });
  let body;
  if (query.isPending) body = <LoadingState rows={4} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) body = <EmptyState description="荣誉榜暂未发布。项目期间表现突出的同学和团队会在这里得到表彰。" />;
  else
    body = (
      <ol className="bdg-honours" aria-label="荣誉榜">
        {query.data.map((h) => (
          <li key={h.id} className={`bdg-honour${h.mine ? ' bdg-honour--mine' : ''}`}>
            <h2>
              {h.title}
              {h.mine ? '（我的荣誉）' : ''}
            </h2>
            <span className="bdg-honour__who">{h.honouree_name}</span>
            <p>{h.citation}</p>
            <span className="bdg-meta">发布于 {beijingDay(h.published_at)}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <div className="bdg-page">
      <h1>荣誉榜</h1>
      <p className="bdg-intro">
        表彰在课程、活动与社区中表现突出的同学。你获得的徽章在<Link to="/badges">我的徽章</Link>。
      </p>
      {body}
    </div>
  );
}
