import { describe, expect, it } from 'vitest';
import { textOnHouse } from './house-grid.tsx';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('textOnHouse', () => {
  it('reaches 4.5:1 on any house colour, the demo houses among them', () => {
    const samples = ['#7f8c8d', '#d4a017', '#2980b9', '#c0392b', '#27ae60', '#8e44ad', '#000000', '#ffffff'];
    for (let v = 0; v < 256; v += 17) samples.push(`#${v.toString(16).padStart(2, '0').repeat(3)}`, `#${v.toString(16).padStart(2, '0')}8040`);
    for (const colour of samples) expect(contrast(textOnHouse(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white for a colour it cannot read', () => {
    expect(textOnHouse('teal')).toBe('#ffffff');
    expect(textOnHouse(null)).toBe('#ffffff');
  });
});
