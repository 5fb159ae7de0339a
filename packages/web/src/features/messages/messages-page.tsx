import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { studentMessageListSchema, studentMessageSchema, unreadCountSchema, type StudentMessage, type StudentMessageList } from '@summit/domain/api/messages';
import { api } from '../../lib/api-client.ts';
import { SESSION_KEYS } from '../../lib/session.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import './messages.css';

const KEY = ['student', 'messages', 'list'] as const;
const fetchMessages = (signal?: AbortSignal) => api.get('/student/messages', { schema: studentMessageListSchema, ...(signal ? { signal } : {}) });
const markRead = (id: number) => api.post(`/student/messages/${id}/read`, undefined, { schema: studentMessageSchema });
const markAllRead = () => api.post('/student/messages/read-all', undefined, { schema: unreadCountSchema });

/** /student/messages — 消息: every notice the student has had, newest first; opening one marks it read (decision 061). */
export default function MessagesPage() {
  const qc = useQueryClient();
  const [open, setOpen] = useState<number | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchMessages(signal) });
  const refreshBadge = () => void qc.invalidateQueries({ queryKey: SESSION_KEYS.unreadMessages });
  const read = useMutation({
    mutationFn: markRead,
    onSuccess: (m) => {
      qc.setQueryData<StudentMessageList>(KEY, (old) =>
        old ? { unread: Math.max(0, old.unread - (old.items.find((i) => i.id === m.id)?.read_at ? 0 : 1)), items: old.items.map((i) => (i.id === m.id ? m : i)) } : old,
      );
      refreshBadge();
    },
  });
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: () => (void qc.invalidateQueries({ queryKey: KEY }), refreshBadge()) });

  const toggle = (m: StudentMessage) => {
    setOpen(open === m.id ? null : m.id);
    if (!m.read_at) read.mutate(m.id);
  };

  return (
    <div className="msg-page">
      <div className="msg-head">
        <h1>消息</h1>
        {query.data && query.data.unread > 0 ? (
          <Button onClick={() => readAll.mutate()} loading={readAll.isPending}>
            全部标为已读
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <LoadingState rows={5} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState description="暂无消息" />
      ) : (
        <>
          <p className="msg-muted" data-testid="messages-unread">
            {query.data.unread > 0 ? `${query.data.unread} 条未读` : '全部已读'}
          </p>
          <ol className="msg-list">
            {query.data.items.map((m) => (
              <li key={m.id} className={`msg-item${m.read_at ? '' : ' msg-item--unread'}`} data-testid="message-item">
                <button type="button" className="msg-item__head" aria-expanded={open === m.id} onClick={() => toggle(m)}>
                  <span className="msg-item__title">
                    {m.read_at ? null : <Tag color="red">未读</Tag>}
                    {m.title}
                  </span>
                  <time className="msg-muted" dateTime={m.created_at}>
                    {dayjs(m.created_at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')}
                  </time>
                </button>
                {open === m.id ? (
                  m.format === 'html' ? (
                    // Sanitised by the server on every write (decision 061), like the content pages' rich text.
                    <div className="msg-item__body rich-text" dangerouslySetInnerHTML={{ __html: m.body }} />
                  ) : (
                    <div className="msg-item__body msg-item__body--text">{m.body}</div>
                  )
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
