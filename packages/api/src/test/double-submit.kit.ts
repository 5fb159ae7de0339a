/**
 * The double-submit suite's shared kit (decision 092): who sends a fixture, what a fixture is, and the small helpers
 * fixtures use. The base fixtures (double-submit.fixtures.ts) and each area's own fixture file
 * (double-submit.fixtures-<area>.ts) import it, so areas add their routes without editing one shared file.
 */
import { sql, type SQL } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';

export type Who =
  | 'public'
  | 'admin'
  | 'teacher'
  | 'tf'
  | 'csl'
  | 'staff'
  | 'school'
  | 'sl'
  | 'newcomer'
  | 'profiled'
  | 'step1'
  | 'applied'
  | 'offered'
  | 'paidBeijing'
  | 'paid'
  | 'volunteer'
  | 'ssi'
  | 'trainee'
  | 'sbp'
  | 'hweek'
  | 'deans';

export interface FixtureCtx {
  app: FastifyInstance;
  db: Db;
  /** The demo account's session on this database (logged in once, shared by fixtures). */
  token(who: Who): Promise<string | undefined>;
  /** A new session of its own, for routes that end or change the session they run in. */
  freshToken(who: Who): Promise<string>;
  /** Moves this database's app clock on (both copies move alike). */
  advance(ms: number): void;
  now(): Date;
  /** Forgets the cached sessions (after the clock has moved past their idle limit). */
  forgetTokens(): void;
  /** Two-factor secrets fixtures enrolled, by account. */
  secrets: Map<Who, string>;
  /** The first column of the first row. */
  one<T = number>(query: SQL): Promise<T>;
}

/** Rows of a raw query on either driver. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Prepared {
  url?: string;
  body?: unknown;
  /** A body sent as is (a multipart form) instead of JSON. */
  raw?: { payload: Buffer; contentType: string };
  token?: string;
  headers?: Record<string, string>;
}

export interface Fixture {
  as: Who;
  body?: unknown;
  prepare?: (ctx: FixtureCtx) => Promise<Prepared>;
  /** The envelope status the single request answers (default 200). */
  expectStatus?: number;
  /** A route that answers without an envelope (the bucket-style upload: 204). */
  expectHttp?: number;
  additive?: string;
  unreached?: string;
}

/** The demo's account ids (demo-seed.ts inserts them in this order). */
export const ID = { admin: 1, teacher: 2, tf: 3, csl: 4, staff: 5, school: 6, sl: 7, sl2: 8, newcomer: 9, profiled: 10, step1: 11, applied: 12, offered: 13, paidBeijing: 14, paid: 15, volunteer: 16, ssi: 17, trainee: 18, sbp: 19, hweek: 20, deans: 21 } as const;
/** DEMO-LIVE: the live course of teacher 王老师 with TF 李老师, 孙浩然 (paid) enrolled. */
export const LIVE_COURSE = 25;

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
export const file = (name: string) => ({ name, url: `/api/oss/file/student/${name}` });

export async function sms(ctx: FixtureCtx, phone: string): Promise<string> {
  const q = await ctx.app.inject({ method: 'POST', url: '/api/captcha/question', payload: { phone_code: '86', phone } });
  const question = (q.json() as { data: { code: string } }).data.code;
  const [, a, b] = /^(\d+)\s*\+\s*(\d+)/.exec(question) ?? [];
  await ctx.app.inject({ method: 'POST', url: '/api/captcha/answer', payload: { phone_code: '86', phone, code: Number(a) + Number(b) } });
  const outbox = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
  return (outbox.json() as { data: Array<{ code: string }> }).data[0]!.code;
}

/** The account's code of the next 30 s step: the clock moves on first, as a used step is never accepted again. */
export function totp(ctx: FixtureCtx, who: Who): string {
  ctx.advance(30_000);
  return new TOTP({ secret: Secret.fromBase32(ctx.secrets.get(who) ?? ''), digits: 6, period: 30 }).generate({ timestamp: ctx.now().getTime() });
}

export async function send(ctx: FixtureCtx, who: Who, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const token = await ctx.token(who);
  const res = await ctx.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body !== undefined ? { payload: body as object } : {}) });
  return res.json() as { status: number; msg: string; data: Record<string, unknown> };
}

export const latestOrder = (ctx: FixtureCtx, accountId: number) => ctx.one<string>(sql`select order_no from payment_orders where account_id = ${accountId} order by id desc limit 1`);
export const latest = (ctx: FixtureCtx, table: string) => ctx.one(sql.raw(`select id from ${table} order by id desc limit 1`));
