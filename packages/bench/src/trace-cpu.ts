// A load-insensitive companion to Lighthouse's Total Blocking Time for bench:web's A/B mode. Lighthouse times
// the page's main-thread tasks by the wall clock, so on a machine shared with other work a task that waited
// for a core counts as blocking; Chromium's trace also records each task's thread time (`tdur`, time actually
// on a core). This sums, over the page's main-thread tasks after First Contentful Paint, max(0, 4 × thread
// time − 50 ms): the blocking time the same tasks would have at Lighthouse's 4× CPU slowdown on an idle core.
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; frame?: string; data?: { frame?: string; parent?: string; processId?: number; url?: string } };
}

const SLOWDOWN = 4;

export interface CpuBlocking {
  /** Σ max(0, 4 × thread time − 50 ms) over the main-thread tasks after FCP. */
  blockingMs: number;
  /** The longest of those tasks: start after FCP and thread time, both in ms at 1× (for diagnosis). */
  longest: Array<{ afterFcpMs: number; threadMs: number }>;
}

export function cpuBlocking(traceEvents: readonly TraceEvent[]): CpuBlocking | null {
  // The page's renderer: the last commit of a main frame (a frame without a parent); a COOP header swaps it.
  const commits = traceEvents.filter((e) => e.name === 'FrameCommittedInBrowser' && e.args?.data && !e.args.data.parent && e.args.data.processId);
  const commit = commits.at(-1);
  const pid = commit?.args?.data?.processId;
  const frame = commit?.args?.data?.frame;
  if (pid === undefined) return null;
  const main = traceEvents.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && (!frame || e.args?.frame === frame));
  if (!fcp) return null;
  let blocking = 0;
  const tasks: CpuBlocking['longest'] = [];
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== pid || e.tid !== main.tid || e.ts < fcp.ts) continue;
    const threadMs = (e.tdur ?? e.dur ?? 0) / 1000;
    blocking += Math.max(0, threadMs * SLOWDOWN - 50);
    tasks.push({ afterFcpMs: Math.round((e.ts - fcp.ts) / 1000), threadMs: Math.round(threadMs * 10) / 10 });
  }
  tasks.sort((a, b) => b.threadMs - a.threadMs);
  return { blockingMs: Math.round(blocking), longest: tasks.slice(0, 5) };
}
