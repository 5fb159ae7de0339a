import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CentreCourse } from '@summit/domain/api/course-centre';
import { COURSE_LIMITS } from '@summit/domain/course-terms';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { CourseCard } from './course-card.tsx';
import { CourseNav } from './course-nav.tsx';
import { CC_KEYS, addCart, fetchCourses, removeCart } from './course-centre-api.ts';
import { useCentreAction } from './use-centre.ts';
import './course-centre.css';

/** /student/manage/cornerstone-workshop: choose Cornerstone Workshops; at least CW_MIN before the cart is submitted. */
export default function CornerstonePage() {
  const filter = { category: 'cw' as const };
  const list = useQuery({ queryKey: CC_KEYS.courses(filter), queryFn: ({ signal }) => fetchCourses(filter, signal) });
  const add = useCentreAction(addCart, '已加入选课车');
  const remove = useCentreAction(removeCart);
  // A cart line counts only if it can still be taken (not full, no clash with a held course): a line that failed at
  // submit stays in the cart and is not chosen.
  const canStillTake = (c: CentreCourse) => c.in_cart && !c.enrolled && c.seats_left > 0 && !c.clashes_with;
  const enrolled = list.data?.filter((c) => c.enrolled).length ?? 0;
  const inCart = list.data?.filter(canStillTake).length ?? 0;
  const chosen = enrolled + inCart;

  let body;
  if (list.isPending) body = <LoadingState rows={6} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0) body = <EmptyState description="本期暂无基石工作坊。" />;
  else
    body = (
      <div className="cc-grid">
        {list.data.map((c) => (
          <CourseCard key={c.id} course={c}>
            {c.enrolled ? null : c.in_cart ? (
              <>
                {canStillTake(c) ? null : <span className="cc-card__warn">在选课车中，但{c.seats_left <= 0 ? '名额已满' : '时间冲突'}，提交不会成功</span>}
                <Button onClick={() => remove.mutate(c.id)}>移出选课车</Button>
              </>
            ) : (
              <Button type="primary" onClick={() => add.mutate(c.id)}>
                选择
              </Button>
            )}
          </CourseCard>
        ))}
      </div>
    );
  return (
    <div className="cc-page">
      <h1 className="page__title">基石工作坊</h1>
      <CourseNav />
      <p className={chosen < COURSE_LIMITS.CW_MIN ? 'cc-card__warn' : 'adm-muted'} role="status">
        已选上 {enrolled} 门，选课车中可提交 {inCart} 门；提交选课车前请至少选择 {COURSE_LIMITS.CW_MIN} 门基石工作坊。
      </p>
      {body}
    </div>
  );
}
