import { afterEach, describe, expect, it } from 'vitest';
import { registerToastSink, toast } from './notifier.ts';

type Shown = { kind: string; text: string };

function sink(shown: Shown[]) {
  // Toasts stay "visible" until the returned promise settles, like antd's message API.
  const closers: Array<() => void> = [];
  return {
    closers,
    open: (kind: string, text: string) => {
      shown.push({ kind, text });
      return new Promise<void>((resolve) => closers.push(resolve));
    },
  };
}

afterEach(() => registerToastSink(null));

describe('toast', () => {
  it('single-toast mode suppresses a new toast while one is visible', async () => {
    const shown: Shown[] = [];
    const s = sink(shown);
    registerToastSink(s);
    toast('error', '请重新登录！', { single: true });
    toast('error', '请重新登录！', { single: true });
    expect(shown).toHaveLength(1);
    s.closers.forEach((close) => close());
    await Promise.resolve();
    await Promise.resolve();
    toast('error', '请重新登录！', { single: true });
    expect(shown).toHaveLength(2);
    s.closers.forEach((close) => close());
    await new Promise((r) => setTimeout(r, 0));
  });

  it('without single mode every toast shows', () => {
    const shown: Shown[] = [];
    const s = sink(shown);
    registerToastSink(s);
    toast('error', 'a');
    toast('error', 'b');
    expect(shown.map((t) => t.text)).toEqual(['a', 'b']);
    s.closers.forEach((close) => close());
  });

  it('queues toasts raised before the sink exists and shows them once it registers', () => {
    const shown: Shown[] = [];
    toast('error', '请重新登录！', { single: true });
    toast('error', '请重新登录！', { single: true });
    toast('success', '已退出登录');
    expect(shown).toHaveLength(0);
    const s = sink(shown);
    registerToastSink(s);
    expect(shown).toEqual([
      { kind: 'error', text: '请重新登录！' },
      { kind: 'success', text: '已退出登录' },
    ]);
    s.closers.forEach((close) => close());
  });
});
