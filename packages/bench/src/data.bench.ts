// npm run bench:data — a student's own pages at a summer's scale (docs/design.md §5, decision 095). Not a test: it
// prints. Into a fresh PostgreSQL database beside DATABASE_URL, set-based SQL (generate_series, one statement per
// table) seeds BENCH_STUDENTS students (50,000) with tuition paid, a venue and a session, BENCH_COURSES courses (500)
// with eight meetings each, four enrolments per student, a check-in session per meeting and an attendance row for
// every enrolled student at every meeting (≈ 1.6 million), two grade items per course and a published grade per
// enrolment. Then, against the real server, BENCH_SAMPLE students (each with their own session) open, one request at
// a time and round after round, the pages a student opens: 账户 (info, status), 选课中心 (config, course list, cart),
// 我的班级 (my courses, my attendance), 成绩 (grades). Every answer must be 200 with status 200.
// Budget: p95 ≤ 100 ms for each page.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { freshDatabase, dropUnlessKept } from './fresh-database.ts';
import { startServer, buildIfMissing } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const COURSES = Number(process.env.BENCH_COURSES ?? 500);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_MS = 100;
const MEETINGS = 8;
const PER_STUDENT = 4;

const { DATABASE_URL, ...inherited } = process.env;
if (!DATABASE_URL) {
  console.log('bench:data needs PostgreSQL: set DATABASE_URL to an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
buildIfMissing(ROOT, SERVER_ENTRY);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>;

/** The pages of a student's own area, as the web app calls them. */
const PAGES: Array<{ page: string; url: string }> = [
  { page: '账户', url: '/api/student/info' },
  { page: '账户', url: '/api/student/status' },
  { page: '选课中心', url: '/api/student/course-center/config' },
  { page: '选课中心', url: '/api/student/course-center/courses' },
  { page: '选课中心', url: '/api/student/course-center/cart' },
  { page: '我的班级', url: '/api/student/class/my-courses' },
  { page: '我的班级', url: '/api/student/sign' },
  { page: '成绩', url: '/api/student/grades' },
];

/** Each step is one set-based statement; the time of each is printed so a slow table shows itself. */
async function seed(query: Query): Promise<string[]> {
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const r = await query(text, params);
    console.log(`    ${label.padEnd(26)} ${String(r.rowCount ?? 0).padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await step('venues', `insert into venues (place_name, name, city, capacity) select 'BV' || g, '压测会场' || g, '北京', 20000 from generate_series(1, 6) g`);
  await step('result publication', `insert into result_publications (kind, venue_id, publish_at) values ('venue', null, now() - interval '60 days')`);
  await step('accounts', `insert into accounts (role, phone, name, created_at)
     select 'student', '16' || lpad(g::text, 9, '0'), '压测学生' || g, now() - interval '200 days' + (g % 1440) * interval '1 minute'
     from generate_series(1, $1::int) g`, [STUDENTS]);
  await step('student profiles', `insert into student_profiles (account_id, batch_str, school_name, info_completed_at, step1_submitted_at, apply_paid_at,
                                   step2_submitted_at, offer_letter, offer_created_at, tuition_paid_at, place_name)
     select a.id, '2027RD', '压测中学' || (a.id % 400), a.created_at, a.created_at, a.created_at, a.created_at, 1, a.created_at, a.created_at + interval '3 days',
            (array['第一期','第二期','第三期'])[1 + a.id % 3]
     from accounts a where a.phone like '16%'`);
  await step('venue assignments', `insert into venue_assignments (student_id, venue_id, method)
     select p.account_id, v.id, 'rule' from student_profiles p join venues v on v.place_name = 'BV' || (1 + p.account_id % 6) where p.place_name is not null`);
  // Courses of the three sessions, four periods, every category; open to every venue of their session.
  await step('courses', `insert into courses (code, title, teacher_name, category, session_key, period, capacity, description)
     select 'BC' || g, '压测课程' || g, '教师' || (g % 90), (array['major','seminar','fc','cw','master_class','capstone'])[1 + g % 6],
            (array['first','second','third'])[1 + g % 3], 1 + (g / 3) % 4, 5000, '课程简介'
     from generate_series(1, $1::int) g`, [COURSES]);
  // Sessions three weeks apart from 1 July; a course meets on eight days of its session, at its period's hour.
  await step('course meetings', `insert into course_meetings (course_id, starts_at, ends_at, location)
     select c.id, m.starts, m.starts + interval '90 minutes', '教室' || (c.id % 40)
     from courses c cross join generate_series(0, ${MEETINGS - 1}) k
     cross join lateral (select timestamptz '2026-07-01 09:00+08' + (array_position(array['first','second','third'], c.session_key) - 1) * interval '21 days'
                           + k * interval '1 day' + (c.period - 1) * interval '2 hours' as starts) m`);
  await step('selection rounds', `insert into selection_rounds (name, session_key, categories, mode, opens_at, closes_at, status)
     select '压测选课' || s, s, '["major","seminar","fc","cw","master_class","capstone"]'::jsonb, 'grab', now() - interval '90 days', now() - interval '80 days', 'closed'
     from unnest(array['first','second','third']) s`);
  // Four courses per student within their session (distinct by construction: 41·k mod n differs for k < 4).
  await step('enrolments', `with sc as (select session_key, array_agg(id order by id) as ids from courses group by session_key),
          st as (select account_id as id, (array['first','second','third'])[array_position(array['第一期','第二期','第三期'], place_name)] as session_key from student_profiles where place_name is not null)
     insert into enrolments (student_id, course_id, source, created_at)
     select st.id, sc.ids[1 + (st.id * 7 + k * 41) % cardinality(sc.ids)], 'grab', now() - interval '85 days'
     from st join sc on sc.session_key = st.session_key cross join generate_series(0, ${PER_STUDENT - 1}) k`);
  await step('seats taken', `update courses c set taken = e.n from (select course_id, count(*)::int as n from enrolments group by course_id) e where e.course_id = c.id`);
  await step('check-in sessions', `insert into checkin_sessions (meeting_id, course_id, opens_at, closes_at, late_after)
     select id, course_id, starts_at - interval '10 minutes', starts_at + interval '30 minutes', starts_at + interval '5 minutes' from course_meetings`);
  await step('attendance', `insert into attendance (session_id, student_id, status, source, checked_at)
     select s.id, e.student_id,
            case when (e.student_id + s.id) % 20 = 0 then 'absent' when (e.student_id + s.id) % 11 = 0 then 'late' when (e.student_id + s.id) % 37 = 0 then 'excused' else 'present' end,
            'qr', s.opens_at + ((e.student_id + s.id) % 20) * interval '1 minute'
     from enrolments e join checkin_sessions s on s.course_id = e.course_id`);
  await step('grade items', `insert into grade_components (course_id, name, weight, sort)
     select c.id, x.name, x.weight, x.sort from courses c cross join (values ('平时作业', 40, 1), ('期末项目', 60, 2)) x(name, weight, sort)`);
  await step('course grades', `insert into course_grades (course_id, student_id, scores, final_grade)
     select e.course_id, e.student_id, jsonb_object_agg(g.id::text, 60 + (e.student_id + g.id) % 41), sum((60 + (e.student_id + g.id) % 41) * g.weight) / 100.0
     from enrolments e join grade_components g on g.course_id = e.course_id group by e.course_id, e.student_id`);
  await step('grade publications', `insert into grade_publications (course_id, publish_at) select id, now() - interval '10 days' from courses`);
  // Sampled students spread over the id range (so over sessions and venues), each with a bearer token.
  const sample = await query(`select account_id as id from student_profiles where account_id % greatest(1, ($1::int / $2::int)) = 0 order by account_id limit $2::int`, [STUDENTS, SAMPLE]);
  const ids = sample.rows.map((r) => Number(r.id));
  await step('student tokens', `insert into auth_tokens (token_hash, account_id, role, expires_at)
     select encode(sha256(convert_to('bench-student-' || id::text, 'UTF8')), 'hex'), id, 'student', now() + interval '1 day' from unnest($1::int[]) id`, [ids]);
  const t0 = performance.now();
  await query('analyze');
  console.log(`    ${'analyze'.padEnd(26)} ${''.padStart(9)}       ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return ids.map((id) => `bench-student-${id}`);
}

function get(agent: http.Agent, url: URL, token: string): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t0;
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ ms, status: res.statusCode ?? 0, body: body.toString() });
        });
      })
      .on('error', reject);
  });
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const database = await freshDatabase(DATABASE_URL, 'data_bench');
const dbUrl = new URL(database.url);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-data-'));
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir };
const server = await startServer(process.execPath, [SERVER_ENTRY], serverEnv, '/api/clock');
// The seed is consistent by construction: foreign keys are not re-checked row by row while it loads (superuser).
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 1, options: '-c session_replication_role=replica' });
const query: Query = (text, params) => pool.query(text, params as unknown[]);

let line = 'data: worst page p95 0 ms';
try {
  console.log(`bench:data — ${STUDENTS} students, ${COURSES} courses × ${MEETINGS} meetings, ${PER_STUDENT} enrolments each; ${SAMPLE} students × ${PAGES.length} requests × ${ROUNDS} rounds, one at a time; PostgreSQL (budget: p95 ≤ ${BUDGET_MS} ms per page)`);
  const t0 = performance.now();
  const tokens = await seed(query);
  const sizes = await query(`select (select count(*) from attendance)::int as attendance, (select count(*) from course_grades)::int as grades, (select count(*) from enrolments)::int as enrolments`);
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(sizes.rows[0])}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const byUrl = new Map<string, number[]>();
  // Round -1 warms plans and the token cache, and checks every answer once.
  for (let round = -1; round < ROUNDS; round++) {
    for (const token of tokens) {
      for (const p of PAGES) {
        const r = await get(agent, new URL(p.url, server.url), token);
        const status = /^\{"status":(\d+)/.exec(r.body)?.[1];
        if (r.status !== 200 || status !== '200') throw new Error(`${p.url} for ${token}: HTTP ${r.status} ${r.body.slice(0, 200)}`);
        if (round < 0) continue;
        const list = byUrl.get(p.url) ?? [];
        list.push(r.ms);
        byUrl.set(p.url, list);
      }
    }
  }
  const byPage = new Map<string, number[]>();
  for (const p of PAGES) {
    const values = byUrl.get(p.url) ?? [];
    console.log(`  ${p.page.padEnd(5, '　')} ${p.url.padEnd(38)} p50 ${pct(values, 50).toFixed(1).padStart(6)} ms   p95 ${pct(values, 95).toFixed(1).padStart(6)} ms   max ${Math.max(...values).toFixed(1).padStart(6)} ms`);
    byPage.set(p.page, [...(byPage.get(p.page) ?? []), ...values]);
  }
  const pages = [...byPage].map(([page, values]) => ({ page, p95: pct(values, 95) }));
  const worst = pages.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`  per page (all its requests): ${pages.map((p) => `${p.page} p95 ${p.p95.toFixed(1)} ms`).join('; ')}`);
  line = `data: worst page p95 ${worst.p95.toFixed(0)} ms (${worst.page}); ${pages.every((p) => p.p95 <= BUDGET_MS) ? 'within budget' : 'OVER BUDGET'} (≤ ${BUDGET_MS} ms)`;
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await dropUnlessKept(database);
}
console.log(line);
