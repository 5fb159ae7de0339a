import { useEffect, type RefObject } from 'react';

/**
 * A table that scrolls sideways (antd's `scroll.x`) but holds no control cannot be scrolled from the keyboard:
 * makes its scrolling box inside `ref` focusable and names it (WCAG 2.1.1; axe scrollable-region-focusable;
 * decision 093). Runs after every render, as antd may replace the box.
 */
export function useKeyboardScroller(ref: RefObject<HTMLElement | null>, label: string): void {
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (box.tabIndex < 0) box.tabIndex = 0;
      if (!box.hasAttribute('role')) box.setAttribute('role', 'region');
      if (!box.hasAttribute('aria-label')) box.setAttribute('aria-label', label);
    }
  });
}
