import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';
import { buildApp } from '../http/app.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms), set: (d) => void (current = d.getTime()) };
}

/** A fresh database for one test file, copied from the run's migrated template. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const blob = new Blob([readFileSync(template.dumpFile)]);
    return openPglite('memory://', { loadDataDir: blob });
  }
  const name = `summit_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  env: Env;
  clock: TestClock;
  close(): Promise<void>;
}

export async function createTestApp(options: { env?: Record<string, string>; sms?: SmsProvider; mail?: MailProvider; clock?: TestClock; logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Low argon2 memory keeps the suite fast; production uses the OWASP default from env.ts.
  const env = loadEnv({ ...process.env, DEMO_MODE: 'true', SEED_DEMO: 'false', LOG_LEVEL: options.logStream ? 'info' : 'silent', ARGON2_MEMORY_KIB: '8192', RATE_LIMIT_PER_MINUTE: '100000', ...options.env });
  const clock = options.clock ?? createClock();
  const app = await buildApp({ env, db: database.db, now: clock.now, ...(options.logStream ? { logStream: options.logStream } : { logger: false }), ...(options.sms ? { sms: options.sms } : {}), ...(options.mail ? { mail: options.mail } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
