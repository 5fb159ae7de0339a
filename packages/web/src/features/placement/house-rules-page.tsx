import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import dayjs from 'dayjs';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchHouseRules } from './placement-api.ts';
import './placement.css';

/** /student/manage/house-rules and /teacher/house-rules: the rules text admins edit in 分配与发布. */
export default function HouseRulesPage() {
  const role = useLocation().pathname === PATHS.teacherHouseRules ? 'teacher' : 'student';
  const query = useQuery({ queryKey: PLACEMENT_KEYS.rules(role), queryFn: ({ signal }) => fetchHouseRules(role, signal) });
  return (
    <div className="plc-page">
      <h1>学院守则</h1>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.text.trim() === '' ? (
        <EmptyState description="学院守则尚未发布" />
      ) : (
        <article className="plc-card">
          <div className="plc-rules" data-testid="house-rules">{query.data.text}</div>
          {query.data.updated_at ? <p className="plc-muted">更新于 {dayjs(query.data.updated_at).tz('Asia/Shanghai').format('YYYY年M月D日')}</p> : null}
        </article>
      )}
    </div>
  );
}
