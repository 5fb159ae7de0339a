import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MSG, UNSTORABLE_TEXT } from '@summit/domain';

/** Field names are echoed back in the 4003; a hostile key must not make that answer long or odd. */
const MAX_FIELD_CHARS = 120;
const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE_TEXT.source, 'g');

function join(path: string, key: string): string {
  const clean = key.replace(UNSTORABLE_GLOBAL, '\uFFFD');
  const joined = path ? `${path}.${clean}` : clean;
  return joined.length > MAX_FIELD_CHARS ? `${joined.slice(0, MAX_FIELD_CHARS)}…` : joined;
}

/**
 * The dotted path of the first string (value or object key) PostgreSQL cannot store, or null. Iterative, so a
 * deeply nested JSON body cannot overflow the stack; Buffers and other binary bodies are not text.
 */
export function findUnstorableField(value: unknown, root: string): string | null {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? root || 'body' : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  const pending: Array<{ node: object; path: string }> = [{ node: value, path: root }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, path } = next;
    const isArray = Array.isArray(node);
    for (const key of Object.keys(node)) {
      if (!isArray && UNSTORABLE_TEXT.test(key)) return join(path, key);
      const item = (node as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (UNSTORABLE_TEXT.test(item)) return join(path, key);
      } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
        pending.push({ node: item, path: join(path, key) });
      }
    }
  }
  return null;
}

/** Refuses form fields a handler collected itself (multipart bodies are streamed, not parsed before the route). */
export function assertStorableFields(fields: Record<string, unknown>): void {
  const field = findUnstorableField(fields, '');
  if (field) throw AppError.param(field, MSG.TEXT_UNSTORABLE);
}

function hasKeys(record: unknown): boolean {
  if (record === null || typeof record !== 'object') return false;
  for (const key in record) {
    void key;
    return true;
  }
  return false;
}

function refusedField(request: FastifyRequest): string | null {
  // The common authenticated read has no body, query or params: three cheap checks and done.
  if (request.body !== undefined) {
    const field = findUnstorableField(request.body, '');
    if (field) return field;
  }
  if (hasKeys(request.query)) {
    const field = findUnstorableField(request.query, '');
    if (field) return field;
  }
  if (hasKeys(request.params)) {
    const field = findUnstorableField(request.params, '');
    if (field) return field;
  }
  return null;
}

const MULTIPART = /^multipart\//i;
const BOUNDARY = /;\s*boundary=/i;

/**
 * One check at the edge for every route (docs/decisions/020): after the body is parsed and
 * before the route's schema runs, a string PostgreSQL cannot store — in the JSON body, the query string or a
 * path parameter — is a 4003 naming the field, never a 500 from the database. A multipart body without a
 * boundary is refused here too, before the route's form parser would throw on it.
 * A callback hook, not an async one: it runs on every request, the hot reads included (decision 021).
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && MULTIPART.test(type) && !BOUNDARY.test(type)) {
      done(AppError.param('body', MSG.UPLOAD_FORM_MALFORMED) as unknown as FastifyError);
      return;
    }
    const field = refusedField(request);
    if (field) done(AppError.param(field, MSG.TEXT_UNSTORABLE) as unknown as FastifyError);
    else done();
  });
}
