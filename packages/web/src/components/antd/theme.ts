import type { ThemeConfig } from 'antd';

// One theme for the whole product (docs/design.md §6): deep navy primary, warm neutrals, 8 px grid, system CJK fonts.
export const FONT_STACK = '"PingFang SC", "Microsoft YaHei", "Noto Sans SC", "Noto Sans CJK SC", sans-serif';

export const COLORS = {
  navy: '#1b365d',
  navyDark: '#12253f',
  gold: '#c8a45c',
  paper: '#f7f4ef',
  sand: '#efe9df',
  ink: '#2a2623',
  // Secondary text: at least 4.5:1 (WCAG AA) on sand, paper and white (the footer's links sit on sand).
  muted: '#6b6259',
  // Placeholders: lighter than muted so an empty field does not read as filled, still 4.5:1 on white and on a
  // disabled field's #f5f5f5 (decision 093).
  placeholder: '#716a61',
  // Gold as text (dates, the 404 code): the brand gold itself is 2.1:1 on paper, fine for rules and dots only.
  goldText: '#7c5f25',
  line: '#e4ddd2',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: COLORS.navy,
    colorInfo: COLORS.navy,
    colorLink: COLORS.navy,
    colorError: '#b42318',
    colorSuccess: '#2e7d4f',
    // antd derives the success background from the green as a grey-green #b1bdb4, on which the green text of a
    // success tag (已提交) is 2.6:1: a light green instead (the text 4.6:1; decision 093).
    colorSuccessBg: '#eef6f1',
    colorSuccessBorder: '#a9cdb5',
    // Dark enough to be a warning tag's text on its own light background (decision 093).
    colorWarning: '#8a5a00',
    colorWarningBg: '#fbf5e8',
    colorWarningBorder: '#e3c98f',
    colorText: COLORS.ink,
    colorTextSecondary: COLORS.muted,
    // antd's own greys (#8c8c8c descriptions and counters, #bfbfbf placeholders) are 3.4:1 and 1.8:1 on white:
    // WCAG AA needs 4.5:1 (decision 093).
    colorTextTertiary: COLORS.muted,
    colorTextDescription: COLORS.muted,
    colorTextPlaceholder: COLORS.placeholder,
    // A button that is loading keeps its colours (its spinner says it is busy): at antd's 65 % the primary button's
    // white text was 3.6:1 (decision 093).
    opacityLoading: 1,
    colorBorder: '#d9d0c3',
    colorBorderSecondary: COLORS.line,
    colorBgLayout: COLORS.paper,
    colorBgContainer: '#ffffff',
    fontFamily: FONT_STACK,
    fontSize: 15,
    borderRadius: 8,
    sizeUnit: 4,
    sizeStep: 4,
    // Phone-first: large controls are 44 px, the minimum comfortable tap target.
    controlHeightLG: 44,
    controlHeight: 40,
  },
  components: {
    Button: { fontWeight: 500 },
    Layout: { headerBg: '#ffffff', bodyBg: COLORS.paper, footerBg: COLORS.sand },
  },
};

/**
 * On phones every control a finger taps is at least 44 px (decision 031): the middle size too, which
 * antd uses where a component ignores the large default (dialog buttons, segmented controls; pagination by its own token).
 * Small controls stay small; phone layouts do not use them for actions.
 */
export const phoneTheme: ThemeConfig = {
  ...theme,
  token: { ...theme.token, controlHeight: 44 },
  components: {
    ...theme.components,
    Pagination: { itemSize: 44 },
  },
};

/**
 * The theme for this screen. Under the system's "reduce motion" setting antd's own animations (drawers
 * sliding, dialogs zooming, wave effects) are off, as our CSS already stops its own.
 */
export function themeFor(isPhone: boolean, reducedMotion = false): ThemeConfig {
  const base = isPhone ? phoneTheme : theme;
  return reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base;
}
