import { useEffect, useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Popconfirm, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import type { TeacherGradeBook } from '@summit/domain/api/coursework';
import { COURSEWORK_MSG, computeFinalGrade } from '@summit/domain/coursework';
import { GRADE_ITEM_MSG } from '@summit/domain/grade-items';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { beijingWallClockToIso, formatTime } from './coursework-format.ts';
import { CW_KEYS, fetchGradeBook, saveComponents, saveStudentGrade, setPublication } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';
import './coursework.css';

type Draft = Array<{ id?: number; name: string; weight: number; assignment_ids: number[] }>;
type Book = TeacherGradeBook;
type StudentRowData = Book['students'][number];

function ComponentsEditor({ courseId, book }: { courseId: number; book: Book }) {
  const [draft, setDraft] = useState<Draft>(book.components);
  // The server stores the default scheme when the book is first opened, so what is shown here is what is saved.
  useEffect(() => setDraft(book.components.length > 0 ? book.components : [{ name: '', weight: 100, assignment_ids: [] }]), [book.components]);
  const save = useCwAction((d: Draft) => saveComponents(courseId, d), '成绩项已保存');
  const total = draft.reduce((s, c) => s + (c.weight || 0), 0);
  const taken = (i: number) => new Set(draft.flatMap((c, j) => (j === i ? [] : c.assignment_ids)));
  return (
    <div className="cw-card" aria-label="成绩项与权重">
      <h3>成绩项与权重</h3>
      <p className="cw-muted">成绩项可由作业计算：选择计入的作业后，按已评分作业的得分之和 ÷ 满分之和 折算为百分制（未评分的作业不计入），教师可为个别学生调整。未选作业的成绩项由教师直接录入。</p>
      {draft.map((c, i) => (
        <div className="cw-rubric-row" key={c.id ?? `new-${i}`} data-testid="grade-item-row">
          <Input aria-label="成绩项名称" value={c.name} maxLength={40} style={{ width: 180 }} onChange={(e) => setDraft(draft.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
          <InputNumber aria-label="权重" value={c.weight} min={1} max={100} precision={0} suffix="%" onChange={(v) => setDraft(draft.map((x, j) => (j === i ? { ...x, weight: Number(v) || 0 } : x)))} />
          <Select
            aria-label={`${c.name || '成绩项'}计入的作业`}
            mode="multiple"
            allowClear
            placeholder="不选作业：手动录入"
            style={{ minWidth: 240, flex: '1 1 240px' }}
            value={c.assignment_ids}
            options={book.assignments.filter((a) => !taken(i).has(a.id)).map((a) => ({ value: a.id, label: `${a.title}（满分${a.max_score}）` }))}
            onChange={(ids: number[]) => setDraft(draft.map((x, j) => (j === i ? { ...x, assignment_ids: ids } : x)))}
            notFoundContent="本课程还没有作业"
          />
          <Button onClick={() => setDraft(draft.filter((_, j) => j !== i))} disabled={draft.length <= 1}>
            删除
          </Button>
        </div>
      ))}
      <p className={total === 100 ? 'cw-muted' : 'cw-tag cw-tag--late'}>权重合计：{total}%（须为100%）</p>
      <div className="cw-form-actions">
        <Button onClick={() => setDraft([...draft, { name: '', weight: 10, assignment_ids: [] }])} disabled={draft.length >= 10}>
          添加成绩项
        </Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate(draft.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, weight: c.weight, assignment_ids: c.assignment_ids })))}>
          保存成绩项
        </Button>
      </div>
    </div>
  );
}

type Entry = Record<string, number | undefined>;
const numbersOf = (e: Entry) => Object.fromEntries(Object.entries(e).filter((x): x is [string, number] => typeof x[1] === 'number'));

function StudentRow({ courseId, book, student }: { courseId: number; book: Book; student: StudentRowData }) {
  const [scores, setScores] = useState<Entry>(student.scores);
  const [overrides, setOverrides] = useState<Entry>(student.overrides);
  useEffect(() => setScores(student.scores), [student.scores]);
  useEffect(() => setOverrides(student.overrides), [student.overrides]);
  const fed = book.components.filter((c) => c.assignment_ids.length > 0);
  const save = useCwAction(
    () => saveStudentGrade(courseId, student.student_id, numbersOf(scores), Object.fromEntries(fed.map((c) => [String(c.id), overrides[String(c.id)] ?? null]))),
    '成绩已保存',
  );
  // The preview counts each item as the server does: a typed score, an override, or the assignments' value.
  const counted = Object.fromEntries(
    book.components.map((c) => {
      const key = String(c.id);
      return [key, c.assignment_ids.length > 0 ? (overrides[key] ?? student.values[key]?.computed ?? undefined) : scores[key]];
    }),
  );
  const preview = computeFinalGrade(book.components, counted);
  const name = student.student_name || `学生${student.student_id}`;
  return (
    <tr data-student={student.student_id}>
      <th scope="row">{name}</th>
      {book.components.map((c) => {
        const key = String(c.id);
        if (c.assignment_ids.length === 0)
          return (
            <td key={c.id}>
              <InputNumber aria-label={`${name} ${c.name}`} min={0} max={100} step={0.5} value={scores[key] ?? null} onChange={(v) => setScores({ ...scores, [key]: v === null ? undefined : Number(v) })} style={{ width: 90 }} />
            </td>
          );
        const v = student.values[key];
        return (
          <td key={c.id}>
            <div className="cw-fed-cell">
              <span data-testid="computed-value" aria-label={`${name} ${c.name}（作业计算）`}>
                {v?.computed ?? '—'}
              </span>
              <span className="cw-muted">
                {v ? `${v.graded}/${v.total} 已评` : ''}
              </span>
              <InputNumber aria-label={`${name} ${c.name} 调整`} placeholder="调整" min={0} max={100} step={0.5} value={overrides[key] ?? null} onChange={(x) => setOverrides({ ...overrides, [key]: x === null ? undefined : Number(x) })} style={{ width: 90 }} />
            </div>
          </td>
        );
      })}
      <td data-testid="final-grade">{preview === null ? '—' : preview}</td>
      <td>
        <Button size="small" type="primary" loading={save.isPending} onClick={() => save.mutate(undefined)}>
          保存
        </Button>
      </td>
    </tr>
  );
}

function PublishControl({ courseId, book }: { courseId: number; book: Book }) {
  const [picked, setPicked] = useState<Dayjs | null>(book.publish_at ? dayjs(book.publish_at).tz() : null);
  useEffect(() => setPicked(book.publish_at ? dayjs(book.publish_at).tz() : null), [book.publish_at]);
  const schedule = useCwAction((iso: string) => setPublication(courseId, iso), COURSEWORK_MSG.PUBLISH_SAVED);
  const now = useCwAction(() => setPublication(courseId, new Date().toISOString()), GRADE_ITEM_MSG.PUBLISHED);
  const withdraw = useCwAction(() => setPublication(courseId, null), GRADE_ITEM_MSG.PUBLISH_WITHDRAWN);
  const busy = schedule.isPending || now.isPending || withdraw.isPending;
  return (
    <div className="cw-card" aria-label="成绩发布">
      <h3>成绩发布</h3>
      <p className="cw-muted" data-testid="publish-state">
        {book.published ? `已发布（${formatTime(book.publish_at)}），学生可查看自己的成绩。` : book.publish_at ? `将于 ${formatTime(book.publish_at)} 发布` : '尚未设置发布时间，学生看不到成绩。'}
      </p>
      <div className="cw-form-actions">
        <DatePicker aria-label="发布时间" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={picked} onChange={setPicked} />
        <Button disabled={!picked || busy} loading={schedule.isPending} onClick={() => picked && schedule.mutate(beijingWallClockToIso(picked))}>
          定时发布
        </Button>
        <Popconfirm title={GRADE_ITEM_MSG.PUBLISH_CONFIRM} okText="发布" cancelText="取消" onConfirm={() => now.mutate(undefined)}>
          <Button type="primary" loading={now.isPending} disabled={busy}>
            立即发布
          </Button>
        </Popconfirm>
        {book.publish_at ? (
          <Popconfirm title="撤回后学生将看不到成绩，确定撤回？" okText="撤回" cancelText="取消" onConfirm={() => withdraw.mutate(undefined)}>
            <Button danger disabled={busy}>
              撤回发布
            </Button>
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
                    {c.name}（{c.weight}%{c.assignment_ids.length > 0 ? '，作业计算' : ''}）
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
