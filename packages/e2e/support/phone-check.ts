// What "fits a phone" means, measured in the page: nothing scrolls sideways, and the controls a finger
// presses (buttons, inputs, selects, tabs) are at least 44 px tall (decision 031).
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface LayoutReport {
  scrollWidth: number;
  viewportWidth: number;
  controls: number;
  smallTargets: string[];
}

/** Sideways overflow, and form controls (buttons, inputs, selects, tabs) shorter than 44 px. */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll(
      [
        // In-field clear icons are a shortcut beside a full-size control, not the control itself.
        'button:not(.ant-input-clear-icon):not(.ant-select-clear):not(.ant-modal-close)',
        '.ant-input-affix-wrapper',
        'input.ant-input:not(.ant-input-affix-wrapper input):not(.ant-input-group input)',
        '.ant-input-group-wrapper',
        '.ant-select:not(.ant-input-group-addon .ant-select)',
        '[role="tab"]',
      ].join(','),
    );
    const smallTargets: string[] = [];
    let shown = 0;
    for (const el of controls) {
      // What a finger hits: antd's tab is the whole .ant-tabs-tab around the role="tab" text, and a switch or
      // checkbox inside a <label> is toggled by the whole label.
      const hit = el.closest('.ant-tabs-tab') ?? (el.matches('.ant-switch, .ant-checkbox-input') ? el.closest('label') : null) ?? el;
      const box = hit.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      shown += 1;
      if (box.height < 44) {
        const label = (el.textContent || el.getAttribute('placeholder') || el.getAttribute('aria-label') || '').trim().slice(0, 16);
        smallTargets.push(`<${el.tagName.toLowerCase()} class="${String(el.className).split(' ')[0]}"> "${label}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewportWidth: window.innerWidth, controls: shown, smallTargets };
  });
}

export async function expectPhoneFriendly(page: Page, what: string, { hasForm = true } = {}): Promise<void> {
  // A page may still be adding its controls (a lazy section, a query that answers after the heading showed):
  // measure again until the page holds still, and fail with the last measure.
  await expect(async () => {
    const report = await measureLayout(page);
    // Guards the selectors above: a page with a form has controls to measure.
    if (hasForm) expect(report.controls, `${what}: controls measured`).toBeGreaterThan(1);
    expect(report.scrollWidth, `${what}: no sideways scrolling at ${report.viewportWidth} px`).toBeLessThanOrEqual(report.viewportWidth);
    expect(report.smallTargets, `${what}: tap targets under 44 px`).toEqual([]);
  }).toPass({ timeout: 10_000 });
}
