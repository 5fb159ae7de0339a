import type { HouseCount } from '@summit/domain/api/placement';

/** Relative luminance (WCAG 2) of a #rgb or #rrggbb colour; null for anything else. */
function luminance(colour: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour for a house's tile: white or black, whichever contrasts more with the house colour (a house colour
 * is data: grey and gold tiles were 3.5:1 and 2.4:1 with white). The better of the two is at least 4.58:1 on any
 * colour, so the tile's text always meets WCAG AA (decision 093).
 */
export function textOnHouse(colour: string | null | undefined): string {
  const l = colour ? luminance(colour) : null;
  if (l === null) return '#ffffff';
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** The twelve houses as coloured tiles, with members counts (and names where the caller may see them). */
export function HouseGrid({ houses, mineCode = null, names }: { houses: HouseCount[]; mineCode?: string | null; names?: Record<string, string[]> }) {
  return (
    <ul className="plc-houses" style={{ listStyle: 'none', padding: 0 }}>
      {houses.map((h) => (
        <li key={h.code} className={`plc-house${h.code === mineCode ? ' plc-house--mine' : ''}`} style={{ background: h.colour, color: textOnHouse(h.colour) }} data-testid={`house-${h.code}`}>
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
