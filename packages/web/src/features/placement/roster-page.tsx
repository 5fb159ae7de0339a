import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS, rosterPath } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchRosterDetail, fetchRosterList } from './placement-api.ts';
import { HouseGrid } from './house-grid.tsx';
import './placement.css';

function RosterList() {
  const query = useQuery({ queryKey: PLACEMENT_KEYS.roster(null), queryFn: ({ signal }) => fetchRosterList(signal) });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.data.venues.length === 0) return <EmptyState description="暂无会场信息" />;
  return (
    <div className="plc-cards">
      {query.data.venues.map((v) => (
        <section key={v.place_name} className="plc-card">
          <h2>{v.name}</h2>
          <p className="plc-muted">
            {v.students === null ? '会场结果公布后，开放访问' : `${v.students} 名同学`}
            {v.house_published ? ' · 学院已公布' : ''}
          </p>
          <Link className="plc-link" to={rosterPath(v.place_name)}>查看名单</Link>
        </section>
      ))}
    </div>
  );
}

function RosterDetail({ place }: { place: string }) {
  const query = useQuery({ queryKey: PLACEMENT_KEYS.roster(place), queryFn: ({ signal }) => fetchRosterDetail(place, signal) });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const { venue, houses, can_see_names: canSee } = query.data;
  const names = Object.fromEntries(houses.map((h) => [h.code, h.names]));
  return (
    <>
      <h2>{venue.name}</h2>
      <p className="plc-muted">
        {venue.students === null ? '会场结果公布后，开放访问' : `${venue.students} 名同学`}
        {canSee ? '' : ' · 同学姓名仅对本会场同学与教职员可见'}
      </p>
      {houses.length ? <HouseGrid houses={houses} names={names} /> : <EmptyState description="尚未公布house信息！" />}
    </>
  );
}

/** /roster and /roster/{place}: counts for everyone; names only for staff and the venue's own students (040). */
export default function RosterPage() {
  const { place } = useParams();
  return (
    <div className="plc-page">
      <h1>会场名单</h1>
      {place ? <RosterDetail place={place} /> : <RosterList />}
      <p>
        {place ? <Link className="plc-link" to={PATHS.roster}>全部会场</Link> : null}{' '}
        <Link className="plc-link" to={PATHS.twelveHouses}>十二学院</Link>
      </p>
    </div>
  );
}
