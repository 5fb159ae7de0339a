import type { Env } from '../../env.ts';
import { LocalMessageBus, type MessageBus } from './message-bus.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** Shared Redis connections of a process (the rate-limit store and the bus's publisher use the same one). */
export interface RedisConnections {
  command: import('ioredis').Redis;
  close(): Promise<void>;
}

/**
 * Opens Redis when REDIS_URL is set; ioredis is loaded only then, so a deployment without Redis never
 * imports it.
 */
export async function openRedis(url: string): Promise<RedisConnections> {
  const { Redis } = await import('ioredis');
  const command = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await command.connect();
  return {
    command,
    close: async () => {
      await command.quit().catch(() => {});
    },
  };
}

/**
 * The process's bus: Redis pub/sub with REDIS_URL, PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else the
 * in-process one (PGlite serves a single process, so there is nobody else to tell).
 */
export async function createMessageBus(env: Pick<Env, 'DATABASE_URL' | 'REDIS_URL'>, opts: { redis?: RedisConnections; log?: Log } = {}): Promise<MessageBus> {
  if (env.REDIS_URL && opts.redis) {
    const { RedisMessageBus } = await import('./redis-message-bus.ts');
    const subscriber = opts.redis.command.duplicate();
    return new RedisMessageBus(opts.redis.command, subscriber, opts.log).connect();
  }
  if (env.DATABASE_URL) {
    const { PostgresMessageBus } = await import('./postgres-message-bus.ts');
    return new PostgresMessageBus(env.DATABASE_URL, opts.log).connect();
  }
  return new LocalMessageBus();
}
