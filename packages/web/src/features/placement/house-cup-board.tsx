import type { HouseStanding } from '@summit/domain/api/house-cup';

/** 学院杯 standings: rank, colour, name and points; the viewer's own house is marked. */
export function HouseCupBoard({ houses, mineCode = null, limit }: { houses: HouseStanding[]; mineCode?: string | null; limit?: number }) {
  const shown = limit ? houses.slice(0, limit) : houses;
  return (
    <ol className="plc-cup" aria-label="学院杯积分榜">
      {shown.map((h) => (
        <li key={h.code} className={`plc-cup__row${h.code === mineCode ? ' plc-cup__row--mine' : ''}`} data-testid={`cup-${h.code}`}>
          <span className="plc-cup__rank">{`第 ${h.rank} 名`}</span>
          <span className="plc-house-chip" style={{ background: h.colour }} aria-hidden="true" />
          <span className="plc-cup__name">
            {h.name}学院{h.code === mineCode ? '（我的学院）' : ''}
          </span>
          <span className="plc-cup__points">{`${h.points} 分`}</span>
        </li>
      ))}
    </ol>
  );
}
