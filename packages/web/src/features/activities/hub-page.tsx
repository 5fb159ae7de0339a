import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ACTIVITY_KIND_LABELS, ACTIVITY_WINDOW_LABELS, type ActivityCard } from '@summit/domain/activities';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ACTIVITY_KEYS, fetchHub } from './activities-api.ts';
import { windowLine } from './activities-format.ts';
import './activities.css';

function CardList({ cards }: { cards: ActivityCard[] }) {
  return (
    <ul className="act-grid">
      {cards.map((c) => (
        <li key={c.id}>
          <Link className={`act-card act-card--${c.window}`} to={c.path}>
            <span className="act-card__meta">
              <span className={`act-tag act-tag--${c.window}`}>{ACTIVITY_WINDOW_LABELS[c.window]}</span>
              <span>{ACTIVITY_KIND_LABELS[c.kind]}</span>
            </span>
            <h3>{c.title}</h3>
            <span className="act-card__meta">{windowLine(c.window, c.opens_at, c.closes_at)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /student/card/hub: the student's activity cards — lit (open now), upcoming with the date, and closed. */
export default function HubPage() {
  const q = useQuery({ queryKey: ACTIVITY_KEYS.hub, queryFn: ({ signal }) => fetchHub(signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.lit.length + q.data.upcoming.length + q.data.closed.length === 0)
    body = <EmptyState description="暂时没有你可以参加的活动。项目办公室发布新活动后，会出现在这里。" />;
  else
    body = (
      <>
        <section className="act-section" aria-labelledby="act-lit">
          <h2 id="act-lit">
            进行中 <span className="act-count">{q.data.lit.length} 项</span>
          </h2>
          {q.data.lit.length > 0 ? <CardList cards={q.data.lit} /> : <p className="act-lead">现在没有进行中的活动。</p>}
        </section>
        {q.data.upcoming.length > 0 ? (
          <section className="act-section" aria-labelledby="act-upcoming">
            <h2 id="act-upcoming">
              即将开始 <span className="act-count">{q.data.upcoming.length} 项</span>
            </h2>
            <CardList cards={q.data.upcoming} />
          </section>
        ) : null}
        {q.data.closed.length > 0 ? (
          <section className="act-section" aria-labelledby="act-closed">
            <h2 id="act-closed">
              已结束 <span className="act-count">{q.data.closed.length} 项</span>
            </h2>
            <CardList cards={q.data.closed} />
          </section>
        ) : null}
      </>
    );
  return (
    <div className="act-page">
      <h1>活动中心</h1>
      <p className="act-lead">开营与结营典礼、学院与社区活动都在这里。点亮的卡片正在进行，点击即可参加。</p>
      {body}
    </div>
  );
}
