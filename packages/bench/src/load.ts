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
}

/** A short warm-up (JIT, connection pools, PGlite caches), then the measured run. */
export async function measure(label: string, options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.url, headers: options.headers ?? {}, connections: options.connections, pipelining: 1 };
  await autocannon({ ...base, duration: 2 });
  const result: Result = await autocannon({ ...base, duration: options.seconds });
  const outcome = {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
  };
  console.log(
    `${label.padEnd(34)} ${outcome.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${outcome.p50} ms   p99 ${outcome.p99} ms   ${outcome.ok} ok, ${outcome.bad} not 2xx/errors`,
  );
  return outcome;
}
