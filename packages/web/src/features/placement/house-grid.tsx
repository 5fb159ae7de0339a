import type { HouseCount } from '@summit/domain';

/** The twelve houses as coloured tiles, with members counts (and names where the caller may see them). */
export function HouseGrid({ houses, mineCode = null, names }: { houses: HouseCount[]; mineCode?: string | null; names?: Record<string, string[]> }) {
  return (
    <ul className="plc-houses" style={{ listStyle: 'none', padding: 0 }}>
      {houses.map((h) => (
        <li key={h.code} className={`plc-house${h.code === mineCode ? ' plc-house--mine' : ''}`} style={{ background: h.colour }} data-testid={`house-${h.code}`}>
          <h3>
            {h.name}学院{h.code === mineCode ? '（我的学院）' : ''}
          </h3>
          <p>{h.english_name}</p>
          <p>{h.members} 名成员</p>
          {names?.[h.code]?.length ? (
            <ul className="plc-names">
              {names[h.code]!.map((n, i) => (
                <li key={`${n}-${i}`}>{n}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
