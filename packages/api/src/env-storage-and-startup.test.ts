/** Configuration of upload retention and the interrupted-start test hook (decisions 022, 023). */
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('upload retention and start-up configuration', () => {
  it('keeps replaced and abandoned uploads 30 days and sweeps hourly by default', () => {
    expect(loadEnv({})).toMatchObject({ UPLOAD_RETENTION_DAYS: 30, UPLOAD_SWEEP_INTERVAL_MINUTES: 60 });
    expect(loadEnv({ UPLOAD_RETENTION_DAYS: '90', UPLOAD_SWEEP_INTERVAL_MINUTES: '5' })).toMatchObject({ UPLOAD_RETENTION_DAYS: 90, UPLOAD_SWEEP_INTERVAL_MINUTES: 5 });
  });

  it('refuses a retention that would delete files at once, or never, and a sweep interval out of range', () => {
    for (const bad of ['0', '-1', '1.5', 'thirty', '3651']) expect(() => loadEnv({ UPLOAD_RETENTION_DAYS: bad }), bad).toThrow(/UPLOAD_RETENTION_DAYS/);
    for (const bad of ['0', '1441', 'hourly']) expect(() => loadEnv({ UPLOAD_SWEEP_INTERVAL_MINUTES: bad }), bad).toThrow(/UPLOAD_SWEEP_INTERVAL_MINUTES/);
  });

  it('accepts the STARTUP_KILL_AT test hook only with NODE_ENV=test, and only its known points', () => {
    expect(loadEnv({ NODE_ENV: 'test', STARTUP_KILL_AT: 'demo-seed' }).STARTUP_KILL_AT).toBe('demo-seed');
    expect(() => loadEnv({ STARTUP_KILL_AT: 'demo-seed' })).toThrow(/STARTUP_KILL_AT.*NODE_ENV=test/);
    expect(() => loadEnv({ NODE_ENV: 'test', STARTUP_KILL_AT: 'somewhere' })).toThrow(/STARTUP_KILL_AT/);
    expect(loadEnv({}).STARTUP_KILL_AT).toBeUndefined();
  });
});
