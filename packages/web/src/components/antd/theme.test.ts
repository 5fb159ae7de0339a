import { describe, expect, it } from 'vitest';
import { phoneTheme, theme, themeFor } from './theme.ts';

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
