import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SELECTION_MODE_LABELS } from '@summit/domain/api/course-centre';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { CourseNav } from './course-nav.tsx';
import { RankedList } from './ranked-list.tsx';
import { CC_KEYS, fetchConfig, fetchWish, removeWish, sortWish } from './course-centre-api.ts';
import { useCentreAction } from './use-centre.ts';
import './course-centre.css';

/** /course/wish: my wish list, ranked by drag and drop (or the arrows); a preference round allocates from it. */
export default function CourseWishPage() {
  const navigate = useNavigate();
  const config = useQuery({ queryKey: CC_KEYS.config, queryFn: ({ signal }) => fetchConfig(signal) });
  const wish = useQuery({ queryKey: CC_KEYS.wish, queryFn: ({ signal }) => fetchWish(signal) });
  const sort = useCentreAction(sortWish, '志愿顺序已保存');
  const remove = useCentreAction(removeWish);

  let body;
  if (wish.isPending) body = <LoadingState rows={5} />;
  else if (wish.isError) body = <ErrorState onRetry={() => void wish.refetch()} />;
  else if (wish.data.length === 0)
    body = (
      <EmptyState
        description="志愿单还是空的：在课程目录里把想上的课加入志愿。"
        action={
          <Button type="primary" className="adm-button" onClick={() => void navigate(PATHS.coursePreview)}>
            浏览课程
          </Button>
        }
      />
    );
  else body = <RankedList label="我的志愿" items={wish.data} onOrder={(ids) => sort.mutate(ids)} onRemove={(id) => remove.mutate(id)} />;

  const round = config.data?.round;
  return (
    <div className="cc-page">
      <h1 className="page__title">我的志愿</h1>
      <CourseNav />
      <p className="adm-muted">
        {round ? `本轮「${round.name}」：${SELECTION_MODE_LABELS[round.mode]}。` : ''}
        {round?.mode === 'preference' ? '志愿分配按志愿顺序进行，第1志愿最优先；拖动或用箭头调整顺序。' : '拖动或用箭头调整顺序；抢课时请在「我的课表」中操作。'}
      </p>
      {body}
    </div>
  );
}
