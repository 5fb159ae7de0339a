import { useQuery } from '@tanstack/react-query';
import type { GradeDistribution } from '@summit/domain/api/operations';
import { GRADE_BANDS } from '@summit/domain/coursework';
import dayjs from 'dayjs';
import { EmptyState } from '../../components/page-state.tsx';
import { ROSTER_KEYS, fetchCourseGrades } from './course-admin-api.ts';
import { CourseTabShell, useCourseParams } from './course-tab-shell.tsx';

const BAND_KEYS = ['A', 'B', 'C', 'D', 'F'] as const;

function Distribution({ value }: { value: GradeDistribution }) {
  return (
    <div className="ca-figures" aria-label="等级分布">
      {BAND_KEYS.map((k) => (
        <div key={k} data-band={k}>
          <strong>{value[k]}</strong>
          <span>
            {k} {GRADE_BANDS.find((b) => b.letter === k)?.label}
          </span>
        </div>
      ))}
      <div data-band="incomplete">
        <strong>{value.incomplete}</strong>
        <span>未完成</span>
      </div>
    </div>
  );
}

/** /admin/course-detail/{id}/{period}/grades: the distribution and every student's component scores and final grade. */
export default function CourseGradesPage() {
  const { courseId, period, valid } = useCourseParams();
  const q = useQuery({ queryKey: ROSTER_KEYS.grades(courseId, period), queryFn: ({ signal }) => fetchCourseGrades(courseId, period, signal), enabled: valid });
  const data = q.data;
  return (
    <CourseTabShell tab="grades" courseId={courseId} period={period} valid={valid} query={q} course={data?.course}>
      {data ? (
        <>
          <section className="ca-section" aria-label="成绩概况">
            <h2>成绩概况</h2>
            <p className="ca-muted">
              平均成绩 <strong>{data.average_grade ?? '—'}</strong> · {data.publish_at ? `发布时间 ${dayjs(data.publish_at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm')}` : '尚未设置发布时间'}
              {data.components.length ? ` · 成绩构成：${data.components.map((c) => `${c.name} ${c.weight}%`).join('，')}` : ' · 教师尚未设置成绩构成'}
            </p>
            <Distribution value={data.distribution} />
          </section>
          <section className="ca-section" aria-label="学生成绩">
            <h2>学生成绩（{data.students.length}）</h2>
            {data.students.length === 0 ? (
              <EmptyState description="还没有学生选这门课" />
            ) : (
              <div className="ca-table-wrap">
                <table className="ca-table">
                  <thead>
                    <tr>
                      <th>姓名</th>
                      {data.components.map((c) => (
                        <th key={c.id}>{`${c.name}（${c.weight}%）`}</th>
                      ))}
                      <th>最终成绩</th>
                      <th>等级</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.students.map((s) => (
                      <tr key={s.student_id}>
                        <td>
                          {s.name}
                          <span className="ca-muted"> {s.phone}</span>
                        </td>
                        {data.components.map((c) => (
                          <td key={c.id}>{s.scores[String(c.id)] ?? '—'}</td>
                        ))}
                        <td>{s.final_grade ?? '未完成'}</td>
                        <td>{s.letter ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </CourseTabShell>
  );
}
