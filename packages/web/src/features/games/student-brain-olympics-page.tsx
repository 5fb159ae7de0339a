import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GAMES_MSG, QUIZ_GRACE_MS, QUIZ_ROUND_STATUS_LABELS, type LiveQuestion, type MyAnswer, type StudentBrainOlympics } from '@summit/domain/games';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { PATHS } from '../../lib/paths.ts';
import { GAMES_KEYS, fetchStudentQuiz, msLeft, sendAnswer } from './games-api.ts';
import { LeaderboardView } from './leaderboard.tsx';
import { STREAM_LABEL, useRoundStream, useTick } from './use-round-stream.ts';
import './games.css';

type Round = StudentBrainOlympics['rounds'][number];
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

function QuestionCard({ q, offsetMs, mine, onAnswered, onTimeUp }: { q: LiveQuestion; offsetMs: number; mine: MyAnswer | undefined; onAnswered: (a: MyAnswer) => void; onTimeUp: () => void }) {
  const left = msLeft(q.closes_at, offsetMs, useTick(q.answer === null));
  const timeUp = left <= 0;
  const toldTimeUp = useRef(false);
  useEffect(() => {
    if (!timeUp || q.answer !== null || toldTimeUp.current) return;
    toldTimeUp.current = true;
    // The answer is revealed once the server's grace has passed too.
    const id = setTimeout(onTimeUp, QUIZ_GRACE_MS + 300);
    return () => clearTimeout(id);
  }, [timeUp, q.answer, onTimeUp]);
  const send = useMutation({
    mutationFn: (choice: number) => sendAnswer(q.id, choice),
    onSuccess: (a) => {
      toast('success', GAMES_MSG.ANSWERED);
      onAnswered(a);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.msg === GAMES_MSG.ALREADY_ANSWERED) onTimeUp();
    },
  });
  const revealed = q.answer;
  const classOf = (i: number) => {
    if (revealed !== null && i === revealed) return 'go-choice go-choice--right';
    if (revealed !== null && mine?.choice === i) return 'go-choice go-choice--wrong';
    return mine?.choice === i ? 'go-choice go-choice--mine' : 'go-choice';
  };
  return (
    <section className="go-card" aria-labelledby={`go-q-${q.id}`} data-testid="go-question">
      <div className="go-row">
        <span className="go-tag go-tag--live">
          第 {q.position} / {q.count} 题
        </span>
        <span className="go-tag">{q.points} 分</span>
        <span className="go-muted" aria-live="polite">
          {revealed !== null || timeUp ? '作答时间已结束' : `剩余 ${Math.ceil(left / 1000)} 秒`}
        </span>
      </div>
      <div className="go-timer" aria-hidden="true">
        <span style={{ width: `${Math.min(100, (left / (q.seconds * 1000)) * 100)}%` }} />
      </div>
      <p className="go-prompt" id={`go-q-${q.id}`}>
        {q.prompt}
      </p>
      <ul className="go-choices" aria-label="选项">
        {q.choices.map((c, i) => (
          <li key={i}>
            <button type="button" className={classOf(i)} disabled={mine !== undefined || timeUp || revealed !== null || send.isPending} aria-pressed={mine?.choice === i} onClick={() => send.mutate(i)}>
              {LETTERS[i]}. {c}
            </button>
          </li>
        ))}
      </ul>
      {mine && revealed === null ? <p className="go-result">已提交答案（{LETTERS[mine.choice]}），时间结束后公布正确答案。</p> : null}
      {revealed !== null ? (
        <p className="go-result" data-testid="go-verdict">
          正确答案：{LETTERS[revealed]}。
          {mine ? (mine.choice === revealed ? `回答正确，+${q.points} 分！` : '这题答错了，下一题加油。') : '你没有作答本题。'}
        </p>
      ) : null}
    </section>
  );
}

function LiveRound({ round, house, serverOffsetMs, onRefetch }: { round: Round; house: StudentBrainOlympics['house']; serverOffsetMs: number; onRefetch: () => void }) {
  const live = useRoundStream('student', round.status === 'ended' ? null : round.id);
  const [local, setLocal] = useState<MyAnswer[]>([]);
  const state = live.state ?? round;
  const current = state.current;
  // The board (read after the time is up) knows the answer; the stream's copy may predate it.
  const boardCurrent = round.current && current && round.current.id === current.id ? round.current : null;
  const shown = current ? { ...current, answer: current.answer ?? boardCurrent?.answer ?? null } : null;
  const mine = current ? (round.my_answers.find((a) => a.question_id === current.id) ?? local.find((a) => a.question_id === current.id)) : undefined;
  const currentId = current?.id;
  useEffect(() => {
    if (currentId !== undefined && currentId !== round.current?.id) onRefetch();
  }, [currentId, round.current?.id, onRefetch]);
  const score = round.my_answers.reduce((n, a) => n + (a.points ?? 0), 0);
  return (
    <section className="go-card" aria-labelledby={`go-round-${round.id}`}>
      <div className="go-row">
        <h2 id={`go-round-${round.id}`}>{round.title}</h2>
        <span className={`go-tag ${state.status === 'live' ? 'go-tag--live' : state.status === 'draft' ? 'go-tag--wait' : ''}`}>{QUIZ_ROUND_STATUS_LABELS[state.status]}</span>
        {round.status !== 'ended' ? (
          <span className="go-muted" data-testid="go-stream">
            {STREAM_LABEL[live.status]}
          </span>
        ) : null}
      </div>
      <p className="go-muted">
        {round.activity_title} · 共 {state.question_count} 题{house ? ` · 我的学院：${house.name}` : ''} · 我的得分 {score}
      </p>
      {shown ? (
        <QuestionCard key={shown.id} q={shown} offsetMs={serverOffsetMs} mine={mine} onAnswered={(a) => setLocal((xs) => [...xs, a])} onTimeUp={onRefetch} />
      ) : state.status === 'ended' ? (
        <p className="go-result">本轮已结束。</p>
      ) : (
        <p className="go-result">等待老师推送第一题…题目推送后会立即出现在这里，无需刷新。</p>
      )}
      <LeaderboardView board={state.leaderboard} myHouseId={house?.id ?? null} />
    </section>
  );
}

/** /student/brain-olympics: the rounds of the student's brain-olympics activities, the live one on top. */
export default function StudentBrainOlympicsPage() {
  const qc = useQueryClient();
  const [offset, setOffset] = useState(0);
  const q = useQuery({
    queryKey: GAMES_KEYS.student,
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const data = await fetchStudentQuiz(signal);
      const first = data.rounds[0];
      if (first) setOffset(new Date(first.server_now).getTime() - (sent + Date.now()) / 2);
      return data;
    },
  });
  const refetch = useMemo(() => () => void qc.invalidateQueries({ queryKey: GAMES_KEYS.student }), [qc]);
  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError) body = <ErrorState onRetry={() => void q.refetch()} />;
  else if (q.data.rounds.length === 0) body = <EmptyState description="目前还没有脑力奥赛的比赛。比赛开始前，活动页会公布时间。" action={<Link to={PATHS.cardHub}>查看我的活动</Link>} />;
  else {
    const rounds = [...q.data.rounds].sort((a, b) => (a.status === 'live' ? 0 : a.status === 'draft' ? 1 : 2) - (b.status === 'live' ? 0 : b.status === 'draft' ? 1 : 2));
    body = rounds.map((r) => <LiveRound key={r.id} round={r} house={q.data.house} serverOffsetMs={offset} onRefetch={refetch} />);
  }
  return (
    <main className="go-page">
      <h1>脑力奥赛</h1>
      <p className="go-intro">老师推送题目后，所有同学同时作答：每题限时，答对得分，超时不计；每题只能作答一次。你的得分计入学院排行。</p>
      {body}
    </main>
  );
}
