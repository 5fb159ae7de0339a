// Toasts are raised from outside React (the api client), so the app registers antd's context-aware message
// API here once it has mounted. Pages without antd (home, info pages, the password login) use a fallback sink
// in plain DOM (plain-toast.ts, set by main.tsx); without either, a toast waits in a short queue and shows
// once a sink exists.

export type ToastKind = 'error' | 'success' | 'info' | 'warning';

export interface ToastSink {
  /** May return a thenable that settles when the toast closes (antd's does). */
  open(kind: ToastKind, text: string, durationSeconds: number): unknown;
}

const DEFAULT_DURATION_S = 2;

const MAX_PENDING = 3;

let primary: ToastSink | null = null;
let fallback: ToastSink | null = null;
let sink: ToastSink | null = null;
let visible = 0;
let pending: Array<{ kind: ToastKind; text: string; duration: number }> = [];

export function registerToastSink(next: ToastSink | null): void {
  primary = next;
  selectSink();
}

/** The sink used while no primary (antd) sink is registered. */
export function registerFallbackToastSink(next: ToastSink | null): void {
  fallback = next;
  selectSink();
}

function selectSink(): void {
  sink = primary ?? fallback;
  if (!sink) return;
  const queued = pending;
  pending = [];
  for (const item of queued) show(item.kind, item.text, item.duration);
}

function show(kind: ToastKind, text: string, duration: number): void {
  visible += 1;
  const done = () => {
    visible = Math.max(0, visible - 1);
  };
  const result = sink?.open(kind, text, duration);
  if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
    (result as PromiseLike<unknown>).then(done, done);
  } else {
    setTimeout(done, duration * 1000);
  }
}

/**
 * Shows a toast. With `single`, nothing new is shown while another toast is still visible (docs/product/errors.md
 * single-toast mode): a burst of failing requests after a session expires then produces one 请重新登录！.
 */
export function toast(kind: ToastKind, text: string, options: { single?: boolean; durationSeconds?: number } = {}) {
  if (!text) return;
  if (options.single && visible > 0) return;
  const duration = options.durationSeconds ?? DEFAULT_DURATION_S;
  if (!sink) {
    if (options.single && pending.length > 0) return;
    pending = [...pending, { kind, text, duration }].slice(-MAX_PENDING);
    return;
  }
  show(kind, text, duration);
}

export function visibleToastCount(): number {
  return visible;
}
