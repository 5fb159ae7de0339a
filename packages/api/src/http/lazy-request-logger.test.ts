import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLogger } from './lazy-request-logger.ts';

function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const parent = pino({ level, redact: { paths: ['password'], censor: '[redacted]' } }, stream) as unknown as FastifyBaseLogger;
  return { parent, lines };
}

describe('the request logger (decision 095)', () => {
  it('makes no child logger for lines below the level, and writes enabled lines with the request id, redacted', async () => {
    const { parent, lines } = logger('warn');
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'req-1' }, {});
    log.info('not written');
    log.debug({ password: 'x' }, 'not written');
    expect(child).not.toHaveBeenCalled();
    log.warn({ password: 'secret' }, 'written');
    log.error('again');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req-1', password: '[redacted]', msg: 'written' },
      { level: 50, reqId: 'req-1', msg: 'again' },
    ]);
    expect(log.level).toBe('warn');
    expect((log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')).toBe(false);
  });

  it("gives a route with a level of its own its child at once", () => {
    const { parent } = logger('warn');
    const child = vi.spyOn(parent, 'child');
    lazyChildLogger(parent, { reqId: 'req-2' }, { level: 'debug' });
    expect(child).toHaveBeenCalledWith({ reqId: 'req-2' }, { level: 'debug' });
  });
});
