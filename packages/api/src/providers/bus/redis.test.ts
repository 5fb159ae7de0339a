/**
 * With REDIS_URL (decision 038): two instances count rate limits in Redis — the flood guard and the sensitive
 * routes alike — and pass cache invalidations over Redis pub/sub. Runs only when REDIS_URL points at a Redis
 * the test may write to (keys under summit:rl:, channel summit:bus); skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newPhone } from '../../test/flows.ts';
import { createPeerApp, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMessageBus, openRedis, type RedisConnections } from './create-message-bus.ts';
import type { BusMessage } from './message-bus.ts';

const REDIS_URL = process.env.REDIS_URL;
const LIMIT = 5;

describe.skipIf(!REDIS_URL)('two instances on Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redisA: RedisConnections;
  let redisB: RedisConnections;

  beforeAll(async () => {
    redisA = await openRedis(REDIS_URL!);
    redisB = await openRedis(REDIS_URL!);
    const env = { REDIS_URL: REDIS_URL!, SENSITIVE_RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_PER_MINUTE: '8' };
    a = await createTestApp({ env, redis: redisA, bus: () => createMessageBus({ REDIS_URL, DATABASE_URL: undefined }, { redis: redisA }) });
    b = await createPeerApp(a, { env, redis: redisB, bus: () => createMessageBus({ REDIS_URL, DATABASE_URL: undefined }, { redis: redisB }) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redisB?.close();
    await redisA?.close();
  });

  it('uses the Redis bus', () => {
    expect(a.app.ctx.bus.kind).toBe('redis');
  });

  it('counts a sensitive route across both instances', async () => {
    // A fresh address per run: Redis keeps counters between runs for a minute.
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const body = { phone_code: '86', phone: newPhone(), password: 'wrong-password-1' };
    for (let i = 0; i < LIMIT; i++) expect((await call(i % 2 ? a.app : b.app, 'POST', '/api/login', { body, ip })).http).not.toBe(429);
    expect((await call(a.app, 'POST', '/api/login', { body, ip })).http).toBe(429);
    expect((await call(b.app, 'POST', '/api/login', { body, ip })).http).toBe(429);
  });

  it('counts the flood guard across both instances too', async () => {
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 8; i++) expect((await call(i % 2 ? a.app : b.app, 'GET', '/api/clock', { ip })).http).toBe(200);
    expect((await call(a.app, 'GET', '/api/clock', { ip })).http).toBe(429);
  });

  it('carries a message from one instance to the other', async () => {
    const seen: BusMessage[] = [];
    const off = b.app.ctx.bus.subscribe((m) => seen.push(m));
    a.app.ctx.bus.publish({ channel: 'token-revoked', tokenId: 424242 });
    const deadline = Date.now() + 5_000;
    while (!seen.some((m) => m.channel === 'token-revoked' && m.tokenId === 424242)) {
      if (Date.now() > deadline) throw new Error('no message over Redis');
      await new Promise((r) => setTimeout(r, 20));
    }
    off();
  });
});
