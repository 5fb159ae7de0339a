/** The PostgreSQL error code (23505 unique, 23503 foreign key…), whether bare or wrapped by Drizzle. */
export function pgErrorCode(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}
