import { useEffect, useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { LetterTeacherView } from '@summit/domain/api/classes';
import RichTextEditor from '../../components/rich-text-editor.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { toast } from '../../lib/notifier.ts';
import { CLASS_KEYS, fetchTeacherLetter, fetchTeacherLetters, resendLetter, writeLetter } from './classes-api.ts';
import { beijingDate, letterStatusLabel } from './class-format.ts';
import './classes.css';

/**
 * /teacher/recommend-letter (the letters students asked of me) and /teacher/recommend-letter/{id} (write, save a
 * draft, submit). Submitting sends each recipient an expiring link to the PDF (decision 055).
 */
export default function TeacherLettersPage() {
  const id = Number(useParams().id);
  return <div className="cls-page">{Number.isInteger(id) && id > 0 ? <LetterEditor id={id} /> : <LetterList />}</div>;
}

function LetterList() {
  const query = useQuery({ queryKey: CLASS_KEYS.teacherLetters, queryFn: ({ signal }) => fetchTeacherLetters(signal) });
  return (
    <>
      <h1>推荐信</h1>
      {query.isPending ? (
        <LoadingState rows={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState description="暂无学生向你申请推荐信。" />
      ) : (
        <ul className="cls-list" aria-label="推荐信申请">
          {query.data.map((l) => (
            <li key={l.id} className="cls-row">
              <span className="cls-row__main">
                <strong>{l.student_name}</strong>·《{l.course_title}》
                <span className="cls-meta">申请于 {beijingDate(l.created_at)}</span>
              </span>
              <span className={`cls-tag${l.status === 'submitted' ? ' cls-tag--finished' : ''}`}>{letterStatusLabel(l.status)}</span>
              <Link to={`/teacher/recommend-letter/${l.id}`} aria-label={`${l.status === 'submitted' ? '查看' : '撰写'}推荐信：${l.student_name}`}>
                {l.status === 'submitted' ? '查看' : '撰写'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function LetterEditor({ id }: { id: number }) {
  const query = useQuery({ queryKey: CLASS_KEYS.teacherLetter(id), queryFn: ({ signal }) => fetchTeacherLetter(id, signal), retry: false });
  if (query.isPending) return <LoadingState rows={6} />;
  if (query.isError) return <ErrorState title="无法打开该推荐信" detail={query.error.message} onRetry={() => void query.refetch()} />;
  return <LetterForm letter={query.data} />;
}

function LetterForm({ letter }: { letter: LetterTeacherView }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [html, setHtml] = useState(letter.body_html);
  useEffect(() => setHtml(letter.body_html), [letter.body_html]);
  const save = useMutation({
    mutationFn: (submit: boolean) => writeLetter(letter.id, { body_html: html, submit }),
    onSuccess: (saved, submit) => {
      if (!submit) return toast('success', '草稿已保存');
      if (saved.unsent_recipients > 0) return toast('warning', '推荐信已提交，部分邮件发送失败，请稍后点击“重新发送”');
      toast('success', '推荐信已提交，并已发送至申请人指定的邮箱');
      void navigate(PATHS.teacherRecommendLetters);
    },
    onSettled: () => client.invalidateQueries({ queryKey: CLASS_KEYS.all }),
  });
  const resend = useMutation({
    mutationFn: () => resendLetter(letter.id),
    onSuccess: (saved) => toast(saved.unsent_recipients > 0 ? 'warning' : 'success', saved.unsent_recipients > 0 ? '仍有邮件发送失败，请稍后再试' : '邮件已重新发送'),
    onSettled: () => client.invalidateQueries({ queryKey: CLASS_KEYS.all }),
  });
  const locked = letter.status === 'submitted';
  return (
    <>
      <h1>推荐信：{letter.student_name}</h1>
      <p>
        <Link to={PATHS.teacherRecommendLetters}>返回列表</Link>
      </p>
      <section className="cls-section" aria-label="申请信息">
        <div className="cls-meta">
          <span>课程：《{letter.course_title}》</span>
          <span>状态：{letterStatusLabel(letter.status)}</span>
        </div>
        <p>收件人：{letter.recipients.map((r) => `${r.name}（${r.email}）`).join('、')}</p>
        {letter.note ? <p className="cls-pre">学生说明：{letter.note}</p> : null}
        {letter.verify_code ? <p className="cls-meta">验证编号：{letter.verify_code}</p> : null}
        {locked && letter.unsent_recipients > 0 ? (
          <p role="alert">
            {letter.unsent_recipients} 位收件人的邮件未发送成功。
            <Button onClick={() => resend.mutate()} loading={resend.isPending}>
              重新发送
            </Button>
          </p>
        ) : null}
      </section>
      <section className="cls-section" aria-label="推荐信正文">
        <h2>正文</h2>
        {locked ? (
          // Sanitised by the server on every write (decision 013's allow-list).
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: letter.body_html }} />
        ) : (
          <>
            <RichTextEditor value={html} onChange={setHtml} label="推荐信正文" minHeight={240} />
            <div className="cls-rating">
              <Button onClick={() => save.mutate(false)} loading={save.isPending && save.variables === false}>
                保存草稿
              </Button>
              <Popconfirm title="提交后不可修改，PDF 将发送至收件人邮箱。确认提交？" okText="确认提交" cancelText="再想想" onConfirm={() => save.mutate(true)}>
                <Button type="primary" loading={save.isPending && save.variables === true}>
                  提交推荐信
                </Button>
              </Popconfirm>
            </div>
          </>
        )}
      </section>
    </>
  );
}
