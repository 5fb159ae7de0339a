import { useState } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { Submission } from '@summit/domain/api/coursework';
import { ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { participationPath } from '../../lib/paths.ts';
import { FileList } from './file-list.tsx';
import { GradingModal } from './grading-modal.tsx';
import { formatTime, scoreText } from './coursework-format.ts';
import { CW_KEYS, fetchAssignmentDetail, gradeSubmission, type GradingForm } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';
import './coursework.css';

/** /teacher/assignment-detail/{id} and /admin/assignment-detail/{id}: who handed in, their work, and grading. */
export default function AssignmentDetailPage() {
  const id = Number(useParams().id);
  const admin = useLocation().pathname.startsWith('/admin/');
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: CW_KEYS.detail(id, admin), queryFn: ({ signal }) => fetchAssignmentDetail(id, admin, signal), enabled: valid });
  const [grading, setGrading] = useState<Submission | null>(null);
  const grade = useCwAction((v: { id: number; body: GradingForm }) => gradeSubmission(v.id, v.body), '评分已保存', () => setGrading(null));

  if (!valid || (detail.isError && isNoPermission(detail.error)))
    return (
      <div className="cw-page">
        <ForbiddenState title="无权限访问！" detail="这不是您任教课程的作业。" />
      </div>
    );
  if (detail.isPending)
    return (
      <div className="cw-page">
        <LoadingState rows={6} />
      </div>
    );
  if (detail.isError)
    return (
      <div className="cw-page">
        <ErrorState onRetry={() => void detail.refetch()} />
      </div>
    );

  const { assignment: a, course, roster } = detail.data;
  const handedIn = roster.filter((r) => r.submission).length;
  return (
    <div className="cw-page">
      <p className="cw-muted">
        {course.code} · {course.title}
        {admin ? null : (
          <>
            {' · '}
            <Link to={participationPath(course.id)}>课程作业与成绩</Link>
          </>
        )}
      </p>
      <h1>{a.title}</h1>
      <div className="cw-row cw-muted">
        <span>截止：{formatTime(a.due_at)}</span>
        <span>文件类型：{a.allowed_types.join('、')}</span>
        <span>单个文件不超过 {a.max_size_mb}MB</span>
        <span>满分 {a.max_score}</span>
      </div>
      {/* Sanitised on the server (content sanitiser): only the editor's tags survive. */}
      <div className="cw-instructions rich-text" dangerouslySetInnerHTML={{ __html: a.instructions }} />
      {a.rubric.length > 0 ? <p className="cw-muted">评分标准：{a.rubric.map((c) => `${c.name} ${c.points}分`).join('；')}</p> : null}

      <section className="cw-section" aria-label="提交情况">
        <h2>
          提交情况（{handedIn}/{roster.length}）
        </h2>
        {roster.map((r) => (
          <article className="cw-card" key={r.student_id} aria-label={r.student_name || `学生${r.student_id}`}>
            <div className="cw-row">
              <h3>{r.student_name || `学生${r.student_id}`}</h3>
              {!r.submission ? (
                <span className="cw-tag">未提交</span>
              ) : r.submission.late ? (
                <span className="cw-tag cw-tag--late">迟交</span>
              ) : (
                <span className="cw-tag cw-tag--ok">已提交</span>
              )}
              {r.submission ? <span className={r.submission.graded_at ? 'cw-tag cw-tag--ok' : 'cw-tag cw-tag--wait'}>{scoreText(r.submission.score, a.max_score)}</span> : null}
            </div>
            {r.submission ? (
              <>
                <p className="cw-muted">
                  提交时间：{formatTime(r.submission.submitted_at)}
                  {r.submission.versions > 1 ? `（第${r.submission.versions}次提交）` : ''}
                </p>
                {r.submission.text ? <p className="cw-pre">{r.submission.text}</p> : null}
                <FileList files={r.submission.files} />
                {r.submission.comment ? <p className="cw-pre">评语：{r.submission.comment}</p> : null}
                {admin ? null : (
                  <Button type="primary" onClick={() => setGrading(r.submission)}>
                    {r.submission.graded_at ? '修改评分' : '评分'}
                  </Button>
                )}
              </>
            ) : null}
          </article>
        ))}
      </section>
      <GradingModal
        title={`评分：${grading?.student_name ?? ''}`}
        open={grading !== null}
        rubric={a.rubric}
        maxScore={a.max_score}
        initial={grading}
        busy={grade.isPending}
        onSave={(body) => grading && grade.mutate({ id: grading.id, body })}
        onClose={() => setGrading(null)}
      />
    </div>
  );
}
