import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CourseCard } from './course-card.tsx';
import { CourseNav } from './course-nav.tsx';
import { CC_KEYS, addCart, addWish, fetchCourse } from './course-centre-api.ts';
import { useCentreAction } from './use-centre.ts';
import './course-centre.css';

/** /seminar/detail/{id}: one course with its description and syllabus. */
export default function SeminarDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const course = useQuery({ queryKey: CC_KEYS.course(id), queryFn: ({ signal }) => fetchCourse(id, signal), enabled: valid });
  const wish = useCentreAction(addWish, '已加入志愿单');
  const cart = useCentreAction(addCart, '已加入选课车');

  let body;
  if (!valid) body = <EmptyState description="课程不存在。" />;
  else if (course.isPending) body = <LoadingState rows={8} />;
  else if (course.isError) body = <ErrorState onRetry={() => void course.refetch()} />;
  else {
    const c = course.data;
    body = (
      <>
        <CourseCard course={c}>
          {c.enrolled ? null : (
            <>
              <Button disabled={c.in_wish} onClick={() => wish.mutate(c.id)}>
                {c.in_wish ? '已在志愿单' : '加入志愿'}
              </Button>
              <Button type="primary" disabled={c.in_cart} onClick={() => cart.mutate(c.id)}>
                {c.in_cart ? '已在选课车' : '加入选课车'}
              </Button>
            </>
          )}
        </CourseCard>
        <section className="cc-section">
          <h2>课程简介</h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{c.description || '暂无简介。'}</p>
        </section>
        <section className="cc-section">
          <h2>教学大纲</h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{c.syllabus || '暂无大纲。'}</p>
        </section>
      </>
    );
  }
  return (
    <div className="cc-page">
      <h1 className="page__title">课程详情</h1>
      <CourseNav />
      {body}
    </div>
  );
}
