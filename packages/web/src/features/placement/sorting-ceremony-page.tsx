import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchCeremony } from './placement-api.ts';
import { HouseGrid } from './house-grid.tsx';
import './placement.css';

/**
 * /sorting-ceremony: the Beijing venue's ceremony (403-23 仅限北京会场 for anyone else, 403-21 before its houses
 * are published; the single response handler shows the message and sends the student to their card).
 */
export default function SortingCeremonyPage() {
  const query = useQuery({ queryKey: PLACEMENT_KEYS.ceremony, queryFn: ({ signal }) => fetchCeremony(signal), retry: false });
  if (query.isPending) return <div className="plc-page"><LoadingState /></div>;
  if (query.isError) {
    const msg = query.error instanceof ApiError ? query.error.msg : undefined;
    return (
      <div className="plc-page">
        <ErrorState title={msg ?? '加载失败'} {...(msg ? { detail: '即将返回我的会场与选课' } : {})} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { venue, houses, my_house: mine } = query.data;
  return (
    <div className="plc-page">
      <h1>{venue.name} · 分院仪式</h1>
      <p className="plc-muted">十二学院在此相聚。{mine ? `你属于${mine.name}学院。` : ''}</p>
      <HouseGrid houses={houses} mineCode={mine?.code ?? null} />
      <p>
        <Link className="plc-link" to={PATHS.cardCourse}>返回我的会场与选课</Link>
      </p>
    </div>
  );
}
