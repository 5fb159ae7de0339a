import type { Db } from './client.ts';

/**
 * A statement built once per database handle (hot paths: every authenticated request). Drizzle keeps the
 * SQL text; PostgreSQL keeps a named prepared statement per connection.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
