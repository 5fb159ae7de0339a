import { useState } from 'react';
import { Button, Input, Pagination, Popconfirm, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  FORUM_BOARD_KIND_LABELS,
  FORUM_BODY_MAX,
  FORUM_REASON_MAX,
  FORUM_REPLY_MAX,
  FORUM_STATUS_LABELS,
  FORUM_TITLE_MAX,
  type ForumAuthor,
  type ForumBoard,
  type ForumItemStatus,
  type ForumPostDetail,
} from '@summit/domain/forum';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { FORUM_KEYS, createPost, deletePost, deleteReply, editPost, fetchBoards, fetchPost, fetchPosts, moderate, replyTo, reportPost, setLike, type ForumArea } from './forum-api.ts';
import './forum.css';

const when = (iso: string) => dayjs(iso).tz('Asia/Shanghai').format('MM-DD HH:mm');

export function StatusTag({ status }: { status: ForumItemStatus }) {
  if (status === 'visible') return null;
  return (
    <Tag color={status === 'held' ? 'orange' : 'default'} className="frm-status" data-testid="forum-status">
      {FORUM_STATUS_LABELS[status]}
    </Tag>
  );
}

export function AuthorLine({ author, at }: { author: ForumAuthor; at: string }) {
  return (
    <span className="frm-author">
      <span className="frm-author__name">{author.name}</span>
      {author.house ? (
        <span className="frm-house" style={{ borderColor: author.house.colour }}>
          {author.house.name}
        </span>
      ) : null}
      <time dateTime={at}>{when(at)}</time>
    </span>
  );
}

/**
 * The boards, a board's posts and one post with its replies, for a student or a teacher. The board and post are
 * in the address (?board=&post=), so the back button and a shared link work.
 */
export function ForumBoards({ area }: { area: ForumArea }) {
  const [search, setSearch] = useSearchParams();
  const boards = useQuery({ queryKey: FORUM_KEYS.boards(area), queryFn: ({ signal }) => fetchBoards(area, signal) });
  const postId = Number(search.get('post')) || null;
  const picked = Number(search.get('board')) || boards.data?.[0]?.id || null;
  const go = (next: { board?: number | null; post?: number | null }) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value) params.set(key, String(value));
      else params.delete(key);
    }
    setSearch(params);
  };

  if (boards.isPending) return <LoadingState rows={5} />;
  if (boards.isError) return <ErrorState onRetry={() => void boards.refetch()} />;
  if (boards.data.length === 0 || picked === null) return <EmptyState description="暂时还没有可以参与的版块。" />;
  const board = boards.data.find((b) => b.id === picked) ?? boards.data[0]!;
  return (
    <div className="frm-layout">
      <nav className="frm-boards" aria-label="版块">
        {boards.data.map((b) => (
          <button key={b.id} type="button" className="frm-board" aria-pressed={b.id === board.id} onClick={() => go({ board: b.id, post: null })}>
            <span className="frm-board__kind">{FORUM_BOARD_KIND_LABELS[b.kind]}</span>
            <span className="frm-board__title">{b.title}</span>
            <span className="frm-board__count" aria-label={`${b.post_count} 个帖子`}>
              {b.post_count}
            </span>
          </button>
        ))}
      </nav>
      <div className="frm-main">{postId ? <PostView area={area} id={postId} onBack={() => go({ post: null })} /> : <BoardView area={area} board={board} onOpen={(id) => go({ post: id })} />}</div>
    </div>
  );
}

function BoardView({ area, board, onOpen }: { area: ForumArea; board: ForumBoard; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  const posts = useQuery({ queryKey: FORUM_KEYS.posts(area, board.id, page), queryFn: ({ signal }) => fetchPosts(area, board.id, page, signal) });
  return (
    <section className="frm-section" aria-labelledby="frm-board-title">
      <div className="frm-head">
        <div>
          <h2 id="frm-board-title">{board.title}</h2>
          {board.description ? <p className="frm-muted">{board.description}</p> : null}
        </div>
        {composing ? null : (
          <Button type="primary" onClick={() => setComposing(true)}>
            发帖
          </Button>
        )}
      </div>
      {composing ? <Composer area={area} boardId={board.id} onDone={() => setComposing(false)} /> : null}
      {posts.isPending ? (
        <LoadingState rows={4} />
      ) : posts.isError ? (
        <ErrorState onRetry={() => void posts.refetch()} />
      ) : posts.data.items.length === 0 ? (
        <EmptyState description="这个版块还没有帖子，来发第一个吧。" />
      ) : (
        <>
          <ol className="frm-list">
            {posts.data.items.map((p) => (
              <li key={p.id} className="frm-item" data-testid="forum-post">
                <button type="button" className="frm-item__open" onClick={() => onOpen(p.id)}>
                  <span className="frm-item__title">
                    <StatusTag status={p.status} />
                    {p.title}
                  </span>
                  <span className="frm-item__excerpt">{p.excerpt}</span>
                </button>
                <div className="frm-item__meta">
                  <AuthorLine author={p.author} at={p.created_at} />
                  <span>赞 {p.like_count}</span>
                  <span>回复 {p.reply_count}</span>
                </div>
              </li>
            ))}
          </ol>
          {posts.data.total > posts.data.page_size ? <Pagination current={page} pageSize={posts.data.page_size} total={posts.data.total} onChange={setPage} showSizeChanger={false} /> : null}
        </>
      )}
    </section>
  );
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: FORUM_KEYS.all });
}

function Composer({ area, boardId, onDone, editing }: { area: ForumArea; boardId: number; onDone: () => void; editing?: { id: number; title: string; body: string } }) {
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: () => (editing ? editPost(area, editing.id, { title, body }) : createPost(area, { board_id: boardId, title, body })),
    onSuccess: (res) => {
      toast(res.status === 'held' ? 'warning' : 'success', res.status === 'held' ? '内容包含需审核的词语，审核通过后其他同学才能看到' : editing ? '已保存' : '发布成功');
      onDone();
    },
    onSettled: invalidate,
  });
  const ready = title.trim().length > 0 && body.trim().length > 0;
  return (
    <form
      className="frm-form"
      aria-label={editing ? '编辑帖子' : '发帖'}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) save.mutate();
      }}
    >
      <label>
        标题
        <Input value={title} maxLength={FORUM_TITLE_MAX} showCount onChange={(e) => setTitle(e.target.value)} placeholder="一句话说清楚主题" />
      </label>
      <label>
        内容
        <Input.TextArea value={body} maxLength={FORUM_BODY_MAX} autoSize={{ minRows: 4, maxRows: 12 }} onChange={(e) => setBody(e.target.value)} placeholder="请文明发言，不要留下微信、QQ、手机号等联系方式" />
      </label>
      <div className="frm-actions">
        <Button htmlType="submit" type="primary" loading={save.isPending} disabled={!ready}>
          {editing ? '保存' : '发布'}
        </Button>
        <Button onClick={onDone}>取消</Button>
      </div>
    </form>
  );
}

function PostView({ area, id, onBack }: { area: ForumArea; id: number; onBack: () => void }) {
  const post = useQuery({ queryKey: FORUM_KEYS.post(area, id), queryFn: ({ signal }) => fetchPost(area, id, signal) });
  const [editing, setEditing] = useState(false);
  const invalidate = useInvalidate();
  const remove = useMutation({
    mutationFn: () => deletePost(area, id),
    onSuccess: () => {
      toast('success', '已删除');
      onBack();
    },
    onSettled: invalidate,
  });
  return (
    <section className="frm-section" aria-label="帖子">
      <div>
        <Button onClick={onBack}>返回列表</Button>
      </div>
      {post.isPending ? (
        <LoadingState rows={5} />
      ) : post.isError ? (
        <ErrorState title="帖子不存在或已被隐藏" onRetry={() => void post.refetch()} />
      ) : editing ? (
        <Composer area={area} boardId={post.data.board_id} editing={{ id, title: post.data.title, body: post.data.body }} onDone={() => setEditing(false)} />
      ) : (
        <>
          <article className="frm-post" data-testid="forum-post-detail">
            <h2>
              <StatusTag status={post.data.status} />
              {post.data.title}
            </h2>
            <div className="frm-item__meta">
              <AuthorLine author={post.data.author} at={post.data.created_at} />
              {post.data.edited_at ? <span>已编辑</span> : null}
            </div>
            {post.data.status === 'held' && post.data.mine ? <p className="frm-notice">待审核：审核通过后其他同学才能看到这篇帖子。</p> : null}
            <p className="frm-body">{post.data.body}</p>
          </article>
          <div className="frm-actions">
            {area === 'student' && post.data.status === 'visible' ? <LikeButton post={post.data} /> : null}
            {post.data.mine ? (
              <>
                <Button onClick={() => setEditing(true)}>编辑</Button>
                <Popconfirm title="删除这篇帖子？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate()}>
                  <Button danger loading={remove.isPending}>
                    删除
                  </Button>
                </Popconfirm>
              </>
            ) : null}
            {area === 'student' && !post.data.mine ? <ReportButton post={post.data} /> : null}
            {post.data.can_moderate ? <ModerateButtons kind="post" id={id} status={post.data.status} /> : null}
          </div>
          <Replies area={area} post={post.data} />
        </>
      )}
    </section>
  );
}

function LikeButton({ post }: { post: ForumPostDetail }) {
  const invalidate = useInvalidate();
  const toggle = useMutation({ mutationFn: () => setLike(post.id, !post.liked), onSettled: invalidate });
  return (
    <Button aria-pressed={post.liked} type={post.liked ? 'primary' : 'default'} ghost={post.liked} loading={toggle.isPending} onClick={() => toggle.mutate()}>
      {post.liked ? '已赞' : '点赞'} {post.like_count}
    </Button>
  );
}

function ReportButton({ post }: { post: ForumPostDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const invalidate = useInvalidate();
  const send = useMutation({
    mutationFn: () => reportPost(post.id, reason),
    onSuccess: () => {
      toast('success', '举报已提交，感谢你的提醒');
      setOpen(false);
    },
    onSettled: invalidate,
  });
  if (post.reported) return <span className="frm-muted">已举报</span>;
  if (!open) return <Button onClick={() => setOpen(true)}>举报</Button>;
  return (
    <form
      className="frm-inline"
      aria-label="举报"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) send.mutate();
      }}
    >
      <Input aria-label="举报理由" value={reason} maxLength={FORUM_REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="举报理由，如：不友善、广告、留联系方式" />
      <Button htmlType="submit" danger loading={send.isPending} disabled={!reason.trim()}>
        提交举报
      </Button>
      <Button onClick={() => setOpen(false)}>取消</Button>
    </form>
  );
}

/** Hide or restore, with the reason the audit log keeps. */
export function ModerateButtons({ kind, id, status, area = 'teacher' }: { kind: 'post' | 'reply'; id: number; status: ForumItemStatus; area?: 'teacher' | 'admin' }) {
  const [reason, setReason] = useState('');
  const invalidate = useInvalidate();
  const act = useMutation({
    mutationFn: (action: 'hide' | 'restore') => moderate(area, kind, id, action, reason),
    onSuccess: (res) => {
      toast('success', res.status === 'hidden' ? '已隐藏' : '已恢复');
      setReason('');
    },
    onSettled: invalidate,
  });
  return (
    <div className="frm-inline">
      <Input aria-label="处理说明" value={reason} maxLength={FORUM_REASON_MAX} onChange={(e) => setReason(e.target.value)} placeholder="处理说明（写入操作日志）" />
      {status !== 'visible' ? (
        <Button type="primary" disabled={!reason.trim()} loading={act.isPending && act.variables === 'restore'} onClick={() => act.mutate('restore')}>
          恢复
        </Button>
      ) : null}
      {status !== 'hidden' ? (
        <Button danger disabled={!reason.trim()} loading={act.isPending && act.variables === 'hide'} onClick={() => act.mutate('hide')}>
          隐藏
        </Button>
      ) : null}
    </div>
  );
}

function Replies({ area, post }: { area: ForumArea; post: ForumPostDetail }) {
  const [body, setBody] = useState('');
  const invalidate = useInvalidate();
  const send = useMutation({
    mutationFn: () => replyTo(area, post.id, body),
    onSuccess: (res) => {
      toast(res.status === 'held' ? 'warning' : 'success', res.status === 'held' ? '回复包含需审核的词语，审核通过后其他同学才能看到' : '回复成功');
      setBody('');
    },
    onSettled: invalidate,
  });
  const remove = useMutation({ mutationFn: (rid: number) => deleteReply(area, rid), onSuccess: () => toast('success', '已删除'), onSettled: invalidate });
  return (
    <section className="frm-replies" aria-label="回复">
      <h3>回复 {post.replies.filter((r) => r.status === 'visible').length}</h3>
      {post.replies.length === 0 ? <p className="frm-muted">还没有回复。</p> : null}
      <ol className="frm-list">
        {post.replies.map((r) => (
          <li key={r.id} className="frm-reply" data-testid="forum-reply">
            <div className="frm-item__meta">
              <AuthorLine author={r.author} at={r.created_at} />
              <StatusTag status={r.status} />
            </div>
            <p className="frm-body">{r.body}</p>
            <div className="frm-actions">
              {r.mine ? (
                <Popconfirm title="删除这条回复？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(r.id)}>
                  <Button size="small">删除</Button>
                </Popconfirm>
              ) : null}
              {post.can_moderate ? <ModerateButtons kind="reply" id={r.id} status={r.status} /> : null}
            </div>
          </li>
        ))}
      </ol>
      {post.status === 'visible' ? (
        <form
          className="frm-form"
          aria-label="写回复"
          onSubmit={(e) => {
            e.preventDefault();
            if (body.trim()) send.mutate();
          }}
        >
          <label>
            写回复
            <Input.TextArea value={body} maxLength={FORUM_REPLY_MAX} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => setBody(e.target.value)} />
          </label>
          <div className="frm-actions">
            <Button htmlType="submit" type="primary" loading={send.isPending} disabled={!body.trim()}>
              回复
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
