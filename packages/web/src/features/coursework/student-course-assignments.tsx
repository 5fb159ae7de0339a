import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { StudentAssignment } from '@summit/domain/api/coursework';
import type { UploadedFile } from '@summit/domain/uploader';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { FileList } from './file-list.tsx';
import { MultiFileField } from './multi-file-field.tsx';
import { formatTime, isPastDue, scoreText, submitLabel } from './coursework-format.ts';
import { CW_KEYS, fetchStudentAssignments, submitAssignment } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';
import './coursework.css';

function AssignmentCard({ a }: { a: StudentAssignment }) {
  const s = a.submission;
  const pastDue = isPastDue(a.due_at, a.server_now);
  const locked = s !== null && (s.graded_at !== null || pastDue);
  const [text, setText] = useState(s?.text ?? '');
  const [files, setFiles] = useState<UploadedFile[]>(s?.files ?? []);
  useEffect(() => {
    setText(s?.text ?? '');
    setFiles(s?.files ?? []);
  }, [s]);
  const submit = useCwAction(() => submitAssignment(a.id, { text, files }), pastDue ? '已提交（迟交）' : '提交成功');
  return (
    <article className="cw-card" aria-label={a.title}>
      <div className="cw-row">
        <h3>{a.title}</h3>
        {!s ? (
          <span className={pastDue ? 'cw-tag cw-tag--late' : 'cw-tag cw-tag--wait'}>{pastDue ? '已截止，未提交' : '未提交'}</span>
        ) : s.late ? (
          <span className="cw-tag cw-tag--late">迟交</span>
        ) : (
          <span className="cw-tag cw-tag--ok">已提交</span>
        )}
        {s?.graded_at ? <span className="cw-tag cw-tag--ok">得分 {scoreText(s.score, a.max_score)}</span> : null}
      </div>
      <p className="cw-muted">
        截止：{formatTime(a.due_at)} · 文件类型：{a.allowed_types.join('、')} · 单个文件不超过 {a.max_size_mb}MB
      </p>
      {/* Sanitised on the server (content sanitiser). */}
      <div className="cw-instructions rich-text" dangerouslySetInnerHTML={{ __html: a.instructions }} />
      {s?.graded_at ? (
        <div className="cw-card" aria-label="老师评分">
          {a.rubric.length > 0 ? <p className="cw-muted">{a.rubric.map((c, i) => `${c.name} ${s.rubric_points[i] ?? 0}/${c.points}`).join('；')}</p> : null}
          {s.comment ? <p className="cw-pre">评语：{s.comment}</p> : null}
        </div>
      ) : null}
      {locked ? (
        <>
          {s?.text ? <p className="cw-pre">{s.text}</p> : null}
          <FileList files={s?.files ?? []} />
          <p className="cw-muted">提交时间：{formatTime(s?.submitted_at)}{s?.graded_at ? '' : '（已截止，不能再修改）'}</p>
        </>
      ) : (
        <>
          <Input.TextArea aria-label={`${a.title} 作业内容`} rows={4} maxLength={20000} value={text} onChange={(e) => setText(e.target.value)} placeholder="作业内容（可选，也可只上传文件）" />
          <div style={{ marginTop: 8 }}>
            <MultiFileField value={files} onChange={setFiles} accept={a.allowed_types} maxSize={`${a.max_size_mb}MB`} />
          </div>
          {s ? <p className="cw-muted">已于 {formatTime(s.submitted_at)} 提交，截止前可重新提交。</p> : null}
          <div className="cw-form-actions">
            <Button type="primary" loading={submit.isPending} disabled={text.trim() === '' && files.length === 0} onClick={() => submit.mutate(undefined)}>
              {submitLabel(s !== null, pastDue)}
            </Button>
          </div>
        </>
      )}
    </article>
  );
}

/** A course's assignments for an enrolled student: instructions, hand-in (text + files), the teacher's grading. Embeddable. */
export function StudentCourseAssignments({ courseId, showTitle = false }: { courseId: number; showTitle?: boolean }) {
  const data = useQuery({ queryKey: CW_KEYS.studentAssignments(courseId), queryFn: ({ signal }) => fetchStudentAssignments(courseId, signal) });
  if (data.isPending) return <LoadingState rows={3} />;
  if (data.isError) return isNoPermission(data.error) ? <ForbiddenState title="无权限访问！" detail="您没有选修这门课程。" /> : <ErrorState onRetry={() => void data.refetch()} />;
  return (
    <section className="cw-section" aria-label={`${data.data.course.title} 作业`}>
      {showTitle ? <h2>{data.data.course.title}</h2> : null}
      {data.data.assignments.length === 0 ? <EmptyState description="这门课还没有作业。" /> : data.data.assignments.map((a) => <AssignmentCard key={a.id} a={a} />)}
    </section>
  );
}
