import { useQuery } from '@tanstack/react-query';
import { FORUM_BOARD_KIND_LABELS } from '@summit/domain/forum';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { FORUM_KEYS, fetchQueue } from './forum-api.ts';
import { AuthorLine, ModerateButtons, StatusTag } from './forum-boards.tsx';

const HOLD_LABELS = { filter: '敏感词', reports: '多人举报' } as const;

/** The moderation queue of the boards this teacher moderates: held posts and replies, and reported posts. */
export function ForumQueue() {
  const queue = useQuery({ queryKey: FORUM_KEYS.queue, queryFn: ({ signal }) => fetchQueue('teacher', signal) });
  if (queue.isPending) return <LoadingState rows={4} />;
  if (queue.isError) return <ErrorState onRetry={() => void queue.refetch()} />;
  if (queue.data.items.length === 0) return <EmptyState description="没有待处理的内容。" />;
  return (
    <ol className="frm-list" aria-label="待审核">
      {queue.data.items.map((item) => (
        <li key={`${item.kind}-${item.id}`} className="frm-item" data-testid="forum-queue-item">
          <div className="frm-item__meta">
            <span>
              {FORUM_BOARD_KIND_LABELS[item.board.kind]} · {item.board.title}
            </span>
            <span>{item.kind === 'post' ? '帖子' : `回复「${item.title}」`}</span>
            <StatusTag status={item.status} />
            {item.hold_reason ? <span>原因：{HOLD_LABELS[item.hold_reason]}</span> : null}
          </div>
          {item.kind === 'post' ? <strong className="frm-item__title">{item.title}</strong> : null}
          <p className="frm-body">{item.body}</p>
          <div className="frm-item__meta">
            <AuthorLine author={item.author} at={item.created_at} />
            {item.held_words.length > 0 ? <span>命中：{item.held_words.join('、')}</span> : null}
          </div>
          {item.reports.length > 0 ? (
            <ul className="frm-reports" aria-label="举报理由">
              {item.reports.map((r, i) => (
                <li key={i}>举报：{r.reason}</li>
              ))}
            </ul>
          ) : null}
          <ModerateButtons kind={item.kind} id={item.id} status={item.status} />
        </li>
      ))}
    </ol>
  );
}
