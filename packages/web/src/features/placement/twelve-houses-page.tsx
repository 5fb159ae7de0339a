import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchHouseCup, fetchTwelveHouses } from './placement-api.ts';
import { HouseCupBoard } from './house-cup-board.tsx';
import { HouseGrid } from './house-grid.tsx';
import './placement.css';

/** /12house: the twelve houses with their members across the venues whose house results are out, and the 学院杯 board. */
export default function TwelveHousesPage() {
  const query = useQuery({ queryKey: PLACEMENT_KEYS.twelve, queryFn: ({ signal }) => fetchTwelveHouses(signal) });
  const cup = useQuery({ queryKey: PLACEMENT_KEYS.houseCup, queryFn: ({ signal }) => fetchHouseCup(signal) });
  if (query.isPending) return <div className="plc-page"><LoadingState /></div>;
  if (query.isError) return <div className="plc-page"><ErrorState onRetry={() => void query.refetch()} /></div>;
  const { houses, published_venues: published } = query.data;
  return (
    <div className="plc-page">
      <h1>十二学院</h1>
      <p className="plc-muted">
        {published > 0 ? `已有 ${published} 个会场公布学院分配，以下为各学院成员人数。` : '学院分配尚未公布，公布后这里将显示各学院成员人数。'}
      </p>
      <HouseGrid houses={houses} />
      <section aria-labelledby="plc-cup-title">
        <h2 id="plc-cup-title">学院杯积分榜</h2>
        {cup.isPending ? <LoadingState rows={4} /> : cup.isError ? <ErrorState onRetry={() => void cup.refetch()} /> : <HouseCupBoard houses={cup.data.houses} />}
      </section>
      <p>
        <Link className="plc-link" to={PATHS.roster}>各会场名单</Link>
      </p>
    </div>
  );
}
