import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ACTIVITY_KIND_LABELS, isCeremonyKind, type ActivityJoin, type StudentActivity } from '@summit/domain/activities';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { ACTIVITY_KEYS, fetchCard, joinActivity } from './activities-api.ts';
import { agendaTime, isInternalLink, kindOfPath } from './activities-format.ts';
import { ActivityHeader } from './activity-header.tsx';
import './activities.css';

function CtaLink({ url, label, ghost = false }: { url: string; label: string; ghost?: boolean }) {
  const cls = `act-button${ghost ? ' act-button--ghost' : ''}`;
  return isInternalLink(url) ? (
    <Link className={cls} to={url}>
      {label}
    </Link>
  ) : (
    <a className={cls} href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/** The ceremony's live panel: the server hands out the link only from 15 minutes before until the end. */
function LivePanel({ activity, joined, onJoin, joining }: { activity: StudentActivity; joined: ActivityJoin | null; onJoin: () => void; joining: boolean }) {
  if (activity.live_state === 'before')
    return (
      <section className="act-panel act-live" aria-label="直播">
        <h2>直播</h2>
        <p className="act-lead">直播间将于 {chineseMonthDayTime(new Date(Date.parse(activity.opens_at) - 15 * 60_000).toISOString())} 开放（典礼开始前 15 分钟），进入直播间即记为出席。</p>
      </section>
    );
  if (activity.live_state === 'after')
    return (
      <section className="act-panel act-live" aria-label="回放">
        <h2>典礼已结束</h2>
        {activity.attended ? <p className="act-lead">你已出席本次典礼。</p> : null}
        {activity.replay_url ? (
          <div className="act-cta">
            <CtaLink url={activity.replay_url} label="观看回放" />
          </div>
        ) : (
          <p className="act-lead">回放整理中，上线后会在这里提供。</p>
        )}
      </section>
    );
  return (
    <section className="act-panel act-live act-live--live" aria-label="直播">
      <h2>直播进行中</h2>
      {joined ? (
        <div className="act-live__row">
          <span>已为你记录出席（{chineseMonthDayTime(joined.attended_at)}）</span>
          <CtaLink url={joined.live_url} label="打开直播间" />
        </div>
      ) : (
        <div className="act-live__row">
          <Button type="primary" size="large" loading={joining} onClick={onJoin}>
            进入直播
          </Button>
          <span className="act-lead">{activity.attended ? '你已出席，可再次进入直播间。' : '进入直播间即记为出席。'}</span>
        </div>
      )}
    </section>
  );
}

/** /student/card/{kind}: the student's activity of the kind (open, next or latest; ?id= picks one), or when the next opens. */
export default function ActivityCardPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = kindOfPath(pathname) ?? 'opening';
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const client = useQueryClient();
  const q = useQuery({ queryKey: ACTIVITY_KEYS.card(kind, id), queryFn: ({ signal }) => fetchCard(kind, id, signal) });
  const join = useMutation({
    mutationFn: (activityId: number) => joinActivity(activityId),
    onSuccess: () => void client.invalidateQueries({ queryKey: ACTIVITY_KEYS.all }),
  });
  const label = ACTIVITY_KIND_LABELS[kind];

  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (!q.data.activity)
    body = (
      <EmptyState
        description={q.data.next_opens_at ? `下一场${label}将于 ${chineseMonthDayTime(q.data.next_opens_at)} 开始。` : `暂时没有你可以参加的${label}，发布后会出现在活动中心。`}
        action={<Link to={PATHS.cardHub}>查看活动中心</Link>}
      />
    );
  else {
    const a = q.data.activity;
    const ceremony = isCeremonyKind(a.kind);
    body = (
      <>
        <ActivityHeader activity={a} label={label} level="h1" />
        {ceremony ? <LivePanel activity={a} joined={join.data ?? null} joining={join.isPending} onJoin={() => join.mutate(a.id)} /> : null}
        {!ceremony && a.cta_url && a.cta_label ? (
          <div className="act-cta">
            <CtaLink url={a.cta_url} label={a.cta_label} />
          </div>
        ) : null}
        {!ceremony && a.window === 'upcoming' ? <p className="act-lead">活动将于 {chineseMonthDayTime(a.opens_at)} 开始，届时可在这里参加。</p> : null}
        {!ceremony && a.window === 'closed' ? (
          <p className="act-lead">{q.data.next_opens_at ? `本次活动已结束，下一场将于 ${chineseMonthDayTime(q.data.next_opens_at)} 开始。` : '本次活动已结束。'}</p>
        ) : null}
        {a.agenda.length > 0 ? (
          <section className="act-panel" aria-labelledby="act-agenda">
            <h2 id="act-agenda">议程</h2>
            <ol className="act-agenda">
              {a.agenda.map((item) => (
                <li key={item.id}>
                  <time dateTime={item.starts_at}>{agendaTime(item.starts_at)}</time>
                  <span>{item.title}</span>
                  {item.speaker ? <span className="act-agenda__speaker">{item.speaker}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {a.content ? (
          <section className="act-panel" aria-label="活动介绍">
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: a.content }} />
          </section>
        ) : null}
      </>
    );
  }
  return (
    <div className="act-page">
      {q.data?.activity ? null : <h1>{label}</h1>}
      {body}
      <Link className="act-back" to={PATHS.cardHub}>
        ← 返回活动中心
      </Link>
    </div>
  );
}
