import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { ErrorState, LoadingState } from '../../components/page-state.tsx';
import { PATHS } from '../../lib/paths.ts';
import { PLACEMENT_KEYS, fetchMyHouseCup } from './placement-api.ts';
import { HouseCupBoard } from './house-cup-board.tsx';

/**
 * The 学院杯 card on the student's card page: the top of the board and, once the student has met their house
 * (`showMine`: revealed, so the card never spoils the reveal), their house's rank, points and latest entries.
 */
export function HouseCupCard({ showMine }: { showMine: boolean }) {
  const query = useQuery({ queryKey: PLACEMENT_KEYS.myHouseCup, queryFn: ({ signal }) => fetchMyHouseCup(signal) });
  let body;
  if (query.isPending) body = <LoadingState rows={3} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const mine = showMine ? query.data.my_house : null;
    body = (
      <>
        {mine ? (
          <p data-testid="card-house-cup">
            {`${mine.name}学院：第 ${mine.rank} 名 · ${mine.points} 分`}
          </p>
        ) : null}
        <HouseCupBoard houses={query.data.houses} mineCode={mine?.code ?? null} limit={3} />
        {mine && query.data.recent.length > 0 ? (
          <>
            <h3>最近记录</h3>
            <ul className="plc-cup-recent">
              {query.data.recent.map((e) => (
                <li key={e.id}>
                  <strong>{e.points > 0 ? `+${e.points}` : e.points}</strong>
                  <span>{e.reason}</span>
                  <span className="plc-muted">{dayjs(e.created_at).tz('Asia/Shanghai').format('M月D日')}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Link className="plc-link" to={PATHS.twelveHouses}>完整积分榜</Link>
      </>
    );
  }
  return (
    <section className="plc-card" aria-labelledby="plc-cup">
      <h2 id="plc-cup">学院杯</h2>
      {body}
    </section>
  );
}
