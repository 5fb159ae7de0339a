import type { ToastKind, ToastSink } from './notifier.ts';

// Toasts in plain DOM for pages that do not load antd (decision 018): the same place and look as antd's
// message (a white pill near the top, one icon colour per kind), at most three at a time, announced to
// screen readers. antd's own sink takes over once an antd page has mounted.

const COLORS: Record<ToastKind, string> = { success: '#2f8f5b', error: '#c2412d', warning: '#c98a1b', info: '#1b365d' };
const MAX_VISIBLE = 3;

function host(doc: Document): HTMLElement {
  const existing = doc.getElementById('plain-toasts');
  if (existing) return existing;
  const el = doc.createElement('div');
  el.id = 'plain-toasts';
  el.setAttribute('style', 'position:fixed;top:72px;left:0;right:0;z-index:2000;display:flex;flex-direction:column;align-items:center;gap:8px;pointer-events:none');
  doc.body.appendChild(el);
  return el;
}

export function createPlainToastSink(doc: Document = document): ToastSink {
  return {
    open(kind, text, durationSeconds) {
      const container = host(doc);
      while (container.childElementCount >= MAX_VISIBLE) container.firstElementChild?.remove();
      const item = doc.createElement('div');
      item.className = `plain-toast plain-toast--${kind}`;
      item.setAttribute('role', kind === 'error' || kind === 'warning' ? 'alert' : 'status');
      item.setAttribute(
        'style',
        'display:flex;align-items:center;gap:8px;max-width:calc(100vw - 32px);padding:9px 16px;border-radius:8px;background:#fff;' +
          'box-shadow:0 6px 16px rgba(0,0,0,.08),0 3px 6px -4px rgba(0,0,0,.12);font-size:14px;line-height:1.5;color:#2a2623;pointer-events:auto',
      );
      const dot = doc.createElement('span');
      dot.setAttribute('aria-hidden', 'true');
      dot.setAttribute('style', `flex:none;width:16px;height:16px;border-radius:50%;background:${COLORS[kind]};color:#fff;font-size:12px;line-height:16px;text-align:center`);
      dot.textContent = kind === 'success' ? '✓' : kind === 'info' ? 'i' : '!';
      const label = doc.createElement('span');
      label.textContent = text;
      item.append(dot, label);
      container.appendChild(item);
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          item.remove();
          resolve();
        }, durationSeconds * 1000);
      });
    },
  };
}
