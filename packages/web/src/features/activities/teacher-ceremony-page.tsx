import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ACTIVITY_KIND_LABELS } from '@summit/domain/activities';
import { chineseMonthDayTime } from '@summit/domain/programme-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ACTIVITY_KEYS, fetchTeacherCeremony } from './activities-api.ts';
import { agendaTime, ceremonyOfTeacherPath } from './activities-format.ts';
import { ActivityHeader } from './activity-header.tsx';
import './activities.css';

/** /teacher/openning and /teacher/ending: the ceremony, the parts this teacher holds with their cues, and the agenda. */
export default function TeacherCeremonyPage() {
  const kind = ceremonyOfTeacherPath(useLocation().pathname);
  const label = ACTIVITY_KIND_LABELS[kind];
  const q = useQuery({ queryKey: ACTIVITY_KEYS.teacher(kind), queryFn: ({ signal }) => fetchTeacherCeremony(kind, signal) });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (!q.data.activity) body = <EmptyState description={`${label}尚未发布。项目办公室排定议程后，你的环节和提示会显示在这里。`} />;
  else {
    const a = q.data.activity;
    const mine = new Set(a.my_items.map((i) => i.id));
    body = (
      <>
        <ActivityHeader activity={a} label={label} level="h2" />
        <section className="act-panel act-live" aria-labelledby="act-mine">
          <h2 id="act-mine">我的环节</h2>
          {a.my_items.length === 0 ? (
            <p className="act-lead">本次典礼没有安排由你负责的环节。</p>
          ) : (
            <ol className="act-agenda">
              {a.my_items.map((item) => (
                <li key={item.id}>
                  <time dateTime={item.starts_at}>{agendaTime(item.starts_at)}</time>
                  <strong>{item.title}</strong>
                  <span className="act-agenda__speaker">{chineseMonthDayTime(item.starts_at)} 开始</span>
                  {item.cue ? (
                    <p className="act-cue">
                      <strong>提示：</strong>
                      {item.cue}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="act-panel" aria-label="直播">
          {a.live_url ? (
            <p className="act-cta">
              <a className="act-button" href={a.live_url} target="_blank" rel="noopener noreferrer">
                进入直播间
              </a>
            </p>
          ) : a.replay_url ? (
            <p className="act-cta">
              <a className="act-button act-button--ghost" href={a.replay_url} target="_blank" rel="noopener noreferrer">
                观看回放
              </a>
            </p>
          ) : (
            <p className="act-lead">{a.live_state === 'before' ? '直播间在典礼开始前 15 分钟开放。' : '回放整理中。'}</p>
          )}
        </section>
        <section className="act-panel" aria-labelledby="act-agenda">
          <h2 id="act-agenda">完整议程</h2>
          <ol className="act-agenda">
            {a.agenda.map((item) => (
              <li key={item.id} className={mine.has(item.id) ? 'act-agenda__mine' : undefined}>
                <time dateTime={item.starts_at}>{agendaTime(item.starts_at)}</time>
                <span>{item.title}</span>
                <span className="act-agenda__speaker">{[item.speaker, item.teacher_name && item.teacher_name !== item.speaker ? `负责：${item.teacher_name}` : ''].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ol>
        </section>
        {a.content ? (
          <section className="act-panel" aria-label="典礼介绍">
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: a.content }} />
          </section>
        ) : null}
      </>
    );
  }
  return (
    <div className="act-page">
      <h1>{label}</h1>
      {body}
    </div>
  );
}
