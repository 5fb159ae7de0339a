import { useState } from 'react';
import { Button, Input, InputNumber, Popconfirm, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { CLASSES_LIMITS, FEEDBACK_DIMENSIONS, FEEDBACK_DIMENSION_LABELS } from '@summit/domain/api/classes';
import { courseListSchema } from '@summit/domain/api/courses';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/notifier.ts';
import { CLASS_KEYS, createSlot, deleteSlot, fetchFeedbackSummary, fetchTeacherSlots } from './classes-api.ts';
import { beijingClock, beijingTime } from './class-format.ts';
import './classes.css';

/**
 * /teacher/office-hour?course={id}: publish and delete office-hour slots of my course, see who booked, and the
 * course's feedback summary (aggregates only, decision 054).
 */
export default function TeacherOfficeHourPage() {
  const [search, setSearch] = useSearchParams();
  const courses = useQuery({ queryKey: ['classes', 'teacher-courses'], queryFn: ({ signal }) => api.get('/teacher/courses', { schema: courseListSchema, signal }) });
  const picked = Number(search.get('course')) || courses.data?.[0]?.id || null;
  return (
    <div className="cls-page">
      <h1>答疑与课程评价</h1>
      {courses.isPending ? (
        <LoadingState rows={4} />
      ) : courses.isError ? (
        <ErrorState onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 || picked === null ? (
        <EmptyState description="你暂无任教课程。" />
      ) : (
        <>
          <label className="cls-form">
            课程
            <Select aria-label="课程" value={picked} onChange={(v: number) => setSearch({ course: String(v) })} options={courses.data.map((c) => ({ value: c.id, label: `${c.title}（第${c.period}时段）` }))} />
          </label>
          <Slots courseId={picked} />
          <FeedbackSummary courseId={picked} />
        </>
      )}
    </div>
  );
}

function useSlotAction<A>(run: (a: A) => Promise<unknown>, success: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => toast('success', success), onSettled: () => client.invalidateQueries({ queryKey: CLASS_KEYS.all }) });
}

/** datetime-local input values are Beijing wall-clock times. */
const fromBeijing = (local: string) => dayjs.tz(local, 'Asia/Shanghai').toISOString();

function Slots({ courseId }: { courseId: number }) {
  const query = useQuery({ queryKey: CLASS_KEYS.slots(courseId), queryFn: ({ signal }) => fetchTeacherSlots(courseId, signal) });
  const create = useSlotAction(createSlot, '答疑时段已发布');
  const remove = useSlotAction(deleteSlot, '答疑时段已删除');
  const [form, setForm] = useState({ starts: '', ends: '', location: '', capacity: 3, note: '' });
  return (
    <section className="cls-section" aria-label="答疑时段">
      <h2>答疑时段</h2>
      {query.isPending ? (
        <LoadingState rows={3} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="cls-meta">暂无答疑时段。</p>
      ) : (
        <ul className="cls-list">
          {query.data.map((s) => (
            <li key={s.id} className="cls-row">
              <span className="cls-row__main">
                <strong>
                  {beijingTime(s.starts_at)}–{beijingClock(s.ends_at)}
                </strong>
                <span className="cls-meta">
                  {s.location} · 已约 {s.booked}/{s.capacity}
                  {s.students.length > 0 ? ` · ${s.students.map((x) => x.name).join('、')}` : ''}
                </span>
              </span>
              <Popconfirm title={s.booked > 0 ? '已预约的学生将收到取消通知，确认删除？' : '确认删除该时段？'} okText="删除" cancelText="取消" onConfirm={() => remove.mutate(s.id)}>
                <Button danger>删除</Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <form
        className="cls-form"
        aria-label="发布答疑时段"
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.starts || !form.ends || !form.location.trim()) return toast('error', '请填写开始时间、结束时间和地点');
          create.mutate({ course_id: courseId, starts_at: fromBeijing(form.starts), ends_at: fromBeijing(form.ends), location: form.location, capacity: form.capacity, note: form.note });
        }}
      >
        <div className="cls-form__row">
          <label>
            开始时间（北京时间）
            <Input type="datetime-local" value={form.starts} onChange={(e) => setForm({ ...form, starts: e.target.value })} />
          </label>
          <label>
            结束时间（北京时间）
            <Input type="datetime-local" value={form.ends} onChange={(e) => setForm({ ...form, ends: e.target.value })} />
          </label>
          <label>
            地点或会议链接
            <Input value={form.location} maxLength={100} onChange={(e) => setForm({ ...form, location: e.target.value })} />
          </label>
          <label>
            人数上限
            <InputNumber min={1} max={CLASSES_LIMITS.slotMaxCapacity} value={form.capacity} onChange={(v) => setForm({ ...form, capacity: v ?? 1 })} />
          </label>
        </div>
        <label>
          备注（选填）
          <Input value={form.note} maxLength={200} onChange={(e) => setForm({ ...form, note: e.target.value })} />
        </label>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          发布时段
        </Button>
      </form>
    </section>
  );
}

function FeedbackSummary({ courseId }: { courseId: number }) {
  const query = useQuery({ queryKey: CLASS_KEYS.feedback(courseId), queryFn: ({ signal }) => fetchFeedbackSummary(courseId, signal) });
  return (
    <section className="cls-section" aria-label="课程评价汇总">
      <h2>课程评价汇总</h2>
      {query.isPending ? (
        <LoadingState rows={2} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="cls-meta">
            已评价 {query.data.responses} / {query.data.enrolled} 人
          </p>
          {query.data.averages ? (
            <div className="cls-stats">
              {FEEDBACK_DIMENSIONS.map((d) => (
                <div key={d}>
                  <strong>{query.data.averages![d].toFixed(2)}</strong>
                  {FEEDBACK_DIMENSION_LABELS[d]}
                </div>
              ))}
            </div>
          ) : (
            <p className="cls-meta">为保护学生匿名，满{CLASSES_LIMITS.feedbackMinForAverages}份评价后显示平均分。</p>
          )}
        </>
      )}
    </section>
  );
}
