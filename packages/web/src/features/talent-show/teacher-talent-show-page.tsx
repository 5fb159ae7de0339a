import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { TALENT_COMMENT_MAX, TALENT_MSG, TALENT_SCORE_MAX, type TalentCriterion, type TeacherTalentEntry, type TeacherTalentShow } from '@summit/domain/talent-show';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import { EntryPicture } from './entry-picture.tsx';
import { TS_KEYS, fetchTeacherShow, reviewEntry, sendSheet } from './talent-show-api.ts';
import { WINDOW_LABEL, consentLine, kindLabel, resultsLine, sheetTotal, statusLabel, windowLine } from './talent-show-format.ts';
import './talent-show.css';

function ScoreSheet({ entry, criteria, onSaved }: { entry: TeacherTalentEntry; criteria: TalentCriterion[]; onSaved: () => void }) {
  const initial = Object.fromEntries(criteria.map((c) => [c.id, entry.my_sheet?.scores.find((s) => s.criterion_id === c.id)?.score ?? null])) as Record<number, number | null>;
  const [scores, setScores] = useState<Record<number, number | null>>(initial);
  const [comment, setComment] = useState(entry.my_sheet?.comment ?? '');
  const total = sheetTotal(criteria, scores);
  const save = useMutation({
    mutationFn: () => sendSheet(entry.id, { scores: criteria.map((c) => ({ criterion_id: c.id, score: scores[c.id] ?? -1 })), comment }),
    onSuccess: () => {
      toast('success', TALENT_MSG.SCORED);
      onSaved();
    },
  });
  return (
    <form
      className="ts-sheet"
      aria-label={`评分表：${entry.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (total === null) toast('error', TALENT_MSG.SCORES);
        else save.mutate();
      }}
    >
      <div className="ts-sheet__grid">
        {criteria.map((c) => (
          <label key={c.id} className="ts-sheet__item">
            <span>
              {c.name}（{c.weight}%）
            </span>
            <InputNumber
              min={0}
              max={TALENT_SCORE_MAX}
              precision={0}
              value={scores[c.id]}
              onChange={(v) => setScores({ ...scores, [c.id]: typeof v === 'number' ? v : null })}
              aria-label={`${c.name}得分（0–${TALENT_SCORE_MAX}）`}
              data-testid="talent-score-input"
            />
          </label>
        ))}
      </div>
      <label className="ts-sheet__item ts-sheet__comment">
        <span>评语（选填）</span>
        <Input.TextArea rows={2} value={comment} maxLength={TALENT_COMMENT_MAX} onChange={(e) => setComment(e.target.value)} />
      </label>
      <div className="ts-actions">
        <span className="ts-total" data-testid="talent-sheet-total">
          加权得分：{total === null ? '—' : total.toFixed(2)}
        </span>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {entry.my_sheet ? '更新评分' : '保存评分'}
        </Button>
      </div>
      {entry.my_sheet ? <p className="ts-hint">已保存：{entry.my_sheet.total.toFixed(2)} 分。结果公布前可以修改。</p> : null}
    </form>
  );
}

function ReviewBar({ entry, onDone }: { entry: TeacherTalentEntry; onDone: () => void }) {
  const [note, setNote] = useState(entry.review_note);
  const act = useMutation({
    mutationFn: (status: 'approved' | 'hidden') => reviewEntry(entry.id, status, note),
    onSuccess: (_, status) => {
      toast('success', status === 'approved' ? TALENT_MSG.APPROVED : TALENT_MSG.HIDDEN);
      onDone();
    },
  });
  return (
    <div className="ts-review">
      <Input aria-label={`审核意见：${entry.title}`} placeholder="审核意见（选填，学生可见）" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
      <div className="ts-actions">
        {entry.status !== 'approved' ? (
          <Button type="primary" onClick={() => act.mutate('approved')} loading={act.isPending && act.variables === 'approved'}>
            通过并展示
          </Button>
        ) : null}
        {entry.status !== 'hidden' ? (
          <Button danger onClick={() => act.mutate('hidden')} loading={act.isPending && act.variables === 'hidden'}>
            隐藏
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function EntryPanel({ entry, data, onChanged }: { entry: TeacherTalentEntry; data: TeacherTalentShow; onChanged: () => void }) {
  const show = data.show!;
  const tone = entry.status === 'approved' ? 'success' : entry.status === 'hidden' ? 'error' : 'warning';
  return (
    <li className="ts-panel" data-testid="talent-teacher-entry">
      <div className="ts-panel__head">
        <h3>{entry.title}</h3>
        <Tag color={tone}>{statusLabel(entry.status)}</Tag>
        {entry.finalist_rank ? <Tag color="gold">入围第 {entry.finalist_rank} 名</Tag> : null}
      </div>
      <p className="ts-muted">
        {entry.student_name} · {kindLabel(entry.kind)} · {entry.likes} 个赞{data.is_moderator ? ` · 已有 ${entry.sheet_count} 份评分` : ''}
      </p>
      {entry.description ? <p className="ts-desc">{entry.description}</p> : null}
      <div className="ts-thumbs">
        {entry.media.length === 0 ? <EntryPicture url={null} alt={entry.title} kind={entry.kind} className="ts-picture--thumb" /> : null}
        {entry.media.map((m) => (
          <EntryPicture key={m.id} url={m.url} alt={`${entry.title}：${m.name}`} kind={entry.kind} className="ts-picture--thumb" />
        ))}
      </div>
      <p className="ts-muted">{consentLine(entry.consent)}</p>
      {data.is_moderator && !show.results_published ? <ReviewBar entry={entry} onDone={onChanged} /> : null}
      {data.scoring_open && entry.status === 'approved' ? <ScoreSheet entry={entry} criteria={show.criteria} onSaved={onChanged} /> : null}
      {data.is_judge && !data.scoring_open && entry.my_sheet ? <p className="ts-hint">我的评分：{entry.my_sheet.total.toFixed(2)} 分</p> : null}
    </li>
  );
}

/** /teacher/talent-show — judging (the show's judges score approved entries) and review (admins and staff approve or hide). */
export default function TeacherTalentShowPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activityId = Number(params.get('activity_id')) || undefined;
  const query = useQuery({ queryKey: TS_KEYS.teacher(activityId), queryFn: ({ signal }) => fetchTeacherShow(activityId, signal) });
  const [filter, setFilter] = useState<'all' | 'pending' | 'approved' | 'hidden'>('all');

  if (query.isPending) return <div className="ts-page ts-page--wide"><LoadingState rows={6} /></div>;
  if (query.isError) return <div className="ts-page ts-page--wide"><ErrorState onRetry={() => void query.refetch()} /></div>;
  const data = query.data;
  const show = data.show;
  const refresh = () => void qc.invalidateQueries({ queryKey: TS_KEYS.all });
  if (!show)
    return (
      <div className="ts-page ts-page--wide">
        <h1>才艺秀评审</h1>
        <EmptyState description={TALENT_MSG.NO_SHOW} />
      </div>
    );
  const entries = data.entries.filter((e) => filter === 'all' || e.status === filter);
  const role = [data.is_judge ? '评委' : null, data.is_moderator ? '审核' : null].filter(Boolean).join('、');

  return (
    <div className="ts-page ts-page--wide">
      <header className="ts-intro">
        <div className="ts-intro__head">
          <h1>才艺秀评审：{show.title}</h1>
          <Tag color={show.window === 'open' ? 'success' : show.window === 'upcoming' ? 'warning' : 'default'}>{WINDOW_LABEL[show.window]}</Tag>
        </div>
        <p>
          {windowLine(show)}；{resultsLine(show)}
        </p>
        <p>
          我的身份：{role || '教师（仅查看已展示作品）'}
          {data.is_judge && !show.rules_published ? '；评选规则尚未发布，发布后可以评分' : ''}
        </p>
        <div className="ts-toolbar">
          <Link to={PATHS.teacherTalentShowRules}>查看评选规则</Link>
          {data.shows.length > 1 ? (
            <Select aria-label="选择才艺秀" className="ts-switch" value={show.activity_id} options={data.shows.map((s) => ({ value: s.id, label: s.title }))} onChange={(id: number) => setParams({ activity_id: String(id) })} />
          ) : null}
          {data.is_moderator ? (
            <Select
              aria-label="按审核状态筛选"
              className="ts-switch"
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: `全部（${data.entries.length}）` },
                { value: 'pending', label: `待审核（${data.entries.filter((e) => e.status === 'pending').length}）` },
                { value: 'approved', label: '已展示' },
                { value: 'hidden', label: '已隐藏' },
              ]}
            />
          ) : null}
        </div>
      </header>

      {data.results ? (
        <section className="ts-section" aria-labelledby="ts-results">
          <h2 id="ts-results">评选结果</h2>
          {data.results.length === 0 ? (
            <p className="ts-muted">没有已评分的作品。</p>
          ) : (
            <div className="ts-table-wrap" tabIndex={0} role="region" aria-label="评选结果表">
              <table className="ts-table" data-testid="talent-results">
                <thead>
                  <tr>
                    <th scope="col">名次</th>
                    <th scope="col">作品</th>
                    <th scope="col">学生</th>
                    <th scope="col">平均分</th>
                    <th scope="col">评分数</th>
                    <th scope="col">入围</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((r) => (
                    <tr key={r.entry_id}>
                      <td>{r.rank}</td>
                      <td>{r.title}</td>
                      <td>{r.student_name}</td>
                      <td>{r.average.toFixed(2)}</td>
                      <td>{r.sheets}</td>
                      <td>{r.finalist ? '是' : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      <section className="ts-section" aria-labelledby="ts-entries">
        <h2 id="ts-entries">{data.is_moderator ? '参赛作品' : '已展示作品'}</h2>
        {entries.length === 0 ? (
          <EmptyState description={data.is_moderator ? '暂无作品' : '暂无已审核通过的作品'} />
        ) : (
          <ul className="ts-panels">
            {entries.map((e) => (
              <EntryPanel key={e.id} entry={e} data={data} onChanged={refresh} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
