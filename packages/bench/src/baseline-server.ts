// The floor for GET /api/student/info: bare Fastify answering the same question with one SELECT on the same
// migrated, seeded schema (no auth, no ORM, no validation), prepared once as a named server-side statement, as
// any careful bare service would (decision 095). The ratio against it is what our stack — token check,
// Drizzle, the envelope's serialization, plugins — costs on top of the data access itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { openPglite } from '../../api/src/db/client.ts';
import { seedDemo } from '../../api/src/seed/demo-seed.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-bench-baseline-'));
const database = await openPglite(dataDir);
await seedDemo(database.db, { argon2MemoryKib: 8192 });
const client = (database.db as unknown as { $client: { query<T>(sql: string, params: unknown[]): Promise<{ rows: T[] }> } }).$client;
const student = await client.query<{ id: number }>("select id from accounts where phone = '13900000002'", []);
const studentId = student.rows[0]?.id;

const STUDENT_INFO_SQL = `select a.phone, a.phone_code, a.name, coalesce(a.email, '') as email,
  p.school_country_id, p.school_state_id, p.school_city_id, p.school_zone_id, p.school_id,
  coalesce(p.school_name, '') as school_name, p.info_completed_at is not null as info_completed
  from accounts a join student_profiles p on p.account_id = a.id where a.id = $1`;

const app = Fastify({ logger: false });

// The budget's baseline. On PGlite a named statement is a server-side PREPARE run as one EXECUTE (the
// extended protocol's per-call parse/plan is what makes an unprepared query slow there; decision 021).
const exec = (database.db as unknown as { $client: { exec(sql: string): Promise<Array<{ rows: unknown[] }>> } }).$client.exec.bind(client);
await exec(`PREPARE baseline_student_info(integer) AS ${STUDENT_INFO_SQL}`);
const executeInfo = `EXECUTE baseline_student_info(${Number(studentId)})`;
app.get('/api/student/info', async () => {
  const [result] = await exec(executeInfo);
  return { status: 200, msg: 'ok', data: result?.rows[0] };
});

// Information only (the budget's baseline before decision 095): the same SELECT through `client.query` with a
// parameter, parsed and planned on every call.
app.get('/api/student/info-unprepared', async () => {
  const { rows } = await client.query(STUDENT_INFO_SQL, [studentId]);
  return { status: 200, msg: 'ok', data: rows[0] };
});

const close = async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
