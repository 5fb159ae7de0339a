import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { StudentGrade } from '@summit/domain/api/coursework';
import { GRADE_BANDS } from '@summit/domain/coursework';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, gradePostDetailPath } from '../../lib/paths.ts';
import { formatTime } from './coursework-format.ts';
import { CW_KEYS, fetchMyGrade, fetchMyGrades } from './coursework-api.ts';
import './coursework.css';

const finalText = (g: StudentGrade) => (g.final_grade === null ? '成绩待录入' : `${g.final_grade}（${g.letter}）`);

function GradeDetail({ g }: { g: StudentGrade }) {
  return (
    <article className="cw-card" aria-label={`${g.course.title} 成绩`}>
      <h3>{g.course.title}</h3>
      <p className="cw-muted">
        {g.course.code} · {g.course.teacher_name} · 发布于 {formatTime(g.published_at)}
      </p>
      <p className="cw-grade-big">{finalText(g)}</p>
      <div className="cw-table-wrap">
        <table className="cw-matrix" aria-label="成绩构成">
          <thead>
            <tr>
              <th scope="col">成绩项</th>
              <th scope="col">权重</th>
              <th scope="col">得分</th>
            </tr>
          </thead>
          <tbody>
            {g.components.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{c.weight}%</td>
                <td>{c.score ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

function useGrades() {
  return useQuery({ queryKey: CW_KEYS.grades, queryFn: ({ signal }) => fetchMyGrades(signal) });
}

/** /student/manage/grade-query: my published course grades, each with its breakdown. */
export function GradeQueryPage() {
  const grades = useGrades();
  return (
    <div className="cw-page">
      <h1>成绩查询</h1>
      <p className="cw-muted">
        只显示老师已发布的成绩。<Link to={PATHS.gradeExplain}>成绩如何计算？</Link>
      </p>
      {grades.isPending ? <LoadingState rows={4} /> : grades.isError ? <ErrorState onRetry={() => void grades.refetch()} /> : grades.data.length === 0 ? <EmptyState description="暂无已发布的成绩。" /> : grades.data.map((g) => <GradeDetail key={g.course.id} g={g} />)}
    </div>
  );
}

/** /student/manage/grade-explain: how the final grade is made (weights, rounding, letter bands, publication). */
export function GradeExplainPage() {
  return (
    <div className="cw-page">
      <h1>成绩说明</h1>
      <section className="cw-card">
        <h3>总评如何计算</h3>
        <p>每门课由任课老师设置若干成绩项（如平时作业、课堂参与、期末项目），各项权重之和为 100%。每一项按百分制评分，总评 = Σ（该项得分 × 该项权重），保留一位小数（四舍五入）。</p>
        <p>例如：平时作业 40%、期末 60%，得分分别为 85.5 与 77，则总评 = 85.5 × 40% + 77 × 60% = 80.4。</p>
        <p>若有成绩项尚未录入，总评显示为“成绩待录入”，不会按 0 分计算。</p>
      </section>
      <section className="cw-card">
        <h3>等级对照</h3>
        <table className="cw-matrix" aria-label="等级对照">
          <thead>
            <tr>
              <th scope="col">等级</th>
              <th scope="col">总评</th>
              <th scope="col">说明</th>
            </tr>
          </thead>
          <tbody>
            {GRADE_BANDS.map((b, i) => (
              <tr key={b.letter}>
                <td>{b.letter}</td>
                <td>{i === 0 ? `${b.min} 及以上` : `${b.min} – ${GRADE_BANDS[i - 1]!.min - 0.1}`}</td>
                <td>{b.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="cw-card">
        <h3>成绩发布</h3>
        <p>老师设定发布时间后，成绩在该时间起对本人可见；每位同学只能看到自己的成绩。作业与写作中心的评分在老师批阅后即可在对应页面查看。</p>
      </section>
    </div>
  );
}

/** /student/manage/grade-post: the list of published grade posts; /grade-post/detail/{id}: one course's post. */
export function GradePostPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: CW_KEYS.grade(id), queryFn: ({ signal }) => fetchMyGrade(id, signal), enabled: Number.isInteger(id) && id > 0 });
  const grades = useGrades();
  if (Number.isInteger(id) && id > 0) {
    return (
      <div className="cw-page">
        <h1>成绩通知</h1>
        {detail.isPending ? <LoadingState rows={4} /> : detail.isError ? <EmptyState description="成绩尚未发布" /> : <GradeDetail g={detail.data} />}
        <Button onClick={() => void navigate(PATHS.gradePost)}>返回列表</Button>
      </div>
    );
  }
  return (
    <div className="cw-page">
      <h1>成绩通知</h1>
      {grades.isPending ? <LoadingState rows={4} /> : grades.isError ? <ErrorState onRetry={() => void grades.refetch()} /> : grades.data.length === 0 ? <EmptyState description="暂无成绩通知。" /> : null}
      {grades.data?.map((g) => (
        <article className="cw-card" key={g.course.id} aria-label={g.course.title}>
          <div className="cw-row">
            <h3>{g.course.title} 成绩已发布</h3>
          </div>
          <p className="cw-muted">发布于 {formatTime(g.published_at)}</p>
          <Link to={gradePostDetailPath(g.course.id)}>
            <Button>查看详情</Button>
          </Link>
        </article>
      ))}
    </div>
  );
}
