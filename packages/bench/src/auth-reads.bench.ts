// npm run bench:reads — authenticated reads against a bare-Fastify baseline, in one run (docs/design.md §5:
// GET /api/student/info should reach ≥ 75% of a bare Fastify route answering with one prepared SELECT, as any
// careful bare service would; decision 095). Not a test: it prints. The unprepared SELECT of the old baseline
// is still measured, as information. Both servers run side by side and are measured in alternating rounds, so
// a neighbour's burst of load on this shared machine falls on both sides instead of skewing one (decision 021).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatResult, measure, warmUp, type LoadOptions, type LoadResult } from './load.ts';
import { startServer, type RunningServer, buildIfMissing } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const BASELINE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline-server.ts');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET = 0.75;
const DEMO_STUDENT = { phone_code: '86', phone: '13900000002', password: 'Summit2026!' };

buildIfMissing(ROOT, SERVER_ENTRY);

const { DATABASE_URL: _ignored, ...inherited } = process.env;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-bench-'));
console.log(`GET /api/student/info: ${ROUNDS} alternating rounds of ${SECONDS} s per server, ${CONNECTIONS} connections (2 s warm-up each)\n`);

const servers: RunningServer[] = [];
try {
  const summit = await startServer(
    process.execPath,
    [SERVER_ENTRY],
    {
      ...inherited,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      // One client IP sends everything here; the per-IP limit would turn the run into a 429 benchmark.
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    '/api/clock',
  );
  servers.push(summit);
  // Node with tsx's loader in the same process (not the tsx CLI, which forks): the pid is the server's own.
  const baselineServer = await startServer(process.execPath, ['--import', import.meta.resolve('tsx'), BASELINE], { ...inherited, NODE_ENV: 'production' }, '/api/student/info');
  servers.push(baselineServer);

  const login = await fetch(`${summit.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_STUDENT),
  });
  const body = (await login.json()) as { status: number | string; msg: string; data?: { token: string } };
  if (body.status !== 200 || !body.data?.token) throw new Error(`demo student login failed: ${body.status} ${body.msg}`);

  const real: LoadOptions = { url: `${summit.url}/api/student/info`, headers: { authorization: `Bearer ${body.data.token}` }, seconds: SECONDS, connections: CONNECTIONS };
  const base: LoadOptions = { url: `${baselineServer.url}/api/student/info`, seconds: SECONDS, connections: CONNECTIONS };
  const baseUnprepared: LoadOptions = { ...base, url: `${baselineServer.url}/api/student/info-unprepared` };
  await warmUp(real);
  await warmUp(base);
  await warmUp(baseUnprepared);

  const realRuns: LoadResult[] = [];
  const baseRuns: LoadResult[] = [];
  const unpreparedRuns: LoadResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate who goes first, so a drift in the machine's load does not always favour the same side.
    const order = round % 2 === 1 ? (['real', 'base', 'unprepared'] as const) : (['unprepared', 'base', 'real'] as const);
    for (const side of order) {
      if (side === 'real') realRuns.push(await measure(`summit GET /api/student/info  #${round}`, real, summit.child.pid));
      else if (side === 'base') baseRuns.push(await measure(`baseline, prepared SELECT  #${round}`, base, baselineServer.child.pid));
      else unpreparedRuns.push(await measure(`(info) baseline, unprepared  #${round}`, baseUnprepared, baselineServer.child.pid));
    }
  }

  const summary = (label: string, runs: LoadResult[]): LoadResult => {
    const cpu = runs.map((r) => r.cpuMicrosPerRequest).filter((v): v is number => v !== null);
    return {
      label,
      requestsPerSecond: runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length,
      p50: Math.max(...runs.map((r) => r.p50)),
      p99: Math.max(...runs.map((r) => r.p99)),
      ok: runs.reduce((sum, r) => sum + r.ok, 0),
      bad: runs.reduce((sum, r) => sum + r.bad, 0),
      cpuMicrosPerRequest: cpu.length === runs.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : null,
    };
  };
  const realAll = summary('summit GET /api/student/info', realRuns);
  const baseAll = summary('baseline, prepared SELECT', baseRuns);
  const unpreparedAll = summary('(info) baseline, unprepared', unpreparedRuns);
  console.log(`\nall rounds (mean req/s, worst p50/p99):\n${formatResult(realAll)}\n${formatResult(baseAll)}\n${formatResult(unpreparedAll)}`);
  console.log(`(info) against the old baseline whose SELECT is not prepared: ${((realAll.requestsPerSecond / unpreparedAll.requestsPerSecond) * 100).toFixed(1)}%`);
  const roundRatios = realRuns.map((r, i) => `${((r.requestsPerSecond / (baseRuns[i]?.requestsPerSecond ?? NaN)) * 100).toFixed(1)}%`);
  console.log(`per-round ratios: ${roundRatios.join(', ')}`);
  if (realAll.cpuMicrosPerRequest !== null && baseAll.cpuMicrosPerRequest !== null) {
    console.log(`cpu per request: baseline ${baseAll.cpuMicrosPerRequest.toFixed(0)} µs / summit ${realAll.cpuMicrosPerRequest.toFixed(0)} µs = ${((baseAll.cpuMicrosPerRequest / realAll.cpuMicrosPerRequest) * 100).toFixed(1)}%`);
  }
  if (realAll.bad > 0) console.log(`warning: ${realAll.bad} requests to summit were not 2xx: the ratio is not meaningful`);
  const ratio = realAll.requestsPerSecond / baseAll.requestsPerSecond;
  console.log(`ratio ${(ratio * 100).toFixed(1)}% of the prepared baseline (budget ≥ ${BUDGET * 100}%): ${ratio >= BUDGET ? 'within budget' : 'BELOW BUDGET'}`);
} finally {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
