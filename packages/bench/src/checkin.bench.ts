// npm run bench:checkin — QR check-in under a classroom's burst (docs/design.md §5, decision 051). Not a
// test: it prints. One teacher opens a sign-in through the API and keeps fetching the rotating QR token as the
// teacher's screen does; 500 enrolled, logged-in students POST /api/student/sign with the token on screen, arriving
// spread over 5 s (one in ten scans twice). Then the database must hold exactly one attendance row per student.
// The baseline is the same paced burst, in the same run against the same server, at a bare route (GET /api/clock).
// Against PostgreSQL (DATABASE_URL: an admin connection; a fresh database is created beside it and dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshDatabase } from './fresh-database.ts';
import { startServer, buildIfMissing } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const ARRIVAL_MS = Number(process.env.BENCH_ARRIVAL_MS ?? 5000);
const WINDOW_MS = 10_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

const { DATABASE_URL, ...inherited } = process.env;
if (!DATABASE_URL) {
  console.log('bench:checkin needs PostgreSQL: set DATABASE_URL to an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
buildIfMissing(ROOT, SERVER_ENTRY);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** A teacher, one course with a meeting now, STUDENTS enrolled students; every account with a bearer token. */
async function seed(query: Query) {
  const teacher = await query(`insert into accounts (role, phone, name, teacher_type) values ('teacher', '13600000000', '压测老师', 1) returning id`);
  const teacherId = Number(teacher.rows[0]!.id);
  const course = await query(`insert into courses (code, title, category, session_key, period, capacity, taken, teacher_id, teacher_name) values ('CHECKIN', '签到压测课', 'seminar', 'first', 1, $1, $1, $2, '压测老师') returning id`, [STUDENTS, teacherId]);
  const courseId = Number(course.rows[0]!.id);
  const meeting = await query(`insert into course_meetings (course_id, starts_at, ends_at, location) values ($1, now() - interval '1 minute', now() + interval '89 minutes', '线上') returning id`, [courseId]);
  await query(`insert into accounts (role, phone, name) select 'student', '135' || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, $1::int) g`, [STUDENTS]);
  await query(`insert into student_profiles (account_id, tuition_paid_at, offer_letter, place_name) select id, now(), 1, '第一期' from accounts where phone like '135%' and role = 'student'`);
  await query(`insert into enrolments (student_id, course_id, source) select id, $1, 'admin' from accounts where phone like '135%' and role = 'student'`, [courseId]);
  await query(
    `insert into auth_tokens (token_hash, account_id, role, expires_at) select encode(sha256(convert_to('bench-token-' || id, 'UTF8')), 'hex'), id, role, now() + interval '1 day' from accounts where phone like '135%' or id = $1`,
    [teacherId],
  );
  const ids = (await query(`select id from accounts where phone like '135%' and role = 'student' order by id`)).rows.map((r) => Number(r.id));
  return { teacherToken: `bench-token-${teacherId}`, meetingId: Number(meeting.rows[0]!.id), students: ids.map((id) => `bench-token-${id}`) };
}

interface Answer {
  ms: number;
  http: number;
  status: string;
}

function send(agent: http.Agent, url: URL, method: 'GET' | 'POST', token: string | null, body: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    let started = performance.now();
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let status = `http ${res.statusCode}`;
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString()) as { status: unknown; msg: string; data?: unknown };
          status = parsed.status === 200 ? '200' : `${String(parsed.status)} ${parsed.msg}`;
          if (parsed.status === 200 && parsed.data && typeof parsed.data === 'object' && 'token' in parsed.data) status = `token:${String(parsed.data.token)}`;
        } catch {
          // keep the http status
        }
        resolve({ ms: performance.now() - started, http: res.statusCode ?? 0, status });
      });
    });
    req.on('socket', () => {
      started = performance.now();
    });
    req.on('error', () => resolve({ ms: performance.now() - started, http: 0, status: 'client error' }));
    req.end(payload || undefined);
  });
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fires `count` requests paced evenly over ARRIVAL_MS; returns each latency and the wall time of the whole burst. */
async function pacedBurst(count: number, fire: (i: number) => Promise<Answer>) {
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await sleep((i * ARRIVAL_MS) / count);
      return fire(i);
    }),
  );
  return { answers, seconds: (performance.now() - t0) / 1000 };
}

const database = await freshDatabase(DATABASE_URL, 'checkin_bench');
const dbUrl = new URL(database.url);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-checkin-'));
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir };
const server = await startServer(process.execPath, [SERVER_ENTRY], serverEnv, '/api/clock');
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 5 });
const query: Query = (text, params) => pool.query(text, params as unknown[]);

let line = 'checkin: recorded 0/0; p99 0 ms; baseline p99 0 ms';
try {
  console.log(`bench:checkin — ${STUDENTS} students scan within ${ARRIVAL_MS / 1000} s (budget: all recorded once within ${WINDOW_MS / 1000} s); ${CONNECTIONS} connections; PostgreSQL`);
  const s = await seed(query);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const opened = await send(agent, new URL('/api/teacher/sign', server.url), 'POST', s.teacherToken, { meeting_id: s.meetingId, late_minutes: 30 });
  if (opened.status !== '200') throw new Error(`opening the sign-in failed: ${opened.status}`);
  const signId = Number((await query(`select id from checkin_sessions where meeting_id = $1`, [s.meetingId])).rows[0]!.id);
  const qrUrl = new URL(`/api/teacher/sign/${signId}/qrcode`, server.url);
  const fetchToken = async () => {
    const a = await send(agent, qrUrl, 'GET', s.teacherToken, undefined);
    if (!a.status.startsWith('token:')) throw new Error(`QR token: ${a.status}`);
    return a.status.slice('token:'.length);
  };
  // Warm the connections, then the baseline burst at the bare route with the same pacing.
  const clock = new URL('/api/clock', server.url);
  await Promise.all(Array.from({ length: CONNECTIONS }, () => send(agent, clock, 'GET', null, undefined)));
  const base = await pacedBurst(STUDENTS, () => send(agent, clock, 'GET', null, undefined));

  // The teacher's screen: a fresh token every 3 s, as the QR page polls.
  let token = await fetchToken();
  let screenOn = true;
  const screen = (async () => {
    while (screenOn) {
      await sleep(3000);
      if (screenOn) token = await fetchToken();
    }
  })();
  const signUrl = new URL('/api/student/sign', server.url);
  const scans = STUDENTS + Math.floor(STUDENTS / 10);
  const burst = await pacedBurst(scans, (i) => send(agent, signUrl, 'POST', s.students[i % STUDENTS]!, { t: token }));
  screenOn = false;
  await screen;
  agent.destroy();

  const rows = (await query(`select count(*)::int as n, count(distinct student_id)::int as students from attendance where session_id = $1`, [signId])).rows[0]!;
  const recorded = Number(rows.n);
  const distinct = Number(rows.students);
  const byStatus = new Map<string, number>();
  for (const a of burst.answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const http5xx = burst.answers.filter((a) => a.http >= 500).length;
  const p99 = pct(burst.answers.map((a) => a.ms), 99);
  const baseP99 = pct(base.answers.map((a) => a.ms), 99);
  console.log(`\n  baseline GET /api/clock: ${STUDENTS} requests in ${base.seconds.toFixed(2)} s; p50 ${pct(base.answers.map((a) => a.ms), 50).toFixed(1)} ms, p99 ${baseP99.toFixed(1)} ms`);
  console.log(`  check-in: ${scans} scans (${scans - STUDENTS} repeats) in ${burst.seconds.toFixed(2)} s; p50 ${pct(burst.answers.map((a) => a.ms), 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; 5xx ${http5xx}`);
  console.log(`  answers: ${[...byStatus.entries()].map(([k, n]) => `${k} ×${n}`).join('; ')}`);
  console.log(`  attendance rows ${recorded}, distinct students ${distinct}, expected ${STUDENTS}; within ${WINDOW_MS / 1000} s: ${burst.seconds * 1000 <= WINDOW_MS ? 'yes' : 'NO'}`);
  const once = recorded === distinct ? recorded : Math.min(recorded, distinct);
  line = `checkin: recorded ${once}/${STUDENTS}; p99 ${p99.toFixed(0)} ms; baseline p99 ${baseP99.toFixed(0)} ms`;
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
console.log(line);
