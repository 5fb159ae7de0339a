import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Popconfirm } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { computeFinalGrade, type TeacherGradeBook } from '@summit/domain';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { beijingWallClockToIso, formatTime } from './coursework-format.ts';
import { CW_KEYS, fetchGradeBook, saveComponents, saveStudentGrade, setPublication } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';
import './coursework.css';

type Draft = Array<{ id?: number; name: string; weight: number }>;

function ComponentsEditor({ courseId, book }: { courseId: number; book: TeacherGradeBook }) {
  const [draft, setDraft] = useState<Draft>(book.components);
  useEffect(() => setDraft(book.components.length > 0 ? book.components : [{ name: '平时作业', weight: 40 }, { name: '期末', weight: 60 }]), [book.components]);
  const save = useCwAction((d: Draft) => saveComponents(courseId, d), '成绩项已保存');
  const total = draft.reduce((s, c) => s + (c.weight || 0), 0);
  return (
    <div className="cw-card" aria-label="成绩项与权重">
      <h3>成绩项与权重</h3>
      {draft.map((c, i) => (
        <div className="cw-rubric-row" key={c.id ?? `new-${i}`}>
          <Input aria-label="成绩项名称" value={c.name} maxLength={40} style={{ width: 180 }} onChange={(e) => setDraft(draft.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
          <InputNumber aria-label="权重" value={c.weight} min={1} max={100} precision={0} suffix="%" onChange={(v) => setDraft(draft.map((x, j) => (j === i ? { ...x, weight: Number(v) || 0 } : x)))} />
          <Button onClick={() => setDraft(draft.filter((_, j) => j !== i))} disabled={draft.length <= 1}>
            删除
          </Button>
        </div>
      ))}
      <p className={total === 100 ? 'cw-muted' : 'cw-tag cw-tag--late'}>权重合计：{total}%（须为100%）</p>
      <div className="cw-form-actions">
        <Button onClick={() => setDraft([...draft, { name: '', weight: 10 }])} disabled={draft.length >= 10}>
          添加成绩项
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(draft.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, weight: c.weight })))}>
          保存成绩项
        </Button>
      </div>
    </div>
  );
}

function StudentRow({ courseId, book, student }: { courseId: number; book: TeacherGradeBook; student: TeacherGradeBook['students'][number] }) {
  const [scores, setScores] = useState<Record<string, number | undefined>>(student.scores);
  useEffect(() => setScores(student.scores), [student.scores]);
  const save = useCwAction(() => saveStudentGrade(courseId, student.student_id, Object.fromEntries(Object.entries(scores).filter((e): e is [string, number] => typeof e[1] === 'number'))), '成绩已保存');
  const preview = computeFinalGrade(book.components, scores);
  return (
    <tr>
      <th scope="row">{student.student_name || `学生${student.student_id}`}</th>
      {book.components.map((c) => (
        <td key={c.id}>
          <InputNumber
            aria-label={`${student.student_name} ${c.name}`}
            min={0}
            max={100}
            step={0.5}
            value={scores[String(c.id)] ?? null}
            onChange={(v) => setScores({ ...scores, [String(c.id)]: v === null ? undefined : Number(v) })}
            style={{ width: 90 }}
          />
        </td>
      ))}
      <td>{preview === null ? '—' : preview}</td>
      <td>
        <Button size="small" type="primary" loading={save.isPending} onClick={() => save.mutate(undefined)}>
          保存
        </Button>
      </td>
    </tr>
  );
}

function PublishControl({ courseId, book }: { courseId: number; book: TeacherGradeBook }) {
  const [picked, setPicked] = useState<Dayjs | null>(book.publish_at ? dayjs(book.publish_at).tz() : null);
  useEffect(() => setPicked(book.publish_at ? dayjs(book.publish_at).tz() : null), [book.publish_at]);
  const save = useCwAction((iso: string | null) => setPublication(courseId, iso), '成绩发布时间已设置');
  return (
    <div className="cw-card" aria-label="成绩发布">
      <h3>成绩发布</h3>
      <p className="cw-muted">{book.published ? `已发布（${formatTime(book.publish_at)}），学生可查看自己的成绩。` : book.publish_at ? `将于 ${formatTime(book.publish_at)} 发布` : '尚未设置发布时间，学生看不到成绩。'}</p>
      <div className="cw-form-actions">
        <DatePicker aria-label="发布时间" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={picked} onChange={setPicked} />
        <Button disabled={!picked} loading={save.isPending} onClick={() => picked && save.mutate(beijingWallClockToIso(picked))}>
          定时发布
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(new Date().toISOString())}>
          立即发布
        </Button>
        {book.publish_at ? (
          <Popconfirm title="撤回后学生将看不到成绩，确定撤回？" okText="撤回" cancelText="取消" onConfirm={() => save.mutate(null)}>
            <Button danger>撤回发布</Button>
          </Popconfirm>
        ) : null}
      </div>
    </div>
  );
}

/** A course's grade book for its teacher: components and weights, each student's scores, the publication. Embeddable. */
export function TeacherCourseGrades({ courseId }: { courseId: number }) {
  const book = useQuery({ queryKey: CW_KEYS.gradeBook(courseId), queryFn: ({ signal }) => fetchGradeBook(courseId, signal) });
  if (book.isPending) return <LoadingState rows={4} />;
  if (book.isError) return isNoPermission(book.error) ? <ForbiddenState title="无权限访问！" detail="这不是您任教的课程。" /> : <ErrorState onRetry={() => void book.refetch()} />;
  const b = book.data;
  return (
    <section className="cw-section" aria-label="课程成绩">
      <ComponentsEditor courseId={courseId} book={b} />
      {b.components.length === 0 ? (
        <EmptyState description="请先设置成绩项及权重，再录入成绩。" />
      ) : b.students.length === 0 ? (
        <EmptyState description="本课程还没有学生。" />
      ) : (
        <div className="cw-table-wrap">
          <table className="cw-matrix" aria-label="成绩录入">
            <thead>
              <tr>
                <th scope="col">学生</th>
                {b.components.map((c) => (
                  <th scope="col" key={c.id}>
                    {c.name}（{c.weight}%）
                  </th>
                ))}
                <th scope="col">总评</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {b.students.map((s) => (
                <StudentRow key={s.student_id} courseId={courseId} book={b} student={s} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PublishControl courseId={courseId} book={b} />
    </section>
  );
}
