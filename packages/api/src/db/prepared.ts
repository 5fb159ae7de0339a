import pg from 'pg';
import { types } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * A statement built once per database handle (hot paths: every authenticated request). On PostgreSQL
 * drizzle names it and node-postgres keeps a named prepared statement per connection. On PGlite drizzle
 * ignores the name and runs every query through parse → describe → bind → describe → execute → sync, six
 * trips into the WebAssembly engine with the SQL parsed and planned each time; there the query is made a
 * real server-side prepared statement instead (docs/decisions/021).
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      serveFromPglitePreparedStatement(query);
      byDb.set(db, query);
    }
    return query;
  };
}

interface PgliteLike {
  query(text: string, params?: unknown[], options?: object): Promise<{ rows: unknown[] }>;
  exec(text: string, options?: object): Promise<Array<{ rows: unknown[] }>>;
  describeQuery?(text: string): Promise<{ resultFields: Array<{ name: string; dataTypeID: number }> }>;
  execProtocol: unknown;
}

/**
 * The types drizzle's PGlite driver asks to keep as text (its `parsers` option: timestamp, timestamptz,
 * interval, date). Any `parsers` option makes PGlite copy its whole parser table (≈ 320 entries) for every
 * result, ≈ 90 µs of CPU and garbage per query (decision 095); the prepared statement returns these columns
 * as text itself instead, so it can run without the option and answer the same strings.
 */
const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL]);

/** The slice of drizzle's PglitePreparedQuery this relies on; checked at run time (prepared.test.ts pins it). */
interface DrizzlePglitePrepared {
  client: PgliteLike;
  queryString: string;
}

function isPglite(client: unknown): client is PgliteLike {
  const c = client as Partial<PgliteLike> | null;
  return !!c && typeof c.query === 'function' && typeof c.exec === 'function' && typeof c.execProtocol === 'function';
}

function isDrizzlePglitePrepared(query: unknown): query is DrizzlePglitePrepared {
  const q = query as Partial<DrizzlePglitePrepared> | null;
  return !!q && typeof q.queryString === 'string' && isPglite(q.client);
}

/** A prepared statement: its name, and whether it answers drizzle's text-kept columns as text itself. */
interface Prepared {
  name: string;
  /** EXECUTE may run without drizzle's `parsers` option (see DRIZZLE_TEXT_TYPES). */
  withoutParsers: boolean;
}

/** One statement name per SQL text and engine: a query built again (another handle, a transaction) reuses it. */
const statementNames = new WeakMap<PgliteLike, Map<string, Promise<Prepared | null>>>();
let statementCounter = 0;

/** A parameter as an SQL literal: untyped quoted text PostgreSQL casts to the parameter's inferred type. */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? pg.escapeLiteral(String(value)) : null;
  if (typeof value === 'boolean' || typeof value === 'bigint') return pg.escapeLiteral(String(value));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : pg.escapeLiteral(value.toISOString());
  return null;
}

/**
 * The statement to PREPARE: the query itself when no column is of a type drizzle keeps as text, else the query
 * wrapped so those columns leave as `::text` (the same output function, so the same string drizzle's identity
 * parser would have kept) under their own names. null: the shape is unknown, keep drizzle's parsers.
 */
async function statementWithoutParsers(engine: PgliteLike, text: string): Promise<string | null> {
  if (!engine.describeQuery) return null;
  const { resultFields } = await engine.describeQuery(text);
  if (!resultFields.some((f) => DRIZZLE_TEXT_TYPES.has(f.dataTypeID))) return text;
  const columns = resultFields.map((_, i) => `c${i + 1}`);
  const select = resultFields.map((f, i) => `${columns[i]}${DRIZZLE_TEXT_TYPES.has(f.dataTypeID) ? '::text' : ''} as ${pg.escapeIdentifier(f.name)}`);
  return `with summit_hot(${columns.join(', ')}) as (${text}) select ${select.join(', ')} from summit_hot`;
}

async function prepareOnce(engine: PgliteLike, text: string): Promise<Prepared | null> {
  // Literals are only unambiguous with standard strings (PostgreSQL's default since 9.1); otherwise stay unprepared.
  const setting = await engine.query('select current_setting($1) as value', ['standard_conforming_strings']);
  if ((setting.rows[0] as { value?: string } | undefined)?.value !== 'on') return null;
  statementCounter += 1;
  const name = `summit_hot_${statementCounter}`;
  const rewritten = await statementWithoutParsers(engine, text).catch(() => null);
  await engine.exec(`PREPARE ${name} AS ${rewritten ?? text}`);
  return { name, withoutParsers: rewritten !== null };
}

function withoutParsersOption(options: object | undefined): object | undefined {
  if (!options || !('parsers' in options)) return options;
  const { parsers: _kept, ...rest } = options as { parsers?: unknown };
  return rest;
}

/**
 * Routes drizzle's call `client.query(sql, params, config)` for this one query to `EXECUTE name(literals)`:
 * one trip, a cached plan, and drizzle's own row mapping and type parsers unchanged. Values drizzle cannot
 * render as a literal fall back to the ordinary query.
 */
function serveFromPglitePreparedStatement(query: unknown): void {
  if (!isDrizzlePglitePrepared(query)) return;
  const engine = query.client;
  const text = query.queryString;
  let names = statementNames.get(engine);
  if (!names) {
    names = new Map();
    statementNames.set(engine, names);
  }
  const byText = names;
  const proxy: PgliteLike = {
    exec: (sql, options) => engine.exec(sql, options),
    execProtocol: engine.execProtocol,
    async query(sql, params = [], options) {
      const literals = params.map(literalOf);
      if (sql !== text || literals.some((l) => l === null)) return engine.query(sql, params, options);
      let name = byText.get(text);
      if (!name) {
        name = prepareOnce(engine, text).catch(() => null);
        byText.set(text, name);
      }
      const resolved = await name;
      if (!resolved) return engine.query(sql, params, options);
      const statement = literals.length > 0 ? `EXECUTE ${resolved.name}(${literals.join(', ')})` : `EXECUTE ${resolved.name}`;
      try {
        const [first] = await engine.exec(statement, resolved.withoutParsers ? withoutParsersOption(options) : options);
        if (first) return first;
      } catch (error) {
        // The session lost its statements (DISCARD ALL, DEALLOCATE): prepare again next time, answer now.
        if ((error as { code?: string }).code !== '26000') throw error;
      }
      byText.delete(text);
      return engine.query(sql, params, options);
    },
  };
  query.client = proxy;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw statements on the hot path (decision 044): a query built with drizzle's `sql` template, sent without the
// query builder's result mapping. On PostgreSQL it is a named statement (parsed and planned once per connection);
// on PGlite an ordinary parameterised query. Answers as the driver parses them (timestamptz → Date, json → object).

type PgPoolLike = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>; query(text: string): Promise<unknown> };

const dialect = new PgDialect();
const hotNames = new Map<string, string>();

function clientOf(db: Db): unknown {
  return (db as unknown as { $client: unknown }).$client;
}

/** One named statement per SQL text (node-postgres keeps each connection's prepared statements by name). */
function hotNameOf(text: string): string {
  let name = hotNames.get(text);
  if (!name) {
    name = `summit_raw_${hotNames.size + 1}`;
    hotNames.set(text, name);
  }
  return name;
}

async function runRaw<T>(db: Db, text: string, params: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (isPglite(client)) return (await client.query(text, params)).rows as T[];
  return ((await (client as PgPoolLike).query({ name: hotNameOf(text), text, values: params })).rows ?? []) as T[];
}

export async function hotRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runRaw<T>(db, text, params);
}

/**
 * hotRows for a statement whose text never changes: `build` (with `sql.placeholder(name)` for the values) is turned
 * into text once per process, and each call only fills the values in.
 */
export function hotStatement<T>(build: () => SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let compiled: { sql: string; params: unknown[] } | null = null;
  return (db, values) => {
    compiled ??= dialect.sqlToQuery(build());
    return runRaw<T>(db, compiled.sql, fillPlaceholders(compiled.params, values));
  };
}
