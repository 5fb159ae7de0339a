import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.ts';

describe('data directory lock', () => {
  it('refuses a second holder while the first is alive, and frees on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'summit-lock-'));
    const first = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'summit.lock'), 'utf8')).toBe(String(process.pid));
    // Pretend another live process (our parent) holds it.
    writeFileSync(path.join(dir, 'summit.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Summit process/);
    writeFileSync(path.join(dir, 'summit.lock'), String(process.pid));
    first.release();
    expect(existsSync(path.join(dir, 'summit.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'summit-lock-'));
    writeFileSync(path.join(dir, 'summit.lock'), '999999999');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'summit.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
