import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { TALENT_MSG } from '@summit/domain/talent-show';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { TS_KEYS, fetchStudentShow } from './talent-show-api.ts';
import { WINDOW_LABEL, resultsLine, statusLabel, windowLine } from './talent-show-format.ts';
import { CriteriaTable } from './criteria-table.tsx';
import './talent-show.css';

/** /student/card/talent-show — the card: the activity's text, its window, the rules, my entry's state and the call to enter. */
export default function TalentShowCardPage() {
  const navigate = useNavigate();
  const query = useQuery({ queryKey: TS_KEYS.student(undefined), queryFn: ({ signal }) => fetchStudentShow(undefined, signal) });
  if (query.isPending) return <div className="ts-page"><LoadingState rows={5} /></div>;
  if (query.isError) return <div className="ts-page"><ErrorState onRetry={() => void query.refetch()} /></div>;
  const { show, my_entry: mine, eligible } = query.data;
  if (!show)
    return (
      <div className="ts-page">
        <h1>才艺秀</h1>
        <EmptyState description={TALENT_MSG.NO_SHOW} />
      </div>
    );
  const cta = mine ? '查看我的作品与作品展' : show.window === 'open' && eligible && !show.results_published ? '提交我的作品' : '去看作品展';
  return (
    <div className="ts-page ts-page--card">
      <article className="ts-hero">
        <div className="ts-intro__head">
          <h1>{show.title}</h1>
          <Tag color={show.window === 'open' ? 'success' : show.window === 'upcoming' ? 'warning' : 'default'}>{WINDOW_LABEL[show.window]}</Tag>
        </div>
        <p className="ts-when">{windowLine(show)}</p>
        <p className="ts-when">{resultsLine(show)}</p>
        {/* The activity's rich text is sanitised by the server when it is saved (decision 100). */}
        <div className="ts-content rich-text" dangerouslySetInnerHTML={{ __html: show.content }} />
        <p className="ts-muted">已展示作品 {show.entry_count} 件</p>
        {mine ? (
          <p className="ts-mine-line">
            我的作品《{mine.title}》：<Tag>{statusLabel(mine.status)}</Tag>
          </p>
        ) : null}
        <Button type="primary" size="large" className="ts-cta" onClick={() => void navigate(PATHS.studentTalentShow)}>
          {cta}
        </Button>
      </article>
      {show.rules_published ? (
        <section className="ts-section" aria-labelledby="ts-rules">
          <h2 id="ts-rules">评选规则</h2>
          {show.rules_text ? <p className="ts-desc">{show.rules_text}</p> : null}
          <CriteriaTable criteria={show.criteria} />
          <p className="ts-hint">每位评委为每项标准打 0–10 分，按权重折算为百分制，取评委平均分排名；前 {show.finalist_count} 名入围。</p>
        </section>
      ) : null}
    </div>
  );
}
