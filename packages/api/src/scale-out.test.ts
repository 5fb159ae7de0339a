/**
 * Decision 038 on the real process (decision 038): `WORKERS=2` refuses the embedded database with a clear
 * message, and on PostgreSQL serves requests from two worker processes behind one port (NODE_ENV=test adds
 * the worker's pid as x-summit-pid), restarts a worker that dies, and stops them all on SIGTERM. A node leaving
 * (SIGTERM) first tells the load balancer through /readyz and keeps serving for SHUTDOWN_DRAIN_SECONDS.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from './test/test-app.ts';
import { freePort } from './test/free-port.ts';
import { serverArgs } from './test/server-process.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'summit-scale-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(extra: Record<string, string>, port: number) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
  Object.assign(env, { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ARGON2_MEMORY_KIB: '8192', LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, extra);
  const child = spawn(process.execPath, serverArgs(), { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => out, exited };
}

async function until(check: () => boolean | Promise<boolean>, what: string, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new connection per request (the cluster hands out connections, not requests). */
async function pidOf(port: number): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/clock`, { headers: { connection: 'close' } });
    return res.headers.get('x-summit-pid');
  } catch {
    return null;
  }
}

describe('leaving the load balancer', () => {
  it('on SIGTERM /readyz turns 503 at once while requests are still served, then the process exits cleanly', { timeout: 180_000 }, async () => {
    // On PostgreSQL (CI) a copy of the migrated template starts in seconds; the embedded database initialises first.
    const database = process.env.DATABASE_URL ? await createTestDatabase() : null;
    onTestFinished(() => database?.close());
    const port = await freePort();
    const s = start({ SHUTDOWN_DRAIN_SECONDS: '2', DATA_DIR: path.join(dataDir, 'drain'), ...(database?.url ? { DATABASE_URL: database.url } : {}) }, port);
    await until(() => s.output().includes('is running at'), 'the server to listen', s.output);
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } });
    expect((await get('/readyz')).status).toBe(200);

    s.child.kill('SIGTERM');
    const drainStarted = Date.now();
    let readyz = 200;
    await until(async () => (readyz = (await get('/readyz')).status) === 503, '/readyz to say draining', s.output, 1_000);
    const body = (await (await get('/readyz')).json()) as { data: { checks: Record<string, string> } };
    expect(body.data.checks.draining).toBe('draining');
    // Still serving what reaches it during the drain.
    expect((await get('/healthz')).status).toBe(200);
    expect((await get('/api/clock')).status).toBe(200);
    const { code } = await s.exited;
    expect(code, s.output()).toBe(0);
    expect(Date.now() - drainStarted).toBeGreaterThanOrEqual(1_900);
    expect(readyz).toBe(503);
  });
});

describe('WORKERS=N', () => {
  it('refuses more than one process on the embedded database, saying why', { timeout: 120_000 }, async () => {
    const s = start({ WORKERS: '2' }, await freePort());
    const { code } = await s.exited;
    expect(code).toBe(1);
    expect(s.output()).toContain('WORKERS=2 需要 PostgreSQL（设置 DATABASE_URL）；内嵌数据库只支持单进程');
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL serves from two processes, replaces one that dies, and stops on SIGTERM', { timeout: 400_000 }, async () => {
    const database = await createTestDatabase();
    try {
      const port = await freePort();
      const s = start({ WORKERS: '2', DATABASE_URL: database.url! }, port);
      await until(() => s.output().includes('is running at'), 'both workers to listen', s.output);
      expect(s.output()).toContain('processes: 2');
      const pids = new Set<string>();
      await until(
        async () => {
          const pid = await pidOf(port);
          if (pid) pids.add(pid);
          return pids.size >= 2;
        },
        'answers from two pids',
        s.output,
        30_000,
      );
      expect(pids.has(String(s.child.pid))).toBe(false);

      // A worker killed outright is replaced; the server keeps answering meanwhile.
      const [victim] = [...pids];
      process.kill(Number(victim), 'SIGKILL');
      await until(() => /worker \d+ exited \(SIGKILL\); starting another/.test(s.output()), 'the primary to notice', s.output, 30_000);
      const after = new Set<string>();
      await until(
        async () => {
          const pid = await pidOf(port);
          if (pid) after.add(pid);
          return after.size >= 2;
        },
        'two live workers again',
        s.output,
        120_000,
      );
      expect(after.has(victim!)).toBe(false);

      s.child.kill('SIGTERM');
      const { code } = await s.exited;
      expect(code, s.output()).toBe(0);
      for (const pid of after) expect(() => process.kill(Number(pid), 0), `worker ${pid} still running`).toThrow();
    } finally {
      await database.close();
    }
  });
});
