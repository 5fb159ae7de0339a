import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { z } from 'zod';
import {
  FORUM_BOARD_KIND_LABELS,
  FORUM_REASON_MAX,
  FORUM_STATUS_LABELS,
  FORUM_WORD_MAX,
  forumBoardSchema,
  forumModeratedSchema,
  forumQueueSchema,
  forumWordListSchema,
  type ForumItemStatus,
  type ForumQueueItem,
} from '@summit/domain/forum';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-state.tsx';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/notifier.ts';
import './forum-tab.css';

const KEYS = { all: ['admin', 'forum'] as const, queue: ['admin', 'forum', 'queue'] as const, words: ['admin', 'forum', 'words'] as const, boards: ['admin', 'forum', 'boards'] as const };
const HOLD_LABELS = { filter: '敏感词', reports: '多人举报' } as const;
const boardList = z.array(forumBoardSchema);
const when = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

/** /admin/forum — 论坛审核 (decision 102): the moderation queue of every board, the sensitive-word list, the programme boards. */
export default function ForumTab() {
  return (
    <div className="forum-admin">
      <Queue />
      <Words />
      <Boards />
    </div>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEYS.all });
}

function Queue() {
  const queue = useQuery({ queryKey: KEYS.queue, queryFn: ({ signal }) => api.get('/admin/forum/queue', { schema: forumQueueSchema, signal }) });
  return (
    <section className="forum-admin__section" aria-labelledby="forum-admin-queue">
      <h2 id="forum-admin-queue">审核队列</h2>
      <p className="forum-admin__muted">含敏感词而待审核的帖子和回复、被举报的帖子。恢复后对版块成员可见；隐藏后仅作者可见（标为已隐藏）。每次处理都写入操作日志。</p>
      {queue.isPending ? (
        <LoadingState rows={3} />
      ) : queue.isError ? (
        <ErrorState onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState description="没有待处理的内容。" />
      ) : (
        <ol className="forum-admin__list">
          {queue.data.items.map((item) => (
            <QueueItem key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function StatusTag({ status }: { status: ForumItemStatus }) {
  return <Tag color={status === 'held' ? 'orange' : status === 'hidden' ? 'default' : 'green'}>{FORUM_STATUS_LABELS[status]}</Tag>;
}

function QueueItem({ item }: { item: ForumQueueItem }) {
  const [reason, setReason] = useState('');
  const refresh = useRefresh();
  const act = useMutation({
    mutationFn: (action: 'hide' | 'restore') => api.post(`/admin/forum/${item.kind === 'post' ? 'posts' : 'replies'}/${item.id}/${action}`, { reason }, { schema: forumModeratedSchema }),
    onSuccess: (res) => toast('success', res.status === 'hidden' ? '已隐藏' : '已恢复'),
    onSettled: refresh,
  });
  return (
    <li className="forum-admin__item" data-testid="forum-admin-queue-item">
      <div className="forum-admin__meta">
        <span>
          {FORUM_BOARD_KIND_LABELS[item.board.kind]} · {item.board.title}
        </span>
        <span>{item.kind === 'post' ? '帖子' : `回复「${item.title}」`}</span>
        <StatusTag status={item.status} />
        {item.hold_reason ? <span>原因：{HOLD_LABELS[item.hold_reason]}</span> : null}
        {item.held_words.length > 0 ? <span>命中：{item.held_words.join('、')}</span> : null}
      </div>
      {item.kind === 'post' ? <strong>{item.title}</strong> : null}
      <p className="forum-admin__body">{item.body}</p>
      <div className="forum-admin__meta">
        <span>
          {item.author.name}
          {item.author.house ? `（${item.author.house.name}）` : ''}
        </span>
        <time dateTime={item.created_at}>{when(item.created_at)}</time>
      </div>
      {item.reports.length > 0 ? (
        <ul className="forum-admin__reports" aria-label="举报理由">
          {item.reports.map((r, i) => (
            <li key={i}>
              举报：{r.reason}（{when(r.created_at)}）
            </li>
          ))}
        </ul>
      ) : null}
      <div className="forum-admin__row">
        <Input aria-label="处理说明" value={reason} maxLength={FORUM_REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="处理说明（写入操作日志）" />
        {item.status !== 'visible' ? (
          <Button type="primary" disabled={!reason.trim()} loading={act.isPending && act.variables === 'restore'} onClick={() => act.mutate('restore')}>
            恢复
          </Button>
        ) : null}
        <Button danger disabled={!reason.trim()} loading={act.isPending && act.variables === 'hide'} onClick={() => act.mutate('hide')}>
          隐藏
        </Button>
      </div>
    </li>
  );
}

function Words() {
  const words = useQuery({ queryKey: KEYS.words, queryFn: ({ signal }) => api.get('/admin/forum/words', { schema: forumWordListSchema, signal }) });
  const [text, setText] = useState('');
  const refresh = useRefresh();
  const parsed = [...new Set(text.split(/[\s,，、;；]+/).map((w) => w.trim()).filter((w) => w.length > 0))];
  const tooLong = parsed.find((w) => w.length > FORUM_WORD_MAX);
  const add = useMutation({
    mutationFn: () => api.post('/admin/forum/words', { words: parsed }, { schema: forumWordListSchema, fieldNames: ['words'] }),
    onSuccess: () => {
      toast('success', '敏感词已更新');
      setText('');
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.request(`/admin/forum/words/${id}`, { method: 'DELETE', schema: forumWordListSchema }),
    onSuccess: () => toast('success', '敏感词已更新'),
    onSettled: refresh,
  });
  return (
    <section className="forum-admin__section" aria-labelledby="forum-admin-words">
      <h2 id="forum-admin-words">敏感词</h2>
      <p className="forum-admin__muted">发帖和回复含以下任一词语（忽略大小写、空格和标点）时先进入审核队列。修改立即对所有服务器生效。</p>
      <form
        className="forum-admin__row"
        aria-label="添加敏感词"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.length > 0 && !tooLong) add.mutate();
        }}
      >
        <Input aria-label="新敏感词" value={text} onChange={(e) => setText(e.target.value)} placeholder="一个或多个词，用空格或逗号分隔" />
        <Button htmlType="submit" type="primary" loading={add.isPending} disabled={parsed.length === 0 || Boolean(tooLong)}>
          添加
        </Button>
      </form>
      {tooLong ? <p className="forum-admin__error">「{tooLong}」超过 {FORUM_WORD_MAX} 个字符</p> : null}
      {words.isPending ? (
        <LoadingState rows={2} />
      ) : words.isError ? (
        <ErrorState onRetry={() => void words.refetch()} />
      ) : words.data.items.length === 0 ? (
        <EmptyState description="还没有敏感词。" />
      ) : (
        <ul className="forum-admin__words" aria-label="敏感词列表">
          {words.data.items.map((w) => (
            <li key={w.id}>
              <span>{w.word}</span>
              <Button size="small" aria-label={`删除敏感词 ${w.word}`} loading={remove.isPending && remove.variables === w.id} onClick={() => remove.mutate(w.id)}>
                删除
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Boards() {
  const boards = useQuery({ queryKey: KEYS.boards, queryFn: ({ signal }) => api.get('/admin/forum/boards', { schema: boardList, signal }) });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const refresh = useRefresh();
  const create = useMutation({
    mutationFn: () => api.post('/admin/forum/boards', { title, description }, { schema: forumBoardSchema, fieldNames: ['title', 'description'] }),
    onSuccess: () => {
      toast('success', '版块已创建');
      setTitle('');
      setDescription('');
    },
    onSettled: refresh,
  });
  return (
    <section className="forum-admin__section" aria-labelledby="forum-admin-boards">
      <h2 id="forum-admin-boards">版块</h2>
      <p className="forum-admin__muted">项目版块对全体已缴学费的学生开放；课程版块和学院版块在课程或学院第一次使用论坛时自动建立。</p>
      <form
        className="forum-admin__row"
        aria-label="新建项目版块"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) create.mutate();
        }}
      >
        <Input aria-label="版块名称" value={title} maxLength={30} onChange={(e) => setTitle(e.target.value)} placeholder="版块名称" />
        <Input aria-label="版块说明" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} placeholder="一句话说明（可选）" />
        <Button htmlType="submit" type="primary" loading={create.isPending} disabled={!title.trim()}>
          新建项目版块
        </Button>
      </form>
      {boards.isPending ? (
        <LoadingState rows={2} />
      ) : boards.isError ? (
        <ErrorState onRetry={() => void boards.refetch()} />
      ) : boards.data.length === 0 ? (
        <EmptyState description="还没有版块。" />
      ) : (
        <ul className="forum-admin__boards">
          {boards.data.map((b) => (
            <li key={b.id}>
              <Tag>{FORUM_BOARD_KIND_LABELS[b.kind]}</Tag>
              <span className="forum-admin__board-title">{b.title}</span>
              <span className="forum-admin__muted">{b.post_count} 个帖子</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
