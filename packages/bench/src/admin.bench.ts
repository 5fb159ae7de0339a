// npm run bench:admin — the admin Students console at a summer's scale (decisions 059–067, docs/design.md §5). Not a test: it
// prints. 50,000 students (BENCH_STUDENTS) are seeded straight into a fresh PostgreSQL database beside DATABASE_URL,
// spread over schools, provinces, batches and every funnel stage. Then, against the real server:
//  - list: the Students list under a mix of filters, searches, sorts and deep pages, each request timed; the same
//    queries as raw SQL (the list's own statement shape: one page of rows plus the total) straight through `pg` in the
//    same run are the baseline;
//  - export: the whole list as .xlsx, timed to the last byte, while the server's resident memory is sampled from
//    /proc; the file is then read back with exceljs's streaming reader to count its rows.
// Budget: list p95 ≤ 300 ms; export < 30 s and < 300 MB.
import { mkdtempSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { freshDatabase, dropUnlessKept } from './fresh-database.ts';
import { startServer, buildIfMissing } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

const { DATABASE_URL, ...inherited } = process.env;
if (!DATABASE_URL) {
  console.log('bench:admin needs PostgreSQL: set DATABASE_URL to an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
buildIfMissing(ROOT, SERVER_ENTRY);

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '子涵一鸣雨桐浩然可欣思远梓萱宇轩欣怡俊杰诗琪博文佳怡明轩雨萱天佑若曦嘉懿晨阳';
const PROVINCES = [110000, 310000, 440000, 510000, 330000, 320000, 420000, 370000, 610000, 500000];

/** Schools, then STUDENTS accounts with profiles spread over every funnel stage, and an admin with a token. */
async function seed(query: Query) {
  await query(
    `insert into schools (name, country_id, state_id, city_id, type) select '压测中学' || g, 1, (array[${PROVINCES.join(',')}])[1 + g % ${PROVINCES.length}], null, 1 from generate_series(1, 400) g`,
  );
  await query(
    `insert into accounts (role, phone, name, created_at)
     select 'student', '15' || lpad(g::text, 9, '0'),
            substr($2, 1 + g % char_length($2), 1) || substr($3, 1 + (g * 7) % (char_length($3) - 1), 2),
            now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute'
     from generate_series(1, $1::int) g`,
    [STUDENTS, SURNAMES, GIVEN],
  );
  // Stage by g % 10: 0–1 registered only, 2 info, 3 step 1, 4 fee paid, 5–6 step 2, 7 offer, 8–9 tuition paid.
  await query(
    `insert into student_profiles (account_id, active_type, batch_str, school_country_id, school_state_id, school_id, school_name,
                                   info_completed_at, step1_submitted_at, apply_paid_at, step2_submitted_at, offer_letter, offer_created_at, tuition_paid_at, place_name, user_tags)
     select a.id, case when a.id % 25 = 0 then 4 else 1 end, case when a.id % 3 = 0 then '2027EB1' else '2027RD' end,
            1, s.state_id, s.id, s.name,
            case when a.id % 10 >= 2 then a.created_at + interval '1 hour' end,
            case when a.id % 10 >= 3 then a.created_at + interval '1 day' end,
            case when a.id % 10 >= 4 then a.created_at + interval '2 days' end,
            case when a.id % 10 >= 5 then a.created_at + interval '5 days' end,
            case when a.id % 10 >= 7 then 1 end,
            case when a.id % 10 >= 7 then a.created_at + interval '20 days' end,
            case when a.id % 10 >= 8 then a.created_at + interval '25 days' end,
            case when a.id % 10 >= 7 then (array['第一期','第二期'])[1 + a.id % 2] end,
            case when a.id % 50 = 0 then '["重点关注"]'::jsonb else '[]'::jsonb end
     from accounts a join schools s on s.id = 1 + a.id % 400
     where a.role = 'student' and a.phone like '15%'`,
  );
  await query(
    `insert into applications (account_id, step1, batch)
     select p.account_id, jsonb_build_object('legal_name', a.name, 'grade', (array['G10','G11','G12'])[1 + a.id % 3], 'gender', 1 + a.id % 2), p.batch_str
     from student_profiles p join accounts a on a.id = p.account_id where p.step1_submitted_at is not null`,
  );
  const admin = await query(`insert into accounts (role, phone, name, teacher_type, is_admin) values ('teacher', '13600000001', '压测管理员', 9, true) returning id`);
  const adminId = Number(admin.rows[0]!.id);
  await query(
    `insert into auth_tokens (token_hash, account_id, role, expires_at) values (encode(sha256(convert_to('bench-admin-' || $1::text, 'UTF8')), 'hex'), $1::int, 'teacher', now() + interval '1 day')`,
    [adminId],
  );
  await query('analyze');
  return `bench-admin-${adminId}`;
}

/** The list scenarios an office runs all day: the first page, filters, searches, other sorts, a deep page. */
const SEARCH = `a.id in (select id from accounts where name ilike $1 union all select account_id from student_profiles where school_name ilike $1
                           union all select account_id from applications where step1 ->> 'legal_name' ilike $1)`;
const SCENARIOS: Array<{ label: string; qs: string; where: string; order: string; offset: number; params: unknown[] }> = [
  { label: '首页（注册时间倒序）', qs: '', where: 'true', order: 'a.created_at desc, a.id desc', offset: 0, params: [] },
  { label: '提前批', qs: 'batch=early', where: `coalesce(p.batch_str, '') ilike '%eb%'`, order: 'a.created_at desc, a.id desc', offset: 0, params: [] },
  { label: '已缴学费', qs: 'tuition_paid=true', where: 'p.tuition_paid_at is not null', order: 'a.created_at desc, a.id desc', offset: 0, params: [] },
  { label: '省份', qs: 'province_id=440000', where: 'p.school_state_id = 440000', order: 'a.created_at desc, a.id desc', offset: 0, params: [] },
  { label: '搜索姓名', qs: `q=${encodeURIComponent('王子涵')}`, where: SEARCH, order: 'a.created_at desc, a.id desc', offset: 0, params: ['%王子涵%'] },
  { label: '搜索学校', qs: `q=${encodeURIComponent('压测中学12')}`, where: SEARCH, order: 'a.created_at desc, a.id desc', offset: 0, params: ['%压测中学12%'] },
  { label: '按姓名排序', qs: 'sort=name&order=asc', where: 'true', order: 'a.name asc, a.id asc', offset: 0, params: [] },
  { label: '第 500 页', qs: 'page=500', where: 'true', order: 'a.created_at desc, a.id desc', offset: 499 * 20, params: [] },
];

/** The list's own statement shape (students.repo.ts selectRows + countSegment), written as plain SQL. */
function rawSql(s: (typeof SCENARIOS)[number]) {
  const where = `a.role = 'student' and (${s.where})`;
  return {
    rows: `select a.id, a.name, a.phone, a.email, ap.step1 ->> 'legal_name', (ap.step1 ->> 'gender')::int, ap.step1 ->> 'grade',
                  coalesce(ap.batch, nullif(p.batch_str, '')), ap.consent_at, p.school_id, p.school_name, p.school_state_id, p.active_type,
                  p.user_tags, p.admin_note, a.created_at, p.info_completed_at, p.step1_submitted_at, p.apply_paid_at, p.step2_submitted_at,
                  p.tuition_paid_at, p.offer_letter, p.place_name, d.decision, d.released_at, v.name, h.name
           from accounts a join student_profiles p on p.account_id = a.id
           left join applications ap on ap.account_id = a.id left join admission_decisions d on d.account_id = a.id
           left join venue_assignments va on va.student_id = a.id left join venues v on v.id = va.venue_id
           left join house_assignments ha on ha.student_id = a.id left join houses h on h.id = ha.house_id
           where ${where} order by ${s.order} limit 20 offset ${s.offset}`,
    total: `select count(*)::int as n from accounts a join student_profiles p on p.account_id = a.id where ${where}`,
  };
}

function get(agent: http.Agent, url: URL, token: string): Promise<{ ms: number; status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** Resident set of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const database = await freshDatabase(DATABASE_URL, 'admin_bench');
const dbUrl = new URL(database.url);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-admin-'));
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir };
const server = await startServer(process.execPath, [SERVER_ENTRY], serverEnv, '/api/clock');
const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
const query: Query = (text, params) => pool.query(text, params as unknown[]);

let line = 'admin: list p95 0 ms (raw SQL 0 ms); export 0 rows in 0 s, peak 0 MB';
try {
  console.log(`bench:admin — ${STUDENTS} students; ${SCENARIOS.length} list scenarios × ${ROUNDS} rounds; PostgreSQL (budget: list p95 ≤ 300 ms; export < 30 s, < 300 MB)`);
  const t0 = performance.now();
  const token = await seed(query);
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  // Warm both paths once (plans, connections), then alternate them round by round so both see the same machine.
  const api: number[] = [];
  const raw: number[] = [];
  const perScenario = new Map<string, { api: number[]; raw: number[] }>();
  for (let round = -1; round < ROUNDS; round++) {
    for (const s of SCENARIOS) {
      const url = new URL(`/api/admin/students?page_size=20${s.qs ? `&${s.qs}` : ''}`, server.url);
      const a = await get(agent, url, token);
      const envelope = JSON.parse(a.body) as { status: unknown; msg?: string; data?: { items?: unknown[]; total?: number } };
      if (a.status !== 200 || envelope.status !== 200) throw new Error(`${s.label}: ${a.status} ${String(envelope.status)} ${envelope.msg ?? ''}`);
      const sql = rawSql(s);
      const r0 = performance.now();
      await Promise.all([query(sql.rows, s.params), query(sql.total, s.params)]);
      const rawMs = performance.now() - r0;
      if (round < 0) {
        console.log(`  ${s.label}: total ${envelope.data?.total}, page rows ${envelope.data?.items?.length}`);
        continue;
      }
      api.push(a.ms);
      raw.push(rawMs);
      const entry = perScenario.get(s.label) ?? { api: [], raw: [] };
      entry.api.push(a.ms);
      entry.raw.push(rawMs);
      perScenario.set(s.label, entry);
    }
  }
  for (const [label, e] of perScenario) console.log(`  ${label.padEnd(12, '　')} p95 ${pct(e.api, 95).toFixed(1)} ms (raw SQL ${pct(e.raw, 95).toFixed(1)} ms)`);
  const listP95 = pct(api, 95);
  const rawP95 = pct(raw, 95);
  console.log(`  list: ${api.length} requests, p50 ${pct(api, 50).toFixed(1)} ms, p95 ${listP95.toFixed(1)} ms; raw SQL p50 ${pct(raw, 50).toFixed(1)} ms, p95 ${rawP95.toFixed(1)} ms`);

  // The whole list as one Excel file; memory sampled every 20 ms while it streams.
  const pid = server.child.pid!;
  const idleMb = rssMb(pid);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 20);
  const file = path.join(dataDir, 'students.xlsx');
  const e0 = performance.now();
  const exportStatus = await new Promise<number>((resolve, reject) => {
    http
      .get(new URL('/api/admin/students/export', server.url), { headers: { authorization: `Bearer ${token}` } }, (res) => {
        const out = createWriteStream(file);
        res.pipe(out);
        out.on('finish', () => resolve(res.statusCode ?? 0));
        out.on('error', reject);
      })
      .on('error', reject);
  });
  const exportSeconds = (performance.now() - e0) / 1000;
  clearInterval(sampler);
  peakMb = Math.max(peakMb, rssMb(pid));
  if (exportStatus !== 200) throw new Error(`export answered ${exportStatus}`);
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  rows -= 1; // the header row
  console.log(`  export: ${rows} rows (expected ${STUDENTS}) in ${exportSeconds.toFixed(1)} s; server RSS idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB`);
  line = `admin: list p95 ${listP95.toFixed(0)} ms (raw SQL ${rawP95.toFixed(0)} ms); export ${rows} rows in ${exportSeconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB`;
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await dropUnlessKept(database);
}
console.log(line);
