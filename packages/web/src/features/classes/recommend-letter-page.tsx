import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CLASSES_LIMITS } from '@summit/domain/api/classes';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { toast } from '../../lib/notifier.ts';
import { ClassNav } from './class-nav.tsx';
import { CLASS_KEYS, fetchOverview, requestLetter } from './classes-api.ts';
import { beijingDate, letterStatusLabel } from './class-format.ts';
import './classes.css';

interface Recipient {
  name: string;
  email: string;
}

/**
 * /student/manage/recommend-letter: ask a teacher of a completed course for a letter, naming who receives it.
 * The student sees the status only (待撰写 / 撰写中 / 已提交), never the text (decision 055).
 */
export default function RecommendLetterPage() {
  const [search] = useSearchParams();
  const query = useQuery({ queryKey: CLASS_KEYS.overview, queryFn: ({ signal }) => fetchOverview(signal) });
  const eligible = query.data?.courses.filter((c) => c.can_request_letter) ?? [];
  return (
    <div className="cls-page">
      <h1>推荐信</h1>
      <ClassNav />
      {query.isPending ? (
        <LoadingState rows={4} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section className="cls-section" aria-label="我的推荐信">
            <h2>我的推荐信</h2>
            {query.data.letters.length === 0 ? (
              <p className="cls-meta">暂无推荐信申请。</p>
            ) : (
              <ul className="cls-list">
                {query.data.letters.map((l) => (
                  <li key={l.id} className="cls-row" aria-label={`推荐信 ${l.course_title}`}>
                    <span className="cls-row__main">
                      《{l.course_title}》· {l.teacher_name}
                      <span className="cls-meta">
                        收件人：{l.recipients.map((r) => `${r.name}（${r.email}）`).join('、')}
                        {l.submitted_at ? ` · 提交于 ${beijingDate(l.submitted_at)}` : ''}
                      </span>
                    </span>
                    <span className={`cls-tag${l.status === 'submitted' ? ' cls-tag--finished' : ''}`} data-testid="letter-status">
                      {letterStatusLabel(l.status)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="cls-meta">推荐信提交后将以PDF形式发送至你指定的邮箱（链接{CLASSES_LIMITS.letterLinkDays}天内有效）；推荐信内容仅收件人可见。</p>
          </section>
          {eligible.length === 0 ? (
            <EmptyState description="课程结束后，可向任课教师申请推荐信。" />
          ) : (
            <RequestForm courses={eligible.map((c) => ({ id: c.id, label: `${c.title}（${c.teacher_name}）` }))} initial={Number(search.get('course')) || null} />
          )}
        </>
      )}
    </div>
  );
}

function RequestForm({ courses, initial }: { courses: Array<{ id: number; label: string }>; initial: number | null }) {
  const client = useQueryClient();
  const [courseId, setCourseId] = useState<number | null>(courses.some((c) => c.id === initial) ? initial : (courses[0]?.id ?? null));
  const [recipients, setRecipients] = useState<Recipient[]>([{ name: '', email: '' }]);
  const [note, setNote] = useState('');
  const submit = useMutation({
    mutationFn: requestLetter,
    onSuccess: () => {
      toast('success', '推荐信申请已提交');
      setRecipients([{ name: '', email: '' }]);
      setNote('');
    },
    onSettled: () => client.invalidateQueries({ queryKey: CLASS_KEYS.all }),
  });
  const set = (i: number, patch: Partial<Recipient>) => setRecipients((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <section className="cls-section" aria-label="申请推荐信">
      <h2>申请推荐信</h2>
      <form
        className="cls-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (courseId === null) return;
          if (recipients.some((r) => !r.name.trim() || !r.email.trim())) return toast('error', '请填写收件人姓名和邮箱');
          submit.mutate({ course_id: courseId, recipients, note });
        }}
      >
        <label>
          课程与任课教师
          <Select aria-label="课程与任课教师" value={courseId} onChange={setCourseId} options={courses.map((c) => ({ value: c.id, label: c.label }))} />
        </label>
        {recipients.map((r, i) => (
          <div key={i} className="cls-form__row" role="group" aria-label={`收件人${i + 1}`}>
            <label>
              收件人姓名
              <Input value={r.name} maxLength={50} onChange={(e) => set(i, { name: e.target.value })} />
            </label>
            <label>
              收件人邮箱
              <Input type="email" value={r.email} maxLength={120} onChange={(e) => set(i, { email: e.target.value })} />
            </label>
          </div>
        ))}
        <div className="cls-rating">
          {recipients.length < CLASSES_LIMITS.letterRecipientsMax ? <Button onClick={() => setRecipients((rs) => [...rs, { name: '', email: '' }])}>添加收件人</Button> : null}
          {recipients.length > 1 ? <Button onClick={() => setRecipients((rs) => rs.slice(0, -1))}>移除最后一位</Button> : null}
        </div>
        <label>
          给老师的说明（选填）
          <Input.TextArea value={note} maxLength={500} rows={3} onChange={(e) => setNote(e.target.value)} />
        </label>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          提交申请
        </Button>
      </form>
    </section>
  );
}
