import { readFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
  /** CPU the server process spent per answered request (µs), when the OS tells us; null elsewhere. */
  cpuMicrosPerRequest: number | null;
}

/**
 * CPU seconds a process has used (user + system), from /proc on Linux; null where there is no /proc.
 * On a shared machine throughput swings with the neighbours' load, CPU per request much less: it is printed
 * beside the ratio as the steadier figure.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

export async function warmUp(options: LoadOptions): Promise<void> {
  await autocannon({ url: options.url, headers: options.headers ?? {}, connections: options.connections, pipelining: 1, duration: 2 });
}

/** One measured run against a warmed-up server; `pid` is the server's, for its CPU per request. */
export async function measure(label: string, options: LoadOptions, pid?: number): Promise<LoadResult> {
  const base = { url: options.url, headers: options.headers ?? {}, connections: options.connections, pipelining: 1 };
  const cpuBefore = processCpuSeconds(pid);
  const result: Result = await autocannon({ ...base, duration: options.seconds });
  const cpuAfter = processCpuSeconds(pid);
  const answered = result['2xx'] + result.non2xx;
  const outcome: LoadResult = {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? ((cpuAfter - cpuBefore) * 1e6) / answered : null,
  };
  console.log(formatResult(outcome));
  return outcome;
}

export function formatResult(r: LoadResult): string {
  const cpu = r.cpuMicrosPerRequest === null ? '' : `   cpu ${r.cpuMicrosPerRequest.toFixed(0)} µs/req`;
  return `${r.label.padEnd(38)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.ok} ok, ${r.bad} not 2xx/errors${cpu}`;
}
