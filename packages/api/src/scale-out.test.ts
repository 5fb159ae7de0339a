/**
 * Decision 038 on the real process (decision 038): `WORKERS=2` refuses the embedded database with a clear
 * message, and on PostgreSQL serves requests from two worker processes behind one port (NODE_ENV=test adds
 * the worker's pid as x-summit-pid), restarts a worker that dies, and stops them all on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
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
