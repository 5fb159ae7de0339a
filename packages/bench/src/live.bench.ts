// npm run bench:live — 脑力奥赛 live push under load (decision 105). Not a test: it prints. On PostgreSQL
// (DATABASE_URL; a fresh database is created beside it), two API processes on one database (node A and node B, each
// with its own LISTEN on the message bus); 2,000 paid students, placed in the houses, hold the round's live stream,
// half on each node. The host pushes a question through node A; every student's stream must show it (delivery: from
// the push request's start to the question's arrival on that stream), and each student answers it at a random moment
// within the next 8 s (open loop, each on its own time) through the node it streams from (answer: request to
// response). Then the answers are counted in the database.
//
// Budget: delivered to all with p99 ≤ 500 ms; answers recorded N/N with p99 ≤ 200 ms; no 5xx. The last line is
//   live: delivered <N>/<N> p99 <N> ms; answers <N>/<N> p99 <N> ms; 5xx <N>
// BENCH_LIVE_STUDENTS sizes it; BENCH_KEEP_DB=1 keeps the database.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIfMissing, startServer, type RunningServer } from './server-process.ts';
import { dropUnlessKept, freshDatabase } from './fresh-database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const STUDENTS = Number(process.env.BENCH_LIVE_STUDENTS ?? 2000);
const ANSWER_SPREAD_MS = 8_000;
const QUESTION_SECONDS = 20;
const BUDGET = { deliveryP99: 500, answerP99: 200 };

const { DATABASE_URL, ...inherited } = process.env;
const serverEnv = { ...inherited, NODE_ENV: 'production', SEED_DEMO: 'false', DEMO_MODE: 'true', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', RATE_LIMIT_PER_MINUTE: '100000000', WORKERS: '1' };

function p99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!);
}

/** One student's stream: resolves `ready` on the first state, records when a state with `questionId` arrives. */
function openStream(base: string, token: string, roundId: number, onQuestion: (at: number, questionId: number) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/api/student/brain-olympics/rounds/${roundId}/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, agent: false });
    let buffer = '';
    let ready = false;
    let seen = false;
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          if (!block.includes('event: state')) continue;
          if (!ready) {
            ready = true;
            resolve(req);
          }
          if (seen) continue;
          const m = /"current":\{"id":(\d+)/.exec(block);
          if (m) {
            seen = true;
            onQuestion(performance.now(), Number(m[1]));
          }
        }
      });
    });
    req.on('error', (e) => (ready ? undefined : reject(e)));
    req.end();
  });
}

function post(base: string, agent: http.Agent, url: string, token: string, body: unknown): Promise<{ status: number; ms: number; text: string }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(`${base}${url}`, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text }));
    });
    req.on('error', () => resolve({ status: 599, ms: performance.now() - started, text: '' }));
    req.end(payload);
  });
}

async function main() {
  if (!DATABASE_URL) {
    console.log('live: DATABASE_URL is not set (this bench runs on PostgreSQL)');
    process.exit(1);
  }
  buildIfMissing(ROOT, SERVER_ENTRY);
  const database = await freshDatabase(DATABASE_URL, 'live_bench');
  const dataDirs = [mkdtempSync(path.join(os.tmpdir(), 'summit-live-a-')), mkdtempSync(path.join(os.tmpdir(), 'summit-live-b-'))];
  const servers: RunningServer[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const streams: http.ClientRequest[] = [];
  try {
    // Node A migrates; node B starts on the migrated database.
    servers.push(await startServer(process.execPath, [SERVER_ENTRY], { ...serverEnv, DATABASE_URL: database.url, DATA_DIR: dataDirs[0] }, '/api/clock'));
    servers.push(await startServer(process.execPath, [SERVER_ENTRY], { ...serverEnv, DATABASE_URL: database.url, DATA_DIR: dataDirs[1] }, '/api/clock'));
    const [nodeA, nodeB] = servers.map((s) => s.url) as [string, string];
    const q = (text: string, params: unknown[] = []) => pool.query(text, params);

    // The programme: a venue, the houses, STUDENTS paid students spread over the houses, a host, an open activity.
    await q(`insert into venues (place_name, name, capacity) values ('bench-live', '压测会场', 100000) on conflict do nothing`);
    const venueId = Number((await q(`select id from venues where place_name = 'bench-live'`)).rows[0].id);
    const houseIds = (await q(`select id from houses order by id`)).rows.map((r) => Number(r.id));
    await q(`insert into accounts (role, phone, name) select 'student', '136' || lpad(g::text, 8, '0'), '压测' || g from generate_series(1, $1::int) g`, [STUDENTS]);
    const mine = `phone like '136%' and role = 'student'`;
    await q(`insert into student_profiles (account_id, tuition_paid_at, offer_letter, place_name) select id, now(), 1, '第一期' from accounts where ${mine}`);
    await q(`insert into venue_assignments (student_id, venue_id, method) select id, $1, 'rule' from accounts where ${mine}`, [venueId]);
    if (houseIds.length > 0) {
      await q(`insert into house_assignments (student_id, house_id, venue_id) select id, ($1::int[])[1 + (id % $2::int)], $3 from accounts where ${mine}`, [houseIds, houseIds.length, venueId]);
    }
    await q(`insert into auth_tokens (token_hash, account_id, role, expires_at) select encode(sha256(convert_to('live-token-' || id, 'UTF8')), 'hex'), id, 'student', now() + interval '1 day' from accounts where ${mine}`);
    const ids = (await q(`select id from accounts where ${mine} order by id`)).rows.map((r) => Number(r.id));
    const hostId = Number((await q(`insert into accounts (role, phone, name, teacher_type) values ('teacher', '13599990000', '压测老师', 1) returning id`)).rows[0].id);
    await q(`insert into auth_tokens (token_hash, account_id, role, expires_at) values (encode(sha256(convert_to('live-host-token', 'UTF8')), 'hex'), $1, 'teacher', now() + interval '1 day')`, [hostId]);
    const activityId = Number(
      (
        await q(
          `insert into activities (kind, title, opens_at, closes_at, audience_kind, published, created_by) values ('brain-olympics', '压测脑力奥赛', now() - interval '1 day', now() + interval '1 day', 'all', true, $1) returning id`,
          [hostId],
        )
      ).rows[0].id,
    );
    const roundId = Number((await q(`insert into games_quiz_rounds (activity_id, title, created_by) values ($1, '压测轮', $2) returning id`, [activityId, hostId])).rows[0].id);
    const questionId = Number(
      (await q(`insert into games_quiz_questions (round_id, position, prompt, choices, answer, seconds, points) values ($1, 1, '压测题', '["甲","乙","丙","丁"]'::jsonb, 1, $2, 10) returning id`, [roundId, QUESTION_SECONDS])).rows[0]
        .id,
    );

    // Every student connects (half to each node) and receives the round's state.
    const connectStarted = performance.now();
    const arrivals = new Array<number>(ids.length).fill(-1);
    const nodeOf = (i: number) => (i % 2 === 0 ? nodeA : nodeB);
    for (let from = 0; from < ids.length; from += 100) {
      const batch = ids.slice(from, from + 100).map((id, k) =>
        openStream(nodeOf(from + k), `live-token-${id}`, roundId, (at, qid) => {
          if (qid === questionId) arrivals[from + k] = at;
        }),
      );
      streams.push(...(await Promise.all(batch)));
    }
    console.log(`[live] ${ids.length} students streaming (${Math.ceil(ids.length / 2)} on node A, ${Math.floor(ids.length / 2)} on node B), connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);

    // The push (node A), then each student answers at its own moment within the spread, on its own node.
    const agents = { [nodeA]: new http.Agent({ keepAlive: true, maxSockets: 200 }), [nodeB]: new http.Agent({ keepAlive: true, maxSockets: 200 }) };
    const pushedAt = performance.now();
    const push = await post(nodeA, agents[nodeA]!, `/api/teacher/brain-olympics/rounds/${roundId}/push`, 'live-host-token', {});
    if (push.status !== 200 || !push.text.includes('"status":200')) throw new Error(`push refused: ${push.status} ${push.text.slice(0, 300)}`);
    const deadline = pushedAt + 10_000;
    while (arrivals.some((a) => a < 0) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const delivered = arrivals.filter((a) => a >= 0);
    const deliveryMs = delivered.map((a) => a - pushedAt);
    console.log(`[live] push answered in ${Math.round(push.ms)} ms; delivered to ${delivered.length}/${ids.length}; p50 ${Math.round([...deliveryMs].sort((a, b) => a - b)[Math.floor(deliveryMs.length / 2)] ?? 0)} ms, p99 ${p99(deliveryMs)} ms`);

    let fiveXx = push.status >= 500 ? 1 : 0;
    const answerMs: number[] = [];
    let accepted = 0;
    const refused: Record<string, number> = {};
    await Promise.all(
      ids.map(async (id, i) => {
        if (arrivals[i]! < 0) return;
        await new Promise((r) => setTimeout(r, Math.random() * ANSWER_SPREAD_MS));
        const res = await post(nodeOf(i), agents[nodeOf(i)]!, `/api/student/brain-olympics/questions/${questionId}/answer`, `live-token-${id}`, { choice: i % 4 });
        answerMs.push(res.ms);
        if (res.status >= 500) fiveXx += 1;
        if (res.status === 200 && res.text.includes('"status":200')) accepted += 1;
        else refused[`${res.status} ${/"msg":"([^"]*)"/.exec(res.text)?.[1] ?? ''}`] = (refused[`${res.status} ${/"msg":"([^"]*)"/.exec(res.text)?.[1] ?? ''}`] ?? 0) + 1;
      }),
    );
    const recorded = Number((await q(`select count(*)::int as n from games_quiz_answers where question_id = $1`, [questionId])).rows[0].n);
    const sorted = [...answerMs].sort((a, b) => a - b);
    console.log(`[live] answers: ${accepted} accepted, ${recorded} recorded; p50 ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, p99 ${p99(answerMs)} ms${Object.keys(refused).length ? `; refused ${JSON.stringify(refused)}` : ''}`);
    const ok = delivered.length === ids.length && p99(deliveryMs) <= BUDGET.deliveryP99 && recorded === ids.length && p99(answerMs) <= BUDGET.answerP99 && fiveXx === 0;
    console.log(`[live] budget (delivery p99 ≤ ${BUDGET.deliveryP99} ms to all, answers all recorded with p99 ≤ ${BUDGET.answerP99} ms, no 5xx): ${ok ? 'met' : 'NOT met'}`);
    console.log(`live: delivered ${delivered.length}/${ids.length} p99 ${p99(deliveryMs)} ms; answers ${recorded}/${ids.length} p99 ${p99(answerMs)} ms; 5xx ${fiveXx}`);
    for (const a of Object.values(agents)) a.destroy();
  } finally {
    for (const s of streams) s.destroy();
    await pool.end();
    for (const s of servers) await s.stop();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    await dropUnlessKept(database);
  }
}

await main();
