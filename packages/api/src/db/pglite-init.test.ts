/** Staged PGlite initialisation (decision 022): leftovers of an interrupted initdb never block a start or lose data. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from './client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data directory', () => {
  it('discards an unfinished staging directory, sets aside (never deletes) a pg an old initdb left half-made, and opens', { timeout: 600_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summit-init-'));
    dirs.push(dataDir);
    // What a kill mid-initdb leaves: a staging directory without the marker, and (older builds) a pg without pg_control.
    mkdirSync(path.join(dataDir, 'pg.initialising', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pg.initialising', 'PG_VERSION'), '18\n');
    mkdirSync(path.join(dataDir, 'pg'));
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');

    const database = await openPglite(dataDir);
    try {
      const res = await database.db.execute(sql`select count(*)::int as n from startup_steps`);
      expect((res as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, 'pg', 'global', 'pg_control'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg.initialising'))).toBe(false);
    const setAside = readdirSync(dataDir).filter((name) => name.startsWith('pg.incomplete-'));
    expect(setAside).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, setAside[0]!, 'PG_VERSION'), 'utf8')).toBe('18\n');

    // An existing cluster is opened as it is, its rows intact.
    const again = await openPglite(dataDir);
    try {
      await again.db.execute(sql`insert into startup_steps (name, completed_at) values ('probe', now())`);
    } finally {
      await again.close();
    }
    const third = await openPglite(dataDir);
    try {
      const res = await third.db.execute(sql`select name from startup_steps`);
      expect((res as unknown as { rows: Array<{ name: string }> }).rows).toEqual([{ name: 'probe' }]);
    } finally {
      await third.close();
    }
  });
});
