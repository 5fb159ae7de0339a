// Baseline for the authenticated-read benchmark: bare Fastify, one SELECT on an on-disk PGlite, the same
// envelope shape. What the real route costs on top of this (auth, token lookup, schemas) is what we measure.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-bench-baseline-'));
const db = new PGlite(dataDir);
await db.exec(`
  create table students (id serial primary key, phone text not null, name text not null, email text not null, school_name text);
  insert into students (phone, name, email, school_name) values ('13900000002', '演示学生', 'student@example.com', '北京市第四中学');
`);

const app = Fastify({ logger: false });
app.get('/api/student/info', async () => {
  const { rows } = await db.query('select phone, name, email, school_name from students where id = $1', [1]);
  return { status: 200, msg: 'success', data: rows[0] };
});

const close = async () => {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
