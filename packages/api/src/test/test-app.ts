import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';
import { buildApp } from '../app/app.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';
import type { MessageBus } from '../providers/bus/message-bus.ts';
import type { RedisConnections } from '../providers/bus/create-message-bus.ts';

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(date: Date): void;
}

export function createClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms), set: (d) => void (current = d.getTime()) };
}

/** A fresh database for one test file, copied from the run's migrated template (`url` on PostgreSQL). */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
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
  return openDroppedOnClose(template.adminUrl, name, 4);
}

/** Opens database `name` beside `adminUrl`'s; closing it also drops it. */
export async function openDroppedOnClose(adminUrl: string, name: string, max: number): Promise<Database & { url: string }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

// Low argon2 memory keeps the suite fast; production uses the OWASP default from env.ts. Rate limits are
// tested where they are under test (they would otherwise trip over a file's many logins from one address).
const TEST_ENV = {
  DEMO_MODE: 'true',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  ARGON2_MEMORY_KIB: '8192',
  RATE_LIMIT_PER_MINUTE: '100000',
  SENSITIVE_RATE_LIMIT_PER_MINUTE: '100000',
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  env: Env;
  clock: TestClock;
  /** The test database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(options: { database?: Database & { url?: string }; env?: Record<string, string>; sms?: SmsProvider; mail?: MailProvider; clock?: TestClock; logStream?: NodeJS.WritableStream; bus?: (databaseUrl: string | undefined) => Promise<MessageBus>; redis?: RedisConnections } = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const bus = options.bus ? await options.bus(database.url) : undefined;
  const env = loadEnv({ ...process.env, ...TEST_ENV, LOG_LEVEL: options.logStream ? 'info' : 'silent', ...options.env });
  const clock = options.clock ?? createClock();
  const app = await buildApp({ env, db: database.db, now: clock.now, ...(options.logStream ? { logStream: options.logStream } : { logger: false }), ...(options.sms ? { sms: options.sms } : {}), ...(options.mail ? { mail: options.mail } : {}), ...(bus ? { bus } : {}), ...(options.redis ? { redis: options.redis } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    clock,
    ...(database.url ? { databaseUrl: database.url } : {}),
    close: async () => {
      await app.close();
      await bus?.close();
      await database.close();
    },
  };
}

/**
 * A second API process on the first one's database (decision 038): its own pool on PostgreSQL, the same PGlite
 * otherwise (PGlite is one process's database). Same clock, so time-windowed counters line up. Close it before
 * the first.
 */
export async function createPeerApp(first: TestApp, options: { env?: Record<string, string>; bus?: (databaseUrl: string | undefined) => Promise<MessageBus>; redis?: RedisConnections } = {}): Promise<TestApp> {
  const own = first.databaseUrl ? await openPostgres(first.databaseUrl, { max: 4 }) : null;
  const db = own?.db ?? first.db;
  const env = loadEnv({ ...process.env, ...TEST_ENV, ...options.env });
  const bus = options.bus ? await options.bus(first.databaseUrl) : undefined;
  const app = await buildApp({ env, db, now: first.clock.now, logger: false, ...(bus ? { bus } : {}), ...(options.redis ? { redis: options.redis } : {}) });
  await app.ready();
  return {
    app,
    db,
    env,
    clock: first.clock,
    ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}),
    close: async () => {
      await app.close();
      await bus?.close();
      await own?.close();
    },
  };
}
