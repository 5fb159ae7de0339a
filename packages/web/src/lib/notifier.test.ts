import { afterEach, describe, expect, it } from 'vitest';
import { registerFallbackToastSink, registerToastSink, toast } from './notifier.ts';

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

afterEach(() => {
  registerToastSink(null);
  registerFallbackToastSink(null);
});

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

  it('uses the plain fallback sink while antd has none registered, and antd\'s once it has', () => {
    const plain: Shown[] = [];
    const antd: Shown[] = [];
    const p = sink(plain);
    const a = sink(antd);
    registerFallbackToastSink(p);
    toast('error', '手机号或密码错误');
    expect(plain).toEqual([{ kind: 'error', text: '手机号或密码错误' }]);
    registerToastSink(a);
    toast('success', '登录成功');
    expect(antd).toEqual([{ kind: 'success', text: '登录成功' }]);
    // antd's host unmounting hands toasts back to the fallback, never to the queue.
    registerToastSink(null);
    toast('info', '已保存');
    expect(plain.map((t) => t.text)).toEqual(['手机号或密码错误', '已保存']);
    [...p.closers, ...a.closers].forEach((close) => close());
  });
});
