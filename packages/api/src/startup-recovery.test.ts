/**
 * On the real process (decision 022): `main.ts` is SIGKILLed at several moments of its first
 * start on one data directory (mid-initdb, after initdb before the cluster is moved into place, after
 * migrations, inside the reference-data transaction, inside the demo-seed transaction); the next start must
 * complete everything: schools present (once), demo accounts log in, the seed reported once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-seed.ts';
import { SCHOOLS } from './seed/schools-data.ts';
import { freePort } from './test/free-port.ts';
import { serverArgs } from './test/server-process.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'summit-start-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function start(killAt?: string): Promise<Started> {
  const port = await freePort();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
  Object.assign(env, { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ARGON2_MEMORY_KIB: '8192', LOG_LEVEL: 'info', SEED_DEMO: 'true' });
  if (killAt) env.STARTUP_KILL_AT = killAt;
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
  return { child, port, output: () => out, exited };
}

/** Waits for `check` while `s` runs; a process that exits first fails the test with its output. */
async function until(s: Started, check: () => boolean, what: string, timeoutMs = 240_000): Promise<void> {
  let exited = false;
  void s.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (exited) throw new Error(`the process exited before ${what}:\n${s.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts with a kill point and expects the process to die of SIGKILL there. */
async function killedAt(point: string): Promise<string> {
  const s = await start(point);
  const { signal } = await s.exited;
  expect(signal, s.output()).toBe('SIGKILL');
  return s.output();
}

const pgDir = path.join(dataDir, 'pg');
const stagingDir = path.join(dataDir, 'pg.initialising');

describe('a first start killed at any moment is completed by the next start', () => {
  it('recovers from kills during initdb, migrations, reference data and the demo seed', { timeout: 900_000 }, async () => {
    // 1. Killed in the middle of initdb: only the staging directory exists, never a half-made `pg`.
    const first = await start();
    await until(first, () => existsSync(stagingDir) && readdirSync(stagingDir).length > 0, 'initdb to begin writing');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(pgDir)).toBe(false);

    // 2. Killed after initdb finished but before the cluster was moved into place.
    await killedAt('pglite-initialised');
    expect(existsSync(pgDir)).toBe(false);
    expect(existsSync(path.join(stagingDir, 'global', 'pg_control'))).toBe(true);
    const initialisedAt = readFileSync(path.join(stagingDir, 'summit-initialised'), 'utf8');

    // 3. Killed after migrations committed; 4. inside the reference-data transaction; 5. inside the seed's.
    await killedAt('migrated');
    expect(existsSync(pgDir)).toBe(true);
    expect(existsSync(stagingDir)).toBe(false);
    // The finished cluster was moved into place, not initialised a second time.
    expect(readFileSync(path.join(pgDir, 'summit-initialised'), 'utf8')).toBe(initialisedAt);
    await killedAt('reference-data');
    await killedAt('demo-seed');

    // 6. An ordinary start completes what is missing and serves it.
    const s = await start();
    await until(s, () => s.output().includes('is running at'), 'the server to listen');
    const base = `http://127.0.0.1:${s.port}`;
    const login = async (phone: string) => {
      const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone_code: '86', phone, password: DEMO_PASSWORD }) });
      return (await res.json()) as { status: number; data?: { token: string } };
    };
    for (const demo of [DEMO_ACCOUNTS[0]!, DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!]) {
      expect((await login(demo.phone)).status, demo.label).toBe(200);
    }
    const schools = async (name: string) => {
      const res = await fetch(`${base}/api/region/schools?country_id=1&name=${encodeURIComponent(name)}`);
      return ((await res.json()) as { data: Array<{ name: string }> }).data;
    };
    const sample = SCHOOLS[0]!.name;
    expect((await schools(sample)).filter((x) => x.name === sample)).toHaveLength(1);
    // The seed ran exactly once, here: the demo banner is printed, the seeding message once.
    expect(s.output().match(/demo programme seeded/g)).toHaveLength(1);
    expect(s.output()).toContain(`demo accounts (password ${DEMO_PASSWORD})`);
    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
    // A start after this one finds both steps recorded and runs neither (startup-steps.test.ts).
  });
});
