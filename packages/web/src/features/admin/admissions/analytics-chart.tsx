import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../components/page-state.tsx';

type EchartsModule = typeof import('./echarts-setup.ts');
/** The option object echarts takes; kept loose here so this file never imports echarts' types eagerly. */
export type ChartOption = Record<string, unknown>;

let loading: Promise<EchartsModule> | undefined;
/** One download per page, shared by every chart on the tab. */
const loadEcharts = () => (loading ??= import('./echarts-setup.ts'));

/** An echarts chart that loads the library on first render, follows its box's width (375 px too) and cleans up. */
export function AnalyticsChart({ option, height = 320, label }: { option: ChartOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<EchartsModule['echarts']['init']> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    loadEcharts()
      .then(({ echarts }) => {
        if (disposed || !box.current) return;
        chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' });
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setFailed(false);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    void loadEcharts().then(() => {
      if (!cancelled) chart.current?.setOption(option, { notMerge: true });
    }).catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [option]);

  if (failed) return <ErrorState title="图表加载失败" onRetry={() => window.location.reload()} />;
  return <div ref={box} role="img" aria-label={label} className="analytics-chart" style={{ width: '100%', height }} />;
}
