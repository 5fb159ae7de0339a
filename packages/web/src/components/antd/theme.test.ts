import { describe, expect, it } from 'vitest';
import { theme as antdTheme } from 'antd';
import { COLORS, phoneTheme, theme, themeFor } from './theme.ts';

describe('themeFor', () => {
  it('gives phones 44 px middle controls and desktops 40 px', () => {
    expect(themeFor(true).token?.controlHeight).toBe(44);
    expect(themeFor(false).token?.controlHeight).toBe(40);
  });

  it('leaves antd animations on unless the system asks for less motion', () => {
    expect(themeFor(false).token?.motion).toBeUndefined();
    expect(themeFor(true)).toBe(phoneTheme);
    expect(themeFor(false, true).token?.motion).toBe(false);
    expect(themeFor(true, true).token?.motion).toBe(false);
  });

  it('keeps the brand colours and phone sizes when motion is reduced', () => {
    const reduced = themeFor(true, true);
    expect(reduced.token?.colorPrimary).toBe(theme.token?.colorPrimary);
    expect(reduced.token?.controlHeight).toBe(44);
    expect(reduced.components).toBe(phoneTheme.components);
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('colours', () => {
  it('secondary and body text reach 4.5:1 on every background they sit on', () => {
    for (const background of [COLORS.sand, COLORS.paper, '#ffffff']) {
      expect(contrast(COLORS.muted, background), `muted on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(COLORS.ink, background), `ink on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(COLORS.goldText, background), `gold text on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(COLORS.placeholder, '#ffffff'), 'placeholder on a field').toBeGreaterThanOrEqual(4.5);
    expect(contrast(COLORS.placeholder, '#f5f5f5'), 'placeholder on a disabled field').toBeGreaterThanOrEqual(4.5);
  });

  it('a status tag or alert\'s text reaches 4.5:1 on its own background', () => {
    const tokens = antdTheme.getDesignToken(theme);
    for (const status of ['Success', 'Warning', 'Error'] as const) {
      const fg = tokens[`color${status}`];
      const bg = tokens[`color${status}Bg`];
      expect(contrast(fg, bg), `${status} text ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures contrast as WCAG does (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#7a7068', COLORS.sand)).toBeLessThan(4.5);
  });
});
