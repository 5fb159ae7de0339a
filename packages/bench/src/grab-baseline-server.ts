// The floor for POST /api/student/course-center/cart/grab (bench:grab, decision 094): the thinnest HTTP service doing
// the seat claim. Bare Fastify; the bearer token checked against an in-memory map; one conditional
// `UPDATE … SET taken = taken + 1 WHERE id = $1 AND taken < capacity` as a named (prepared) statement on a copy of the
// bench's courses, through a pg pool of the same size as the server's. No gate, no rules, no enrolment row, no audit.
// Env: DATABASE_URL (the bench's database), BASELINE_TOKENS (a JSON file: [[token, studentId], …]), POOL_SIZE.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const tokens = new Map<string, number>(JSON.parse(readFileSync(process.env.BASELINE_TOKENS!, 'utf8')) as Array<[string, number]>);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10) });
const SEAT = { name: 'baseline_seat', text: 'update bench_baseline_courses set taken = taken + 1 where id = $1 and taken < capacity returning id' };

const app = Fastify({ logger: false });
app.get('/api/clock', async () => ({ status: 200, msg: 'ok', data: { now: new Date().toISOString() } }));
app.post<{ Body: { course_id: number } }>('/api/student/course-center/cart/grab', async (req, reply) => {
  const auth = req.headers.authorization;
  const student = auth?.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
  if (student === undefined) return reply.code(401).send({ status: 401, msg: '请先登录' });
  const { rowCount } = await pool.query({ ...SEAT, values: [Number(req.body.course_id)] });
  return rowCount ? { status: 200, msg: '选课成功', data: { course_id: req.body.course_id, ok: true } } : { status: 4001, msg: '该课程名额已满' };
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
