// npm run bench:grab — the course grab under contention (docs/design.md §5, decision 042). Not a test: it
// prints. 2,000 distinct logged-in students fire POST /api/student/course-center/cart/grab at once over 200
// keep-alive connections: half at one hot course of 100 seats, the rest spread over 10 courses of 50 seats. Then it
// checks the seats held per course equal min(capacity, demand) and that no student holds two clashing seats, and, on
// the same database in the same run, times the same number of raw `UPDATE … WHERE taken < capacity` statements.
// PostgreSQL (DATABASE_URL, a fresh database is created beside it) with WORKERS=1 and WORKERS=2, then PGlite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { SESSION_NAMES } from '@summit/domain';
import { openPglite, type Db } from '../../api/src/db/client.ts';
import { findLiveToken } from '../../api/src/modules/auth/auth.repo.ts';
import { hashToken } from '../../api/src/modules/auth/token.service.ts';
import { findStudentCentre, takeSeatQuick } from '../../api/src/modules/course-centre/course-centre.repo.ts';
import { startServer } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const HOT = { seats: 100 };
const COLD = { count: 10, seats: 50 };
/** The server's PostgreSQL pool (db/client.ts default): the baseline gets the same number of connections. */
const POOL = 10;
/** Which runs (comma list of pg1, pg2, pglite; default all): for iterating on one figure. The README's come from all. */
/** Extra node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const RUNS = new Set((process.env.BENCH_RUNS ?? 'pg1,pg2,pglite').split(',').map((r) => r.trim()));

if (!existsSync(SERVER_ENTRY) || process.env.BENCH_BUILD === '1') {
  console.log('building (npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const workersSupported = readFileSync(SERVER_ENTRY, 'utf8').includes('WORKERS');

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Programme, 11 courses at distinct times plus one that clashes with the hot course, 2,000 placed students with tokens. */
async function seed(query: Query): Promise<{ tokens: string[]; courseIds: number[]; hotId: number }> {
  await query(`insert into venues (place_name, name, capacity) values ('bench', '压测会场', 100000) on conflict do nothing`);
  const venueId = Number((await query(`select id from venues where place_name = 'bench'`)).rows[0]!.id);
  const courseIds: number[] = [];
  for (let i = 0; i <= COLD.count; i++) {
    const hot = i === 0;
    const res = await query(`insert into courses (code, title, category, session_key, period, venue_id, capacity, teacher_name) values ($1, $2, 'seminar', 'first', 1, $3, $4, '压测') returning id`, [
      `BENCH${i}`,
      hot ? '热门课' : `课程${i}`,
      venueId,
      hot ? HOT.seats : COLD.seats,
    ]);
    const id = Number(res.rows[0]!.id);
    courseIds.push(id);
    // Two-hour slots; course 1 meets at the hot course's time, so a student must never hold both.
    const slot = i === 1 ? 0 : i;
    await query(`insert into course_meetings (course_id, starts_at, ends_at, location) values ($1, timestamptz '2026-08-11 00:00+00' + make_interval(hours => $2::int * 2), timestamptz '2026-08-11 01:30+00' + make_interval(hours => $2::int * 2), '线上')`, [id, slot]);
  }
  await query(`insert into selection_rounds (name, session_key, venue_id, categories, mode, opens_at, closes_at, status) values ('压测轮', 'first', $1, '["seminar"]'::jsonb, 'grab', now() - interval '1 hour', now() + interval '1 day', 'open')`, [venueId]);
  await query(`insert into accounts (role, phone, name) select 'student', '137' || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, $1::int) g`, [STUDENTS]);
  await query(`insert into student_profiles (account_id, tuition_paid_at, offer_letter, place_name) select id, now(), 1, '第一期' from accounts where phone like '137%' and role = 'student'`);
  await query(`insert into venue_assignments (student_id, venue_id, method) select id, $1, 'rule' from accounts where phone like '137%' and role = 'student'`, [venueId]);
  await query(`insert into auth_tokens (token_hash, account_id, role, expires_at) select encode(sha256(convert_to('bench-token-' || id, 'UTF8')), 'hex'), id, 'student', now() + interval '1 day' from accounts where phone like '137%' and role = 'student'`);
  // The venue-house module's publication table, when present (decision 040), must say the venue result is out.
  if ((await query(`select to_regclass('public.result_publications') is not null as present`)).rows[0]!.present) {
    await query(`insert into result_publications (kind, venue_id, publish_at) values ('venue', null, now() - interval '1 hour')`);
  }
  const ids = (await query(`select id from accounts where phone like '137%' and role = 'student' order by id`)).rows.map((r) => Number(r.id));
  return { tokens: ids.map((id) => `bench-token-${id}`), courseIds, hotId: courseIds[0]! };
}

/** Who asks for what: every other student wants the hot course, the rest spread over the 10 others. */
function targetOf(i: number, courseIds: number[]): number {
  return i % 2 === 0 ? courseIds[0]! : courseIds[1 + ((i >> 1) % COLD.count)]!;
}

interface BurstResult {
  seconds: number;
  latencies: number[];
  byStatus: Map<string, number>;
  http5xx: number;
  errors: number;
}

async function burst(url: string, tokens: string[], courseIds: number[]): Promise<BurstResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL('/api/student/course-center/cart/grab', url);
  const latencies: number[] = [];
  const byStatus = new Map<string, number>();
  let http5xx = 0;
  let errors = 0;
  const one = (token: string, courseId: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ course_id: courseId });
      let started = 0;
      const req = http.request(target, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if ((res.statusCode ?? 0) >= 500) http5xx += 1;
          let status = `http ${res.statusCode}`;
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { status: unknown; msg: string };
            status = parsed.status === 200 ? '200' : `${String(parsed.status)} ${parsed.msg}`;
          } catch {
            // keep the http status
          }
          byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
          resolve();
        });
      });
      // Latency counts from the moment the request has a connection: the wait for one of the 200 is the client's queue.
      req.on('socket', () => {
        started = performance.now();
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  // Open the connections first so the burst measures grabs, not TCP handshakes.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => fetchClock(url, agent)));
  const t0 = performance.now();
  await Promise.all(tokens.map((token, i) => one(token, targetOf(i, courseIds))));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { seconds, latencies, byStatus, http5xx, errors };
}

function fetchClock(url: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve) => {
    http.get(new URL('/api/clock', url), { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    }).on('error', () => resolve());
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Seats per course against min(capacity, demand), oversell, double seats and clashing seats, from the database. */
async function verify(query: Query, courseIds: number[], tokens: string[]) {
  const demand = new Map<number, number>();
  tokens.forEach((_, i) => demand.set(targetOf(i, courseIds), (demand.get(targetOf(i, courseIds)) ?? 0) + 1));
  const rows = (await query(`select c.id, c.capacity, c.taken, (select count(*) from enrolments e where e.course_id = c.id)::int as seats from courses c where c.code like 'BENCH%' order by c.id`)).rows;
  let oversell = 0;
  let mismatch = 0;
  const held: string[] = [];
  for (const r of rows) {
    const capacity = Number(r.capacity);
    const seats = Number(r.seats);
    const expected = Math.min(capacity, demand.get(Number(r.id)) ?? 0);
    oversell += Math.max(0, seats - capacity) + (Number(r.taken) !== seats ? 1 : 0);
    if (seats !== expected) mismatch += 1;
    held.push(`${seats}/${expected}`);
  }
  const clashes = Number(
    (
      await query(`select count(*)::int as n from enrolments a join enrolments b on a.student_id = b.student_id and a.course_id < b.course_id
      join course_meetings ma on ma.course_id = a.course_id join course_meetings mb on mb.course_id = b.course_id
      where ma.starts_at < mb.ends_at and mb.starts_at < ma.ends_at`)
    ).rows[0]!.n,
  );
  return { oversell, mismatch, clashes, held: held.join(' ') };
}

/** The baseline: the same number of conditional UPDATEs on a copy of the courses, same database, same pool size. */
async function baseline(query: Query, concurrency: number, courseIds: number[], tokens: string[]): Promise<number> {
  await query(`drop table if exists bench_baseline_courses`);
  await query(`create table bench_baseline_courses as select id, capacity, 0 as taken from courses where code like 'BENCH%'`);
  await query(`alter table bench_baseline_courses add primary key (id)`);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++;
        await query(`update bench_baseline_courses set taken = taken + 1 where id = $1 and taken < capacity returning id`, [targetOf(i, courseIds)]);
      }
    }),
  );
  return tokens.length / ((performance.now() - t0) / 1000);
}

/**
 * One grab, step by step, with nothing else running against the server (decision 044): the same requests one after
 * another, each by a student the server has not seen (so the token is read, as in the burst), on a course with room.
 * The HTTP figure is the whole grab; the three statements are what the server sends for a free seat, timed here
 * through the same drizzle/pg path on the same database. What HTTP costs beyond their sum is the process's own work.
 */
async function profileSteps(url: string, query: Query, pool: pg.Pool, tokens: string[], n = 100): Promise<void> {
  const course = async (code: string, slot: number) => {
    const id = Number((await query(`insert into courses (code, title, category, session_key, period, venue_id, capacity, teacher_name) select $1, $1, 'seminar', 'first', 1, id, 100000, '压测' from venues where place_name = 'bench' returning id`, [code])).rows[0]!.id);
    await query(`insert into course_meetings (course_id, starts_at, ends_at, location) values ($1, timestamptz '2026-08-11 00:00+00' + make_interval(hours => $2::int * 2), timestamptz '2026-08-11 01:30+00' + make_interval(hours => $2::int * 2), '线上')`, [id, slot]);
    return id;
  };
  const httpCourse = await course('PROFILE_HTTP', 20);
  const dbCourse = await course('PROFILE_DB', 21);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ course_id: httpCourse });
      const req = http.request(new URL('/api/student/course-center/cart/grab', url), { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(body);
    });
  const mean = async (label: string, run: (i: number) => Promise<unknown>) => {
    await run(n); // warm up (named statements, connections)
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await run(i);
    const ms = (performance.now() - t0) / n;
    console.log(`  ${label.padEnd(52)} ${ms.toFixed(2)} ms`);
    return ms;
  };
  const db = drizzle(pool) as unknown as Db;
  const idOf = (token: string) => Number(token.replace('bench-token-', ''));
  const now = new Date();
  const held = new Map<number, number[]>();
  for (const r of (await query(`select student_id, array_agg(course_id) as ids from enrolments group by student_id`)).rows) held.set(Number(r.student_id), (r.ids as number[]).map(Number));
  // The server's token cache (10 s) forgets the burst's students first, so each HTTP grab reads its token as in the burst.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  console.log(`  steps of one grab (mean of ${n}, one at a time, free seat):`);
  await mean('HTTP POST cart/grab (all of it)', (i) => post(tokens[i]!));
  const token = await mean('  1. token (prepared statement)', (i) => findLiveToken(db, hashToken(tokens[n + 1 + i]!), now));
  const gate = await mean('  2. gate: profile, publication, round, course, held', (i) => findStudentCentre(db, { studentId: idOf(tokens[n + 1 + i]!), sessionNames: SESSION_NAMES, now, courseId: dbCourse }));
  const seat = await mean('  3. seat: lock + seat + enrolment + cart + audit', (i) =>
    takeSeatQuick(db, { studentId: idOf(tokens[2 * n + 2 + i]!), courseId: dbCourse, roundId: null, source: 'grab', actorId: null, now, heldIds: held.get(idOf(tokens[2 * n + 2 + i]!)) ?? [] }).then((r) => {
      if (r !== 'taken' && i < n) throw new Error(`profile seat: ${r}`);
    }),
  );
  const baselineOne = await mean('  baseline: one conditional UPDATE', () => query(`update bench_baseline_courses set taken = taken where id = $1 and taken < capacity returning id`, [dbCourse]));
  console.log(`  statements for a free seat: ${(token + gate + seat).toFixed(2)} ms = ${((token + gate + seat) / baselineOne).toFixed(1)} baseline UPDATEs; a full course stops after step 2`);
  agent.destroy();
}

interface RunFigures {
  label: string;
  grabsPerSecond: number;
  baselinePerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  http5xx: number;
  errors: number;
  oversell: number;
  mismatch: number;
  clashes: number;
}

function report(label: string, b: BurstResult, v: Awaited<ReturnType<typeof verify>>, baselinePerSecond: number): RunFigures {
  const sorted = [...b.latencies].sort((x, y) => x - y);
  const f: RunFigures = {
    label,
    grabsPerSecond: STUDENTS / b.seconds,
    baselinePerSecond,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    http5xx: b.http5xx,
    errors: b.errors,
    oversell: v.oversell,
    mismatch: v.mismatch,
    clashes: v.clashes,
  };
  console.log(`\n[${label}] ${STUDENTS} grabs over ${CONNECTIONS} connections in ${b.seconds.toFixed(2)} s`);
  console.log(`  grabs/s ${f.grabsPerSecond.toFixed(0)}; baseline UPDATE/s ${baselinePerSecond.toFixed(0)}; ratio ${((f.grabsPerSecond / baselinePerSecond) * 100).toFixed(1)}%`);
  console.log(`  latency p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; 5xx ${f.http5xx}; client errors ${f.errors}`);
  console.log(`  answers: ${[...b.byStatus.entries()].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`  seats held/expected per course (hot first): ${v.held}`);
  console.log(`  oversell ${v.oversell}; courses not at min(capacity, demand) ${v.mismatch}; students with clashing seats ${v.clashes}`);
  return f;
}

const { DATABASE_URL, ...inherited } = process.env;
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };

async function runPostgres(workers: 1 | 2): Promise<RunFigures | null> {
  if (!DATABASE_URL) return null;
  const adminUrl = new URL(DATABASE_URL);
  const name = `${adminUrl.pathname.slice(1) || 'postgres'}_grab_bench`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-grab-'));
  const server = await startServer(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { ...serverEnv, DATABASE_URL: url.toString(), DATA_DIR: dataDir, WORKERS: String(workers) }, '/api/clock');
  const pool = new pg.Pool({ connectionString: url.toString(), max: POOL });
  const query: Query = (text, params) => pool.query(text, params as unknown[]);
  try {
    const s = await seed(query);
    const b = await burst(server.url, s.tokens, s.courseIds);
    const v = await verify(query, s.courseIds, s.tokens);
    const base = await baseline(query, CONNECTIONS, s.courseIds, s.tokens);
    const figures = report(`PostgreSQL, WORKERS=${workers}`, b, v, base);
    if (workers === 1 && process.env.BENCH_STEPS !== '0') await profileSteps(server.url, query, pool, s.tokens);
    return figures;
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: DATABASE_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

function clientOf(database: { db: unknown }) {
  return (database.db as { $client: { query: (text: string, params?: unknown[]) => Promise<unknown> } }).$client;
}

async function runPglite(): Promise<RunFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-grab-pglite-'));
  try {
    // PGlite is one process: seed and measure the baseline with the server stopped, then serve the same directory.
    let database = await openPglite(dataDir);
    let query: Query = async (text, params) => (await clientOf(database).query(text, params)) as { rows: Array<Record<string, unknown>> };
    const s = await seed(query);
    const base = await baseline(query, CONNECTIONS, s.courseIds, s.tokens);
    await database.close();
    const server = await startServer(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { ...serverEnv, DATA_DIR: dataDir }, '/api/clock');
    let b: BurstResult;
    try {
      b = await burst(server.url, s.tokens, s.courseIds);
    } finally {
      await server.stop();
    }
    database = await openPglite(dataDir);
    query = async (text, params) => (await clientOf(database).query(text, params)) as { rows: Array<Record<string, unknown>> };
    const v = await verify(query, s.courseIds, s.tokens);
    await database.close();
    return report('PGlite (embedded)', b, v, base);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:grab — ${STUDENTS} students, 1 hot course of ${HOT.seats} seats + ${COLD.count} courses of ${COLD.seats}; ${CONNECTIONS} connections`);
const pg1 = RUNS.has('pg1') ? await runPostgres(1) : null;
if (!pg1 && RUNS.has('pg1')) console.log('\nPostgreSQL: skipped (set DATABASE_URL to an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
let pg2: RunFigures | null = null;
if (DATABASE_URL && RUNS.has('pg2')) {
  if (workersSupported) pg2 = await runPostgres(2);
  else console.log('\nWORKERS=2: n/a (not supported by this build)');
}
const lite = RUNS.has('pglite') ? await runPglite() : null;

console.log('\nsummary (budget: ≥ 50% of baseline, p99 ≤ 200 ms, 0 5xx, 0 oversell):');
for (const f of [pg1, pg2, lite]) {
  if (!f) continue;
  console.log(`  ${f.label.padEnd(24)} ${f.grabsPerSecond.toFixed(0).padStart(6)} grabs/s = ${(f.grabsPerSecond / f.baselinePerSecond).toFixed(2)} of baseline; p99 ${f.p99.toFixed(0)} ms; 5xx ${f.http5xx}; oversell ${f.oversell}; clashes ${f.clashes}`);
}
const last = pg1 ?? pg2 ?? lite;
if (last) console.log(`grab: ${last.grabsPerSecond.toFixed(0)} grabs/s = ${(last.grabsPerSecond / last.baselinePerSecond).toFixed(2)} of baseline; p99 ${last.p99.toFixed(0)} ms; 5xx ${last.http5xx}; oversell ${last.oversell}`);
