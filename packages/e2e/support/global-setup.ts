import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { registerStudentViaApi, saveStudentInfoViaApi, waitForServer } from './api.ts';
import { SPARE_PURPOSES, SPARES_ENV, type SpareStudent } from './spares.ts';
import { uniquePhone } from './phone-numbers.ts';

const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(E2E_DIR, '..', '..');
const API_DIST = path.join(ROOT, 'packages', 'api', 'dist');
const WEB_DIST = path.join(ROOT, 'packages', 'web', 'dist');
const SERVER_ENTRY = path.join(API_DIST, 'main.js');
// Migrations, the demo seed and argon2 hashing on a busy 2-core machine take a while on first start.
const SERVER_START_TIMEOUT_MS = 120_000;

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function log(message: string): void {
  process.stdout.write(`[e2e] ${message}\n`);
}

function buildApp(): void {
  log('building web + api (npm run build; set E2E_SKIP_BUILD=1 to reuse the last build)…');
  const started = Date.now();
  const out = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const output = `${out.stdout ?? ''}${out.stderr ?? ''}`;
  if (out.status !== 0) {
    throw new Error(`npm run build failed (exit ${out.status}):\n${output.split('\n').slice(-40).join('\n')}`);
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Runs the server from a copy of the build: a rebuild during the run (`npm run build`, `vite build` wipe
 * their dist folders) would otherwise swap the files under the running server and 404 its lazy chunks.
 * The copy lives under node_modules/ so the bundle's external packages still resolve from the root.
 */
function snapshotBuild(): { entry: string; webDist: string; remove: () => void } {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'summit-e2e', `${process.pid}-${Date.now()}`);
  cpSync(API_DIST, path.join(dir, 'api'), { recursive: true });
  cpSync(WEB_DIST, path.join(dir, 'web'), { recursive: true });
  return { entry: path.join(dir, 'api', 'main.js'), webDist: path.join(dir, 'web'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * With DATABASE_URL the browser suite runs on its own fresh database next to the given one, so a reused
 * database (a developer's, or a second run) never carries accounts or per-day SMS counts into this run.
 * Falls back to the given database when psql is not available.
 */
function createFreshDatabase(url: string): { url: string; drop: () => void } | null {
  const name = `summit_e2e_${process.pid}_${Date.now()}`;
  const created = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', `create database ${name}`], { encoding: 'utf8' });
  if (created.status !== 0) {
    log(`could not create a fresh database with psql (${(created.stderr || created.error?.message || '').trim()}); using DATABASE_URL as is`);
    return null;
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: () => {
      spawnSync('psql', [url, '-qAtc', `drop database if exists ${name} with (force)`], { encoding: 'utf8' });
    },
  };
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'summit-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const serverLog = path.join(workDir, 'server.log');
  mkdirSync(dataDir);

  if (process.env.E2E_SKIP_BUILD !== '1') buildApp();
  for (const built of [SERVER_ENTRY, path.join(WEB_DIST, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build (or unset E2E_SKIP_BUILD)`);
  }
  const snapshot = snapshotBuild();

  const database = process.env.DATABASE_URL ? createFreshDatabase(process.env.DATABASE_URL) : null;
  const databaseUrl = database?.url ?? process.env.DATABASE_URL;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const wxPayerSecret = randomBytes(32).toString('hex');
  process.env.E2E_WX_PAYER_SECRET = wxPayerSecret;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: snapshot.webDist,
    DEMO_MODE: 'true',
    SEED_DEMO: 'true',
    SMS_PROVIDER: 'outbox',
    // Every test's SMS comes from 127.0.0.1; the 30-a-day per-IP cap is not under test here, and a CI
    // retry or a few more flows must not run into it. The per-phone limits stay as in production.
    SMS_DAILY_PER_IP: '200',
    // Likewise every login and captcha comes from 127.0.0.1: the shared per-IP route limit (decision 038)
    // is tested in the API suite, not here.
    SENSITIVE_RATE_LIMIT_PER_MINUTE: '2000',
    // And every page's requests: the suite drives one browser at machine speed from one address, and its
    // busiest minutes (every info page on desktop and AMC, then the FAQ) passed the 600-a-minute flood guard
    // in CI. The guard is tested in the API suite (security-headers, redis), not here.
    RATE_LIMIT_PER_MINUTE: '20000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The smallest password-hash memory the server accepts (the API suite's too): every registration and password
    // sign-in of the suite hashes, and the hash's cost is not what the browser tests are about.
    ARGON2_MEMORY_KIB: '8192',
    // Known to the specs, so a WeChat payer ticket (normally from the base OAuth) can be placed in local storage.
    WECHAT_PAYER_TICKET_SECRET: wxPayerSecret,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const logStream = createWriteStream(serverLog);
  const server = spawn(process.execPath, [snapshot.entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.pipe(logStream);
  server.stderr.pipe(logStream);
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });

  const teardown = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    logStream.end();
    // Keep the server's log next to the test results: the first place to look when a test fails.
    try {
      mkdirSync(path.join(E2E_DIR, 'test-results'), { recursive: true });
      copyFileSync(serverLog, path.join(E2E_DIR, 'test-results', 'server.log'));
    } catch {
      // no log to keep
    }
    rmSync(workDir, { recursive: true, force: true });
    snapshot.remove();
    database?.drop();
  };

  try {
    log(`starting ${path.relative(ROOT, SERVER_ENTRY)} on ${baseUrl} (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, demo mode)…`);
    await waitForServer(baseUrl, () => !exited, SERVER_START_TIMEOUT_MS);
    process.env.E2E_BASE_URL = baseUrl;
    // The accessibility check's record of the routes analysed in this run (support/axe.ts), removed with the run.
    process.env.E2E_AXE_DIR = path.join(workDir, 'axe');
    // Specs that must seed what no API writes yet (course-centre.spec.ts: venues and courses) reach the database.
    if (databaseUrl) process.env.E2E_DATABASE_URL = databaseUrl;

    // Accounts for flows that send a second SMS to a registered phone (reset, SMS login): registering them
    // now, not in the test, lets the 60 s resend interval pass while other tests run.
    const spares: Record<string, SpareStudent> = {};
    for (const project of config.projects) {
      for (const purpose of SPARE_PURPOSES) {
        const spare: SpareStudent = { phone: uniquePhone(), password: `Spare${purpose}2026!`, name: `备用${purpose === 'reset' ? '甲' : '乙'}` };
        const login = await registerStudentViaApi(baseUrl, spare.phone, spare.password);
        await saveStudentInfoViaApi(baseUrl, login.token, {
          name: spare.name,
          email: `${spare.phone}@example.com`,
          school_country_id: 1,
          area_id: [440000, 440100, 440106],
          school_name: '广州市天河区测试中学',
        });
        spares[`${project.name}:${purpose}`] = spare;
      }
    }
    process.env[SPARES_ENV] = JSON.stringify(spares);
    log('server ready');
  } catch (err) {
    const message = `${(err as Error).message}\n--- server log (tail) ---\n${tail(serverLog)}`;
    await teardown();
    throw new Error(message);
  }
  return teardown;
}
