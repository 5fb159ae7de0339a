// npm run bench:reads — authenticated reads against a bare-Fastify baseline, in one run (DESIGN §5:
// GET /api/student/info should reach ≥ 50% of a bare Fastify + one-SELECT route). Not a test: it prints.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './load.ts';
import { startServer } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const BASELINE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline-server.ts');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET = 0.5;
const DEMO_STUDENT = { phone_code: '86', phone: '13900000002', password: 'Summit2026!' };

if (!existsSync(SERVER_ENTRY) || process.env.BENCH_BUILD === '1') {
  console.log('building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { DATABASE_URL: _ignored, ...inherited } = process.env;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-bench-'));
console.log(`GET /api/student/info for ${SECONDS} s, ${CONNECTIONS} connections, then the baseline (2 s warm-up each)\n`);

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
let real;
try {
  const login = await fetch(`${summit.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_STUDENT),
  });
  const body = (await login.json()) as { status: number | string; msg: string; data?: { token: string } };
  if (body.status !== 200 || !body.data?.token) throw new Error(`demo student login failed: ${body.status} ${body.msg}`);
  real = await measure('summit GET /api/student/info', {
    url: `${summit.url}/api/student/info`,
    headers: { authorization: `Bearer ${body.data.token}` },
    seconds: SECONDS,
    connections: CONNECTIONS,
  });
} finally {
  await summit.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const baselineServer = await startServer(TSX, [BASELINE], { ...inherited, NODE_ENV: 'production' }, '/api/student/info');
let baseline;
try {
  baseline = await measure('baseline fastify + 1 SELECT', {
    url: `${baselineServer.url}/api/student/info`,
    seconds: SECONDS,
    connections: CONNECTIONS,
  });
} finally {
  await baselineServer.stop();
}

const ratio = real.requestsPerSecond / baseline.requestsPerSecond;
console.log(`\nratio ${(ratio * 100).toFixed(1)}% of baseline (budget ≥ ${BUDGET * 100}%): ${ratio >= BUDGET ? 'within budget' : 'BELOW BUDGET'}`);
if (real.bad > 0) console.log(`warning: ${real.bad} requests to summit were not 2xx: the ratio is not meaningful`);
