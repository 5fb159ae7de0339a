// npm run bench:grab — the course grab under contention, against a fair baseline (docs/design.md §5, decisions 042,
// 044, 094). Not a test: it prints. Two parts, on PostgreSQL (DATABASE_URL; a fresh database is created beside it):
//
// grab: 2,000 distinct students, warm (each has opened the course centre, so its session is in the server's token
//   cache, as students waiting on the countdown are), fire POST /api/student/course-center/cart/grab at once over
//   200 keep-alive connections: half at one hot course of 100 seats, the rest over 10 courses of 50 seats. The
//   baseline, in the same run on the same database with the same connections and pool size, is bare Fastify
//   (grab-baseline-server.ts) answering each POST with one prepared conditional UPDATE, the token checked against an
//   in-memory map; it is measured before and after the product and averaged. The raw UPDATE through pg is printed
//   beside it for information. Then it checks seats per course = min(capacity, demand), no oversell, no clashing seats.
// rush (WORKERS=1 only): 10,000 warm students, one grab each, arriving open-loop over 2 s (each at its own time,
//   whatever the server answers) at 20 courses of 100 seats; how long until the last answer, p50/p99, 5xx, oversell.
//
// BENCH_RUNS picks runs (pg1, pg2, pglite; default all three; BENCH_RUNS=pg1 for a quick run that still prints the
// two summary lines). BENCH_STUDENTS, BENCH_RUSH_STUDENTS, BENCH_CONNECTIONS size it; BENCH_STEPS=1 adds the
// one-at-a-time step timings; BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { COURSE_LIMITS, SESSION_NAMES } from '@summit/domain';
import { openPglite, type Db } from '../../api/src/db/client.ts';
import { grabSeat } from '../../api/src/modules/course-centre/course-centre.repo.ts';
import { startServer, type RunningServer, buildIfMissing } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const BASELINE_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'grab-baseline-server.ts');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const RUSH_STUDENTS = Number(process.env.BENCH_RUSH_STUDENTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const HOT = { seats: 100 };
const COLD = { count: 10, seats: 50 };
const RUSH = { courses: 20, seats: 100, spreadMs: 2000, budgetS: 10 };
/** Sockets the rush's students may hold at once (each arrives on its own; the OS's file limit caps it). */
const RUSH_SOCKETS = Number(process.env.BENCH_RUSH_SOCKETS ?? 1000);
/** The server's PostgreSQL pool per process (db/client.ts default): the baseline gets the same number of connections. */
const POOL = 10;
const BUDGET = { ratio: 0.75, p99Ms: 200 };
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const RUNS = new Set((process.env.BENCH_RUNS ?? 'pg1,pg2,pglite').split(',').map((r) => r.trim()));
const GRAB_PATH = '/api/student/course-center/cart/grab';

buildIfMissing(ROOT, SERVER_ENTRY);
const workersSupported = readFileSync(SERVER_ENTRY, 'utf8').includes('WORKERS');

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

interface Cohort {
  tokens: string[];
  ids: number[];
}

/** `count` placed, paid students of 第一期 at the bench venue with live tokens, their phones starting with `prefix`. */
async function seedStudents(query: Query, venueId: number, prefix: string, count: number): Promise<Cohort> {
  await query(`insert into accounts (role, phone, name) select 'student', $1 || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, $2::int) g`, [prefix, count]);
  const mine = `phone like '${prefix}%' and role = 'student'`;
  await query(`insert into student_profiles (account_id, tuition_paid_at, offer_letter, place_name) select id, now(), 1, '第一期' from accounts where ${mine}`);
  await query(`insert into venue_assignments (student_id, venue_id, method) select id, $1, 'rule' from accounts where ${mine}`, [venueId]);
  await query(`insert into auth_tokens (token_hash, account_id, role, expires_at) select encode(sha256(convert_to('bench-token-' || id, 'UTF8')), 'hex'), id, 'student', now() + interval '1 day' from accounts where ${mine}`);
  const ids = (await query(`select id from accounts where ${mine} order by id`)).rows.map((r) => Number(r.id));
  return { tokens: ids.map((id) => `bench-token-${id}`), ids };
}

async function seedCourse(query: Query, venueId: number, code: string, title: string, seats: number, slot: number): Promise<number> {
  const res = await query(`insert into courses (code, title, category, session_key, period, venue_id, capacity, teacher_name) values ($1, $2, 'seminar', 'first', 1, $3, $4, '压测') returning id`, [code, title, venueId, seats]);
  const id = Number(res.rows[0]!.id);
  // Two-hour slots on one day.
  await query(`insert into course_meetings (course_id, starts_at, ends_at, location) values ($1, timestamptz '2026-08-11 00:00+00' + make_interval(hours => $2::int * 2), timestamptz '2026-08-11 01:30+00' + make_interval(hours => $2::int * 2), '线上')`, [id, slot]);
  return id;
}

/** The programme: a venue with its result out, an open grab round, 11 grab courses (course 1 clashes with the hot one). */
async function seedProgramme(query: Query): Promise<{ venueId: number; courseIds: number[] }> {
  await query(`insert into venues (place_name, name, capacity) values ('bench', '压测会场', 100000) on conflict do nothing`);
  const venueId = Number((await query(`select id from venues where place_name = 'bench'`)).rows[0]!.id);
  const courseIds: number[] = [];
  for (let i = 0; i <= COLD.count; i++) courseIds.push(await seedCourse(query, venueId, `BENCH${i}`, i === 0 ? '热门课' : `课程${i}`, i === 0 ? HOT.seats : COLD.seats, i === 1 ? 0 : i));
  await query(`insert into selection_rounds (name, session_key, venue_id, categories, mode, opens_at, closes_at, status) values ('压测轮', 'first', $1, '["seminar"]'::jsonb, 'grab', now() - interval '1 hour', now() + interval '1 day', 'open')`, [venueId]);
  // The venue-house module's publication table (decision 040) must say the venue result is out.
  if ((await query(`select to_regclass('public.result_publications') is not null as present`)).rows[0]!.present) {
    await query(`insert into result_publications (kind, venue_id, publish_at) values ('venue', null, now() - interval '1 hour')`);
  }
  return { venueId, courseIds };
}

/** Who asks for what in the grab: every other student wants the hot course, the rest spread over the 10 others. */
const grabTarget = (courseIds: number[]) => (i: number) => (i % 2 === 0 ? courseIds[0]! : courseIds[1 + ((i >> 1) % COLD.count)]!);

interface Answers {
  latencies: number[];
  byStatus: Map<string, number>;
  http5xx: number;
  errors: number;
}

const newAnswers = (): Answers => ({ latencies: [], byStatus: new Map(), http5xx: 0, errors: 0 });

/**
 * One POST of a grab; resolves when answered. Latency counts from `from` (a student's arrival) or, with 'socket',
 * from the moment the request has a connection: in the burst the wait for one of the 200 is the client's own queue.
 */
function postGrab(agent: http.Agent, url: string, token: string, courseId: number, answers: Answers, from: number | 'socket'): Promise<void> {
  let started = typeof from === 'number' ? from : performance.now();
  return new Promise((resolve) => {
    const body = JSON.stringify({ course_id: courseId });
    const req = http.request(new URL(GRAB_PATH, url), { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        answers.latencies.push(performance.now() - started);
        if ((res.statusCode ?? 0) >= 500) answers.http5xx += 1;
        let status = `http ${res.statusCode}`;
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { status: unknown; msg: string };
          status = parsed.status === 200 ? '200' : `${String(parsed.status)} ${parsed.msg}`;
        } catch {
          // keep the http status
        }
        answers.byStatus.set(status, (answers.byStatus.get(status) ?? 0) + 1);
        resolve();
      });
    });
    if (from === 'socket') {
      req.on('socket', () => {
        started = performance.now();
      });
    }
    req.on('error', () => {
      answers.errors += 1;
      resolve();
    });
    req.end(body);
  });
}

function get(agent: http.Agent, url: string, pathName: string, token?: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(new URL(pathName, url), { agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', () => resolve(0));
  });
}

/** How long the server's token cache keeps an entry (TokenCache, decision 008): a student warmed longer ago is cold again. */
const TOKEN_CACHE_MS = 10_000;

interface Warmed {
  seconds: number;
  failed: number;
  /** When each student's GET config was answered (performance.now()). */
  at: number[];
}

/** Opens the course centre for every student (GET config), `CONNECTIONS` at a time: their tokens are now in the cache. */
async function warm(agent: http.Agent, url: string, tokens: string[]): Promise<Warmed> {
  let next = 0;
  let failed = 0;
  const at: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < tokens.length) {
        const i = next++;
        if ((await get(agent, url, '/api/student/course-center/config', tokens[i])) !== 200) failed += 1;
        at[i] = performance.now();
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, failed, at };
}

/** Students whose cache entry is still alive at `when`. */
const stillWarm = (w: Warmed, when: number) => w.at.filter((t) => when - t < TOKEN_CACHE_MS).length;

interface Burst extends Answers {
  seconds: number;
  startedAt: number;
}

/** Every student's grab at once over CONNECTIONS keep-alive connections (latency from when a connection takes it). */
async function burst(agent: http.Agent, url: string, tokens: string[], target: (i: number) => number): Promise<Burst> {
  await Promise.all(Array.from({ length: CONNECTIONS }, () => get(agent, url, '/api/clock')));
  const answers = newAnswers();
  const t0 = performance.now();
  await Promise.all(
    tokens.map((token, i) => postGrab(agent, url, token, target(i), answers, 'socket')),
  );
  return { ...answers, seconds: (performance.now() - t0) / 1000, startedAt: t0 };
}

/**
 * The rush: student i arrives at i/n of the spread, whatever the server has answered so far (open loop), and waits
 * for its answer on a socket of its own (up to RUSH_SOCKETS at once). Latency counts from the arrival.
 */
async function rush(url: string, tokens: string[], target: (i: number) => number): Promise<Answers & { lastAnswerS: number; startedAt: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RUSH_SOCKETS });
  const answers = newAnswers();
  const t0 = performance.now() + 20;
  let last = t0;
  await Promise.all(
    tokens.map(
      (token, i) =>
        new Promise<void>((resolve) => {
          const arrival = t0 + (i / tokens.length) * RUSH.spreadMs;
          setTimeout(() => {
            void postGrab(agent, url, token, target(i), answers, arrival).then(() => {
              last = Math.max(last, performance.now());
              resolve();
            });
          }, Math.max(0, arrival - performance.now()));
        }),
    ),
  );
  agent.destroy();
  return { ...answers, lastAnswerS: (last - t0) / 1000, startedAt: t0 };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Seats per course against min(capacity, demand), oversell, and students holding clashing seats, from the database. */
async function verify(query: Query, codeLike: string, tokens: string[], target: (i: number) => number) {
  const demand = new Map<number, number>();
  tokens.forEach((_, i) => demand.set(target(i), (demand.get(target(i)) ?? 0) + 1));
  const rows = (await query(`select c.id, c.capacity, c.taken, (select count(*) from enrolments e where e.course_id = c.id)::int as seats from courses c where c.code like $1 order by c.id`, [codeLike])).rows;
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

/** The baseline's table: a copy of the grab courses' capacities, every seat free. */
async function resetBaselineTable(query: Query): Promise<void> {
  await query(`drop table if exists bench_baseline_courses`);
  await query(`create table bench_baseline_courses as select id, capacity, 0 as taken from courses where code like 'BENCH%'`);
  await query(`alter table bench_baseline_courses add primary key (id)`);
}

/** For information: the same number of conditional UPDATEs straight through pg, `concurrency` at a time. */
async function rawUpdates(query: Query, concurrency: number, tokens: string[], target: (i: number) => number): Promise<number> {
  await resetBaselineTable(query);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++;
        await query(`update bench_baseline_courses set taken = taken + 1 where id = $1 and taken < capacity returning id`, [target(i)]);
      }
    }),
  );
  return tokens.length / ((performance.now() - t0) / 1000);
}

interface GrabFigures {
  label: string;
  grabsPerSecond: number;
  baselinePerSecond: number | null;
  rawPerSecond: number;
  p50: number;
  p99: number;
  http5xx: number;
  errors: number;
  oversell: number;
  mismatch: number;
  clashes: number;
}

/** The rush's figures: a grab run's, less its rates and clashes, plus how many were answered and when the last was. */
type RushFigures = Omit<GrabFigures, 'label' | 'grabsPerSecond' | 'baselinePerSecond' | 'rawPerSecond' | 'clashes'> & { answered: number; lastAnswerS: number };

function reportGrab(label: string, b: Burst, v: Awaited<ReturnType<typeof verify>>, baseline: Burst[], rawPerSecond: number, warmed: Warmed): GrabFigures {
  const baselinePerSecond = baseline.length > 0 ? baseline.reduce((sum, x) => sum + STUDENTS / x.seconds, 0) / baseline.length : null;
  const f: GrabFigures = { label, grabsPerSecond: STUDENTS / b.seconds, baselinePerSecond, rawPerSecond, p50: pct(b.latencies, 50), p99: pct(b.latencies, 99), http5xx: b.http5xx, errors: b.errors, oversell: v.oversell, mismatch: v.mismatch, clashes: v.clashes };
  console.log(`\n[${label}] ${STUDENTS} students warmed in ${warmed.seconds.toFixed(1)} s (${warmed.failed} not 200; still in the 10 s token cache when the burst began: ${stillWarm(warmed, b.startedAt)}), ${CONNECTIONS} connections: grabs in ${b.seconds.toFixed(2)} s`);
  const ratio = baselinePerSecond ? ` = ${(f.grabsPerSecond / baselinePerSecond).toFixed(2)} of the HTTP baseline` : '';
  console.log(`  summit ${f.grabsPerSecond.toFixed(0)} grabs/s${ratio}; p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; 5xx ${f.http5xx}; client errors ${f.errors}`);
  for (const [i, x] of baseline.entries()) console.log(`  baseline (bare Fastify, prepared UPDATE) #${i + 1}: ${(STUDENTS / x.seconds).toFixed(0)} grabs/s; p50 ${pct(x.latencies, 50).toFixed(1)} ms, p99 ${pct(x.latencies, 99).toFixed(1)} ms; 5xx ${x.http5xx}`);
  console.log(`  (information) the raw conditional UPDATE straight to the database (pg pool of ${POOL}, or PGlite), ${CONNECTIONS} callers: ${rawPerSecond.toFixed(0)}/s`);
  console.log(`  answers: ${[...b.byStatus.entries()].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`  seats held/expected per course (hot first): ${v.held}`);
  console.log(`  oversell ${v.oversell}; courses not at min(capacity, demand) ${v.mismatch}; students with clashing seats ${v.clashes}`);
  return f;
}

const { DATABASE_URL, ...inherited } = process.env;
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };

/** One at a time, nothing else running: the HTTP grab, the stored function through pg, one baseline UPDATE. */
async function steps(url: string, query: Query, pool: pg.Pool, venueId: number, cohort: Cohort, n = 100): Promise<void> {
  const httpCourse = await seedCourse(query, venueId, 'STEPS_HTTP', 'STEPS_HTTP', 100_000, 20);
  const dbCourse = await seedCourse(query, venueId, 'STEPS_DB', 'STEPS_DB', 100_000, 21);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const db = drizzle(pool) as unknown as Db;
  const mean = async (label: string, run: (i: number) => Promise<unknown>) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await run(i);
    const ms = (performance.now() - t0) / n;
    console.log(`  ${label.padEnd(56)} ${ms.toFixed(2)} ms`);
    return ms;
  };
  console.log(`  steps of one grab of a free seat (mean of ${n}, one at a time, warm students):`);
  await warm(agent, url, cohort.tokens.slice(0, n));
  const answers = newAnswers();
  await mean('HTTP POST cart/grab (all of it)', (i) => postGrab(agent, url, cohort.tokens[i]!, httpCourse, answers, 'socket'));
  const seat = (student: number, course: number) => grabSeat(db, { studentId: student, courseId: course, now: new Date(), sessionNames: SESSION_NAMES, fcMax: COURSE_LIMITS.FC_EXTRA_MAX });
  // Every pool connection prepares the statement and compiles the function once: not part of a grab.
  const warmCourse = await seedCourse(query, venueId, 'STEPS_WARM', 'STEPS_WARM', 100_000, 22);
  await Promise.all(cohort.ids.slice(2 * n, 3 * n).map((id) => seat(id, warmCourse)));
  const fn = await mean('  course_centre_grab through pg (named statement)', (i) => seat(cohort.ids[n + i]!, dbCourse));
  await resetBaselineTable(query);
  const update = { name: 'steps_baseline', text: 'update bench_baseline_courses set taken = taken where id = $1 and taken < capacity returning id', values: [dbCourse] };
  await Promise.all(Array.from({ length: POOL }, () => pool.query(update)));
  const one = await mean('  baseline: one conditional UPDATE', () => pool.query(update));
  console.log(`  the function = ${(fn / one).toFixed(1)} baseline UPDATEs`);
  agent.destroy();
}

async function freshDatabase(suffix: string): Promise<string> {
  const adminUrl = new URL(DATABASE_URL!);
  const name = `${adminUrl.pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_');
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  adminUrl.pathname = `/${name}`;
  return adminUrl.toString();
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const dropper = new pg.Client({ connectionString: DATABASE_URL });
  await dropper.connect();
  await dropper.query(`drop database if exists ${name} with (force)`);
  await dropper.end();
}

async function runPostgres(workers: 1 | 2): Promise<{ grab: GrabFigures; rush: RushFigures | null } | null> {
  if (!DATABASE_URL) return null;
  const url = await freshDatabase('grab_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-grab-'));
  const servers: RunningServer[] = [];
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  const query: Query = (text, params) => pool.query(text, params as unknown[]);
  try {
    const summit = await startServer(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { ...serverEnv, DATABASE_URL: url, DATA_DIR: dataDir, WORKERS: String(workers) }, '/api/clock');
    servers.push(summit);
    const { venueId, courseIds } = await seedProgramme(query);
    const cohort = await seedStudents(query, venueId, '137', STUDENTS);
    const target = grabTarget(courseIds);
    const tokensFile = path.join(dataDir, 'baseline-tokens.json');
    writeFileSync(tokensFile, JSON.stringify(cohort.tokens.map((token, i) => [token, cohort.ids[i]])));
    const baselineServer = await startServer(process.execPath, ['--import', import.meta.resolve('tsx'), BASELINE_ENTRY], { ...inherited, NODE_ENV: 'production', DATABASE_URL: url, BASELINE_TOKENS: tokensFile, POOL_SIZE: String(POOL * workers) }, '/api/clock');
    servers.push(baselineServer);

    // Baseline, product, baseline: a neighbour's burst of load on this shared machine falls on both sides.
    const baseline: Burst[] = [];
    const baselineBurst = async () => {
      await resetBaselineTable(query);
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      baseline.push(await burst(agent, baselineServer.url, cohort.tokens, target));
      agent.destroy();
    };
    await baselineBurst();
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const warmed = await warm(agent, summit.url, cohort.tokens);
    const b = await burst(agent, summit.url, cohort.tokens, target);
    agent.destroy();
    await baselineBurst();
    const v = await verify(query, 'BENCH%', cohort.tokens, target);
    const raw = await rawUpdates(query, CONNECTIONS, cohort.tokens, target);
    const grab = reportGrab(`PostgreSQL, WORKERS=${workers}`, b, v, baseline, raw, warmed);
    if (workers === 2) console.log('  (WORKERS=2: a student\'s warm-up and grab may reach different processes, each with its own token cache)');
    if (workers === 1 && process.env.BENCH_STEPS === '1') await steps(summit.url, query, pool, venueId, await seedStudents(query, venueId, '135', 300));

    let rushFigures: RushFigures | null = null;
    if (workers === 1 && RUSH_STUDENTS > 0) {
      const rushCourses: number[] = [];
      for (let i = 0; i < RUSH.courses; i++) rushCourses.push(await seedCourse(query, venueId, `RUSH${i}`, `抢课${i}`, RUSH.seats, 30 + i));
      const students = await seedStudents(query, venueId, '136', RUSH_STUDENTS);
      const rushTarget = (i: number) => rushCourses[i % RUSH.courses]!;
      const warmAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const rushWarm = await warm(warmAgent, summit.url, students.tokens);
      warmAgent.destroy();
      const r = await rush(summit.url, students.tokens, rushTarget);
      const rv = await verify(query, 'RUSH%', students.tokens, rushTarget);
      rushFigures = { answered: r.latencies.length, lastAnswerS: r.lastAnswerS, p50: pct(r.latencies, 50), p99: pct(r.latencies, 99), http5xx: r.http5xx, errors: r.errors, oversell: rv.oversell, mismatch: rv.mismatch };
      console.log(`\n[rush, PostgreSQL WORKERS=1] ${RUSH_STUDENTS} warm students (warmed in ${rushWarm.seconds.toFixed(1)} s; still in the 10 s token cache when the first arrived: ${stillWarm(rushWarm, r.startedAt)}), one grab each, arriving over ${RUSH.spreadMs / 1000} s at ${RUSH.courses} courses of ${RUSH.seats} seats, up to ${RUSH_SOCKETS} sockets`);
      console.log(`  answered ${rushFigures.answered} of ${RUSH_STUDENTS}; last answer ${r.lastAnswerS.toFixed(2)} s after the first arrival (budget ${RUSH.budgetS} s); p50 ${rushFigures.p50.toFixed(0)} ms, p99 ${rushFigures.p99.toFixed(0)} ms from arrival; 5xx ${r.http5xx}; client errors ${r.errors}`);
      console.log(`  answers: ${[...r.byStatus.entries()].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
      console.log(`  seats held/expected per course: ${rv.held}; oversell ${rv.oversell}; courses not at min(capacity, demand) ${rv.mismatch}`);
    }
    return { grab, rush: rushFigures };
  } finally {
    await pool.end();
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(url);
  }
}

function clientOf(database: { db: unknown }) {
  return (database.db as { $client: { query: (text: string, params?: unknown[]) => Promise<unknown> } }).$client;
}

/** PGlite is one process: no second service can share its database, so only the raw UPDATE rate is beside it. */
async function runPglite(): Promise<GrabFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-grab-pglite-'));
  try {
    let database = await openPglite(dataDir);
    let query: Query = async (text, params) => (await clientOf(database).query(text, params)) as { rows: Array<Record<string, unknown>> };
    const { venueId, courseIds } = await seedProgramme(query);
    const cohort = await seedStudents(query, venueId, '137', STUDENTS);
    const target = grabTarget(courseIds);
    const raw = await rawUpdates(query, CONNECTIONS, cohort.tokens, target);
    await database.close();
    const server = await startServer(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], { ...serverEnv, DATA_DIR: dataDir }, '/api/clock');
    let b: Burst;
    let warmed: Warmed;
    try {
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      warmed = await warm(agent, server.url, cohort.tokens);
      b = await burst(agent, server.url, cohort.tokens, target);
      agent.destroy();
    } finally {
      await server.stop();
    }
    database = await openPglite(dataDir);
    query = async (text, params) => (await clientOf(database).query(text, params)) as { rows: Array<Record<string, unknown>> };
    const v = await verify(query, 'BENCH%', cohort.tokens, target);
    await database.close();
    return reportGrab('PGlite (embedded)', b, v, [], raw, warmed);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:grab — ${STUDENTS} warm students, 1 hot course of ${HOT.seats} seats + ${COLD.count} courses of ${COLD.seats}; ${CONNECTIONS} connections; rush ${RUSH_STUDENTS} students over ${RUSH.spreadMs / 1000} s at ${RUSH.courses} courses`);
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const pg1 = RUNS.has('pg1') ? await runPostgres(1) : null;
if (!DATABASE_URL) console.log('\nPostgreSQL: skipped (set DATABASE_URL to an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
let pg2: Awaited<ReturnType<typeof runPostgres>> = null;
if (DATABASE_URL && RUNS.has('pg2')) {
  if (workersSupported) pg2 = await runPostgres(2);
  else console.log('\nWORKERS=2: n/a (not supported by this build)');
}
const lite = RUNS.has('pglite') ? await runPglite() : null;

console.log(`\nsummary (budget: ≥ ${BUDGET.ratio} of the HTTP baseline, p99 ≤ ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections, 0 5xx, 0 oversell; rush answered within ${RUSH.budgetS} s):`);
for (const f of [pg1?.grab, pg2?.grab, lite]) {
  if (!f) continue;
  const ratio = f.baselinePerSecond ? `${(f.grabsPerSecond / f.baselinePerSecond).toFixed(2)} of baseline` : `baseline n/a, raw UPDATE ${f.rawPerSecond.toFixed(0)}/s`;
  console.log(`  ${f.label.padEnd(24)} ${f.grabsPerSecond.toFixed(0).padStart(6)} grabs/s = ${ratio}; p99 ${f.p99.toFixed(0)} ms; 5xx ${f.http5xx}; oversell ${f.oversell}; not at min(capacity, demand) ${f.mismatch}; clashes ${f.clashes}`);
}
load: {
  const g = pg1?.grab;
  if (!g || !g.baselinePerSecond) break load;
  console.log(`grab: ${g.grabsPerSecond.toFixed(0)} grabs/s = ${(g.grabsPerSecond / g.baselinePerSecond).toFixed(2)} of baseline; p99 ${g.p99.toFixed(0)} ms; 5xx ${g.http5xx}; oversell ${g.oversell}`);
  const r = pg1?.rush;
  if (r) console.log(`rush: ${r.answered} grabs answered in ${r.lastAnswerS.toFixed(1)} s; p99 ${r.p99.toFixed(0)} ms; 5xx ${r.http5xx}; oversell ${r.oversell}`);
}
