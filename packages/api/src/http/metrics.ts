// The Prometheus side of the HTTP kit (decision 087): one registry per app (tests build many apps in one
// process), the request histogram every route feeds, and the process's own figures (CPU, memory, event-loop lag).
// What the domain adds (jobs, outboxes, payments, the database pool) registers gauges that read their figure at
// scrape time, so nothing is counted twice across processes that share one database.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  /** A gauge whose value is read when Prometheus scrapes (a count in the database, a pool's size). */
  gauge(name: string, help: string, labelNames: readonly string[], read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void): void;
}

/** Seconds: from a cached read (a few ms) to a slow export (several seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'summit_' });
  return {
    registry,
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          await read((labels, value) => this.set(labels, value));
        },
      });
    },
  };
}

/** The route's pattern, never the raw URL: ids and tokens in paths must not become label values. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return request.url.startsWith('/api/') ? 'unmatched /api' : 'app shell';
}

/** Request rate and latency by route, method and status: one histogram, observed when the answer has gone. */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const histogram = new Histogram({
    name: 'summit_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code, and how long they took',
    labelNames: ['route', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe({ route: routeLabel(request), method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/** Constant-time check of `Authorization: Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
