/**
 * The generated double-submit suite (decision 092), beside the role and bad-input suites of route-registry.test.ts:
 * every write route of the registry (POST/PUT/PATCH/DELETE) is fired 8 times at once, over real sockets, with the
 * same valid body as an entitled user, on one database ("burst"); the same request is sent once on an identical
 * copy ("single"). Both copies start from the seeded demo programme and take every route in the same order.
 *
 * Checked for each route: no 5xx and no dropped connection in the burst; the single request succeeds (the fixture
 * is valid); and the burst changed every table's row count exactly as the single request did, i.e. the stored
 * state is that of one request. A route that adds by design (two messages are two messages) is listed in its
 * fixture with the reason and only checked for 5xx; a route this suite cannot reach says why.
 *
 * A route added to the app without a fixture fails the first test: write one in double-submit.fixtures.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import type { RegisteredRoute } from '../http/context.ts';
import { createClock, createTestApp, openDroppedOnClose, type TestApp } from './test-app.ts';
import { FIXTURES, rowsOf, type FixtureCtx, type Who } from './double-submit.fixtures.ts';
import { DEMO_PASSWORD } from '../seed/demo-seed.ts';

const BURST = 8;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOW = new Date();

interface Side {
  t: TestApp;
  base: string;
  ctx: FixtureCtx;
  counts: Map<string, number>;
}

/** Two identical databases holding the demo programme: PostgreSQL copies one by CREATE DATABASE … TEMPLATE. */
async function seededPair(): Promise<[Database & { url?: string }, Database & { url?: string }]> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const { readFileSync } = await import('node:fs');
    const first = await openPglite('memory://', { loadDataDir: new Blob([readFileSync(template.dumpFile)]) });
    await seedDemo(first.db, { argon2MemoryKib: 8192, now: NOW });
    const client = (first.db as unknown as { $client: { dumpDataDir(c?: 'none'): Promise<Blob> } }).$client;
    const second = await openPglite('memory://', { loadDataDir: await client.dumpDataDir('none') });
    return [first, second];
  }
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  const urlOf = (name: string) => {
    const url = new URL(template.adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const names = [`summit_ds_${randomBytes(5).toString('hex')}`, `summit_ds_${randomBytes(5).toString('hex')}`] as const;
  try {
    await admin.query(`create database ${names[0]} template ${template.template}`);
    const seeding = await openPostgres(urlOf(names[0]), { max: 1 });
    await seedDemo(seeding.db, { argon2MemoryKib: 8192, now: NOW });
    await seeding.close();
    await admin.query(`create database ${names[1]} template ${names[0]}`);
  } finally {
    await admin.end();
  }
  return [await openDroppedOnClose(template.adminUrl, names[0], 8), await openDroppedOnClose(template.adminUrl, names[1], 8)];
}

/**
 * Logs of requests rather than state: every accepted staff write adds its audit row (a repeated save is a second
 * save in the 操作日志), every provider notification and sign-in attempt is kept. Not compared.
 */
const REQUEST_LOGS = new Set(['audit_log', 'payment_notifications', 'login_attempts', 'rate_limit_buckets']);

let tables: string[] = [];
async function rowCounts(side: Side): Promise<Map<string, number>> {
  if (tables.length === 0) {
    const rows = await rowsOf<{ name: string }>(side.t.db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    tables = rows.map((r) => r.name).filter((n) => !n.startsWith('__drizzle') && !REQUEST_LOGS.has(n));
  }
  const union = tables.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  const rows = await rowsOf<{ name: string; n: number }>(side.t.db, sql.raw(union));
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}

async function login(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { phone_code: '86', phone, password: DEMO_PASSWORD } });
  const token = (res.json() as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`demo login failed for ${phone}: ${res.body}`);
  return token;
}

const PHONES: Record<Exclude<Who, 'public'>, string> = {
  admin: '13800000001',
  teacher: '13800000002',
  tf: '13800000003',
  csl: '13800000004',
  staff: '13800000005',
  school: '13800000010',
  sl: '13800000020',
  newcomer: '13900000001',
  profiled: '13900000002',
  step1: '13900000003',
  applied: '13900000004',
  offered: '13900000005',
  paidBeijing: '13900000006',
  paid: '13900000007',
  volunteer: '13900000008',
  ssi: '13900000011',
  trainee: '13900000012',
  sbp: '13900000013',
  hweek: '13900000014',
  deans: '13900000015',
};

async function openSide(database: Database & { url?: string }): Promise<Side> {
  const t = await createTestApp({ database, clock: createClock(NOW) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const tokens = new Map<Who, string>();
  const ctx: FixtureCtx = {
    app: t.app,
    db: t.db,
    token: async (who) => {
      if (who === 'public') return undefined;
      const known = tokens.get(who);
      if (known) return known;
      const token = await login(t, PHONES[who]);
      tokens.set(who, token);
      return token;
    },
    freshToken: (who) => login(t, PHONES[who as Exclude<Who, 'public'>]),
    advance: (ms) => t.clock.advance(ms),
    forgetTokens: () => tokens.clear(),
    now: () => t.clock.now(),
    secrets: new Map(),
    one: async (query) => {
      const [first] = await rowsOf<Record<string, unknown>>(t.db, query);
      if (!first) throw new Error('fixture lookup found nothing');
      return Object.values(first)[0] as never;
    },
  };
  return { t, base: `http://127.0.0.1:${address.port}`, ctx, counts: new Map() };
}

interface Shot {
  http: number;
  status?: unknown;
  msg?: unknown;
  field?: unknown;
  error?: string;
}

function isRaw(body: unknown): body is { payload: Buffer; contentType: string } {
  return typeof body === 'object' && body !== null && Buffer.isBuffer((body as { payload?: unknown }).payload);
}

async function fire(side: Side, method: string, url: string, token: string | undefined, body: unknown, headers: Record<string, string>): Promise<Shot> {
  try {
    const res = await fetch(side.base + url, {
      method,
      // A request that never answers (a pool starved by its own locks) fails the route instead of the run.
      signal: AbortSignal.timeout(15_000),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': isRaw(body) ? body.contentType : 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: isRaw(body) ? new Uint8Array(body.payload) : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: { status?: unknown; msg?: unknown; data?: { field?: unknown } } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // A download answers with its file.
    }
    return { http: res.status, status: parsed.status, msg: parsed.msg, ...(parsed.data?.field ? { field: parsed.data.field } : {}) };
  } catch (err) {
    return { http: 0, error: String((err as { cause?: unknown }).cause ?? err) };
  }
}

function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of after) {
    const d = n - (before.get(name) ?? 0);
    if (d !== 0) out[name] = d;
  }
  return out;
}

let burst: Side;
let single: Side;
let registry: RegisteredRoute[] = [];
const startedAt = Date.now();

beforeAll(async () => {
  const [a, b] = await seededPair();
  burst = await openSide(a);
  single = await openSide(b);
  registry = burst.t.app.routeRegistry.filter((r) => WRITE_METHODS.has(r.method));
  burst.counts = await rowCounts(burst);
  single.counts = await rowCounts(single);
}, 120_000);

afterAll(async () => {
  await burst?.t.close();
  await single?.t.close();
  console.info(`double-submit: ${Object.keys(FIXTURES).length} routes in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
});

describe('every write route survives a double submit', () => {
  it('every write route of the registry has a fixture, and every fixture a route', () => {
    const keys = registry.map((r) => `${r.method} ${r.url}`);
    const missing = keys.filter((k) => !(k in FIXTURES));
    const stale = Object.keys(FIXTURES).filter((k) => !keys.includes(k));
    expect(missing, `write routes without a fixture in double-submit.fixtures.ts: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `fixtures without a route: ${stale.join(', ')}`).toEqual([]);
  });

  for (const [key, fixture] of Object.entries(FIXTURES)) {
    const [method, path] = key.split(' ') as [string, string];
    it(`${key}${fixture.additive ? ' (additive)' : ''}${fixture.unreached ? ' (not reached)' : ''}`, async () => {
      const requestOf = async (side: Side) => {
        const prepared = fixture.prepare ? await fixture.prepare(side.ctx) : {};
        const token = prepared.token ?? (fixture.as === 'public' ? undefined : await side.ctx.token(fixture.as));
        return { url: prepared.url ?? path, body: prepared.raw ?? prepared.body ?? fixture.body, headers: prepared.headers ?? {}, token };
      };
      const a = await requestOf(burst);
      const b = await requestOf(single);
      const shots = await Promise.all(Array.from({ length: BURST }, () => fire(burst, method, a.url, a.token, a.body, a.headers)));
      const one = await fire(single, method, b.url, b.token, b.body, b.headers);
      const afterBurst = await rowCounts(burst);
      const afterSingle = await rowCounts(single);
      const burstDelta = delta(burst.counts, afterBurst);
      const singleDelta = delta(single.counts, afterSingle);
      burst.counts = afterBurst;
      single.counts = afterSingle;

      const broken = shots.filter((s) => s.http === 0 || s.http >= 500);
      expect(broken, `${key}: no 5xx and no dropped connection: ${JSON.stringify(broken)}`).toEqual([]);
      expect(one.http < 500 && one.http > 0, `${key}: single ${JSON.stringify(one)}`).toBe(true);
      if (fixture.unreached) return;
      if (fixture.expectHttp) expect(one.http, `${key}: the single request is valid: ${JSON.stringify(one)}`).toBe(fixture.expectHttp);
      else expect({ http: one.http, status: one.status }, `${key}: the single request is valid: ${JSON.stringify(one)}`).toEqual({ http: fixture.expectStatus && fixture.expectStatus !== 200 ? one.http : 200, status: fixture.expectStatus ?? 200 });
      if (fixture.additive) return;
      const answers = shots.map((s) => `${s.http} ${String(s.msg)}`);
      expect(burstDelta, `${key}: rows changed by 8 at once ${JSON.stringify(burstDelta)}, by one ${JSON.stringify(singleDelta)}; answers ${JSON.stringify(answers)}`).toEqual(singleDelta);
    });
  }
});
