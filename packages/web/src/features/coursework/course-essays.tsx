import { useState } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Essay } from '@summit/domain/api/coursework';
import { WRITING_MAX_SCORE, WRITING_RUBRIC } from '@summit/domain/coursework';
import { EmptyState, ErrorState, ForbiddenState, LoadingState } from '../../components/page-state.tsx';
import { FileList } from './file-list.tsx';
import { GradingModal } from './grading-modal.tsx';
import { essayStatusLabel, formatTime, scoreText } from './coursework-format.ts';
import { CW_KEYS, fetchCourseEssays, reviewEssay, type GradingForm } from './coursework-api.ts';
import { isNoPermission, useCwAction } from './use-coursework.ts';

/** Writing-centre essays handed in to a course, for its teacher to review by the writing rubric. */
export function CourseEssays({ courseId }: { courseId: number }) {
  const list = useQuery({ queryKey: CW_KEYS.courseEssays(courseId), queryFn: ({ signal }) => fetchCourseEssays(courseId, signal) });
  const [reviewing, setReviewing] = useState<Essay | null>(null);
  const review = useCwAction((v: { id: number; body: GradingForm }) => reviewEssay(v.id, v.body), '批阅已保存', () => setReviewing(null));
  if (list.isPending) return <LoadingState rows={3} />;
  if (list.isError) return isNoPermission(list.error) ? <ForbiddenState title="无权限访问！" detail="这不是您任教的课程。" /> : <ErrorState onRetry={() => void list.refetch()} />;
  return (
    <section className="cw-section" aria-label="写作中心">
      {list.data.length === 0 ? <EmptyState description="还没有学生提交文章。" /> : null}
      {list.data.map((e) => (
        <article className="cw-card" key={e.id} aria-label={e.title}>
          <div className="cw-row">
            <h3>{e.title}</h3>
            <span className={e.status === 'reviewed' ? 'cw-tag cw-tag--ok' : 'cw-tag cw-tag--wait'}>{essayStatusLabel(e.status)}</span>
            {e.status === 'reviewed' ? <span className="cw-tag">{scoreText(e.score, WRITING_MAX_SCORE)}</span> : null}
          </div>
          <p className="cw-muted">
            {e.student_name} · 提交于 {formatTime(e.submitted_at)}
          </p>
          <p className="cw-pre">{e.body}</p>
          <FileList files={e.files} />
          {e.comment ? <p className="cw-pre">评语：{e.comment}</p> : null}
          <Button type="primary" onClick={() => setReviewing(e)}>
            {e.status === 'reviewed' ? '修改批阅' : '批阅'}
          </Button>
        </article>
      ))}
      <GradingModal
        title={`批阅：${reviewing?.title ?? ''}`}
        open={reviewing !== null}
        rubric={WRITING_RUBRIC}
        maxScore={WRITING_MAX_SCORE}
        initial={reviewing}
        busy={review.isPending}
        onSave={(body) => reviewing && review.mutate({ id: reviewing.id, body })}
        onClose={() => setReviewing(null)}
      />
    </section>
  );
}
