import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useSearchParams } from 'react-router';
import { MSG } from '@summit/domain/messages';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { TEACHING_KEYS, fetchHouseStudents, isForbidden } from './teaching-api.ts';
import './teaching.css';

/**
 * /teacher/house: a CSL's house and its students (decision 050) — each student's courses and attendance over
 * their courses' sign-ins. Staff and admins pick a house; other teacher types get 无权限访问！.
 */
export default function HouseStudentsPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('house'));
  const houseId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const q = useQuery({ queryKey: TEACHING_KEYS.house(houseId), queryFn: ({ signal }) => fetchHouseStudents(houseId, signal), retry: false });

  let body;
  if (q.isPending) body = <LoadingState rows={5} />;
  else if (q.isError)
    body = isForbidden(q.error) ? <ForbiddenState title={MSG.NO_PERMISSION} detail="学院学生仅对负责该学院的学院导师（CSL）与工作人员开放。" /> : <ErrorState onRetry={() => void q.refetch()} />;
  else {
    const { house, houses, students } = q.data;
    body = (
      <>
        {houses.length > 0 ? (
          <Select
            aria-label="选择学院"
            placeholder="选择学院"
            value={house?.id}
            onChange={(v: number) => setParams({ house: String(v) })}
            options={houses.map((h) => ({ value: h.id, label: h.name }))}
            style={{ minWidth: 220, minHeight: 44 }}
          />
        ) : null}
        {!house ? (
          <EmptyState description={houses.length > 0 ? '请选择一个学院查看学生。' : '你还没有负责的学院，请联系教务设置。'} />
        ) : (
          <section className="teach-section" aria-label="学院学生">
            <h2>
              {house.name}（{students.length} 人）
            </h2>
            {students.length === 0 ? (
              <EmptyState description="该学院暂无学生" />
            ) : (
              <ul className="teach-list">
                {students.map((s) => (
                  <li key={s.student_id} className="teach-row">
                    <span className="teach-row__main">
                      <strong>{s.name || '—'}</strong>
                      <span className="teach-muted">
                        {s.phone} · {s.courses.length > 0 ? s.courses.map((c) => c.title).join('、') : '暂无课程'}
                      </span>
                    </span>
                    <span className="teach-card__meta" aria-label="出勤统计">
                      <span className="teach-badge teach-badge--present">出勤 {s.present}</span>
                      <span className="teach-badge teach-badge--late">迟到 {s.late}</span>
                      <span className="teach-badge teach-badge--excused">请假 {s.excused}</span>
                      <span className="teach-badge teach-badge--absent">缺勤 {s.absent}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </>
    );
  }
  return (
    <div className="teach-page">
      <h1 className="page__title">学院学生</h1>
      {body}
    </div>
  );
}
