import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Radio, Select } from 'antd';
import { GAMES_MSG, QUIZ_CHOICES_MAX, QUIZ_ROUND_STATUS_LABELS, type QuizQuestionInput, type TeacherBrainOlympics, type TeacherRound } from '@summit/domain/games';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { GAMES_KEYS, createRound, endRound, fetchTeacherQuiz, msLeft, pushNext } from './games-api.ts';
import { LeaderboardView } from './leaderboard.tsx';
import { STREAM_LABEL, useRoundStream, useTick } from './use-round-stream.ts';
import './games.css';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const blankQuestion = (): QuizQuestionInput => ({ prompt: '', choices: ['', '', '', ''], answer: 0, seconds: 20, points: 10 });

function CreateRound({ activities, onDone }: { activities: TeacherBrainOlympics['activities']; onDone: () => void }) {
  const choosable = activities.filter((a) => a.window !== 'closed');
  const [activityId, setActivityId] = useState<number | undefined>(choosable[0]?.id);
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<QuizQuestionInput[]>([blankQuestion()]);
  const [error, setError] = useState('');
  const edit = (i: number, patch: Partial<QuizQuestionInput>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const save = useMutation({
    mutationFn: () =>
      createRound({
        activity_id: activityId ?? 0,
        title,
        questions: questions.map((q) => {
          const kept = q.choices.map((c, i) => ({ c: c.trim(), i })).filter((x) => x.c !== '');
          return { ...q, choices: kept.map((x) => x.c), answer: Math.max(0, kept.findIndex((x) => x.i === q.answer)) };
        }),
      }),
    onSuccess: () => {
      toast('success', GAMES_MSG.CREATED);
      setTitle('');
      setQuestions([blankQuestion()]);
      setError('');
      onDone();
    },
    onError: (e) => setError(e instanceof ApiError ? e.msg : '保存失败，请重试'),
  });
  if (choosable.length === 0) return <p className="go-muted">还没有进行中或即将开始的脑力奥赛活动；请先在管理后台的“活动”中创建一个类型为“脑力奥林匹克”的活动。</p>;
  return (
    <section className="go-card" aria-labelledby="go-create">
      <h2 id="go-create">新建一轮</h2>
      <div className="go-field">
        <label htmlFor="go-activity">所属活动</label>
        <Select id="go-activity" value={activityId} onChange={setActivityId} options={choosable.map((a) => ({ value: a.id, label: a.title }))} />
      </div>
      <div className="go-field">
        <label htmlFor="go-title">本轮名称</label>
        <Input id="go-title" value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} placeholder="例如：第二轮：科学常识" />
      </div>
      {questions.map((q, i) => (
        <fieldset key={i} className="go-q-edit">
          <legend>第 {i + 1} 题</legend>
          <div className="go-field">
            <label htmlFor={`go-prompt-${i}`}>题目</label>
            <Input.TextArea id={`go-prompt-${i}`} value={q.prompt} autoSize={{ minRows: 2 }} onChange={(e) => edit(i, { prompt: e.target.value })} />
          </div>
          <Radio.Group value={q.answer} onChange={(e) => edit(i, { answer: e.target.value as number })} aria-label={`第 ${i + 1} 题的正确答案`} className="go-choice-group">
            {q.choices.map((c, k) => (
              <div key={k} className="go-choice-row">
                <Radio value={k} aria-label={`选项 ${LETTERS[k]} 为正确答案`}>
                  {LETTERS[k]}
                </Radio>
                <Input aria-label={`第 ${i + 1} 题选项 ${LETTERS[k]}`} value={c} maxLength={120} onChange={(e) => edit(i, { choices: q.choices.map((x, j) => (j === k ? e.target.value : x)) })} />
              </div>
            ))}
          </Radio.Group>
          <div className="go-inline">
            <div className="go-field">
              <label htmlFor={`go-seconds-${i}`}>作答秒数</label>
              <InputNumber id={`go-seconds-${i}`} min={5} max={300} value={q.seconds} onChange={(v) => edit(i, { seconds: v ?? 20 })} />
            </div>
            <div className="go-field">
              <label htmlFor={`go-points-${i}`}>分值</label>
              <InputNumber id={`go-points-${i}`} min={1} max={100} value={q.points} onChange={(v) => edit(i, { points: v ?? 10 })} />
            </div>
            {q.choices.length < QUIZ_CHOICES_MAX ? <Button onClick={() => edit(i, { choices: [...q.choices, ''] })}>加一个选项</Button> : null}
            {questions.length > 1 ? <Button onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>删除本题</Button> : null}
          </div>
        </fieldset>
      ))}
      <div className="go-actions">
        <Button onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}>加一道题</Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
          保存本轮
        </Button>
      </div>
      {error ? (
        <p className="go-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function HostRound({ round, onChanged }: { round: TeacherRound; onChanged: () => void }) {
  const live = useRoundStream('teacher', round.status === 'ended' ? null : round.id);
  const state = live.state ?? round;
  const current = round.questions.find((q) => q.id === state.current?.id);
  const tick = useTick(state.current !== null);
  const left = state.current ? msLeft(state.current.closes_at, 0, tick) : 0;
  const act = useMutation({
    mutationFn: (what: 'push' | 'end') => (what === 'push' ? pushNext(round.id) : endRound(round.id)),
    onSuccess: (_r, what) => {
      toast('success', what === 'push' ? GAMES_MSG.PUSHED : GAMES_MSG.ENDED);
      onChanged();
    },
  });
  const pushed = round.questions.filter((q) => q.opened_at !== null).length;
  return (
    <section className="go-card" aria-labelledby={`go-host-${round.id}`}>
      <div className="go-row">
        <h2 id={`go-host-${round.id}`}>{round.title}</h2>
        <span className={`go-tag ${state.status === 'live' ? 'go-tag--live' : ''}`}>{QUIZ_ROUND_STATUS_LABELS[state.status]}</span>
        {round.status !== 'ended' ? <span className="go-muted">{STREAM_LABEL[live.status]}</span> : null}
      </div>
      <p className="go-muted">
        {round.activity_title} · 出题：{round.host.name} · 已推送 {pushed} / {round.questions.length} 题
      </p>
      {state.current && current ? (
        <p className="go-result">
          当前第 {current.position} 题：{current.prompt}（正确答案 {LETTERS[current.answer]}）· {left > 0 ? `剩余 ${Math.ceil(left / 1000)} 秒` : '作答时间已结束'}
        </p>
      ) : null}
      {round.may_host && round.status !== 'ended' ? (
        <div className="go-actions">
          <Button type="primary" loading={act.isPending && act.variables === 'push'} disabled={pushed >= round.questions.length} onClick={() => act.mutate('push')}>
            {pushed === 0 ? '开始：推送第一题' : '推送下一题'}
          </Button>
          <Button loading={act.isPending && act.variables === 'end'} onClick={() => act.mutate('end')}>
            结束本轮
          </Button>
        </div>
      ) : null}
      <details>
        <summary>题目与作答情况</summary>
        <ol>
          {round.questions.map((q) => (
            <li key={q.id}>
              {q.prompt}（答案 {LETTERS[q.answer]}，{q.seconds} 秒，{q.points} 分）{q.opened_at ? ` · 作答 ${q.answers} 人，答对 ${q.correct} 人` : ' · 未推送'}
            </li>
          ))}
        </ol>
      </details>
      <LeaderboardView board={state.leaderboard} />
    </section>
  );
}

/** /teacher/brain-olympics: create rounds, push their questions live and watch the leaderboard move. */
export default function TeacherBrainOlympicsPage() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: GAMES_KEYS.teacher, queryFn: ({ signal }) => fetchTeacherQuiz(signal) });
  const refresh = () => void qc.invalidateQueries({ queryKey: GAMES_KEYS.teacher });
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else
    body = (
      <>
        {q.data.rounds.length === 0 ? <EmptyState description="还没有比赛轮次。在下方新建一轮并添加题目。" /> : q.data.rounds.map((r) => <HostRound key={r.id} round={r} onChanged={refresh} />)}
        <CreateRound activities={q.data.activities} onDone={refresh} />
      </>
    );
  return (
    <main className="go-page">
      <h1>脑力奥赛</h1>
      <p className="go-intro">出题后逐题推送：题目会实时出现在所有参赛同学的屏幕上，服务器按推送时间计时，超时的作答不计。上一题作答时间结束后才能推送下一题。</p>
      {body}
    </main>
  );
}
