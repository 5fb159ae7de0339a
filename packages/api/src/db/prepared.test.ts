/**
 * The hot reads' prepared statements (decision 021): on PGlite they run as server-side PREPARE/EXECUTE with
 * parameters as quoted literals; the answers must be exactly those of the ordinary query, and no value may
 * escape its literal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { findStudentInfo } from '../modules/profile/profile.repo.ts';
import { findLiveToken, insertToken } from '../modules/auth/auth.repo.ts';
import { accounts, studentProfiles } from './schema.ts';

let database: Database;
let accountId = 0;

async function preparedNames(): Promise<string[]> {
  const result = (await database.db.execute(sql`select name from pg_prepared_statements where name like 'summit_hot_%'`)) as unknown as { rows: Array<{ name: string }> };
  return result.rows.map((r) => r.name);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [account] = await database.db
    .insert(accounts)
    .values({ phone: '13912345678', phoneCode: '86', passwordHash: 'x', role: 'student', name: "O'Brien 𠮷😀", email: null })
    .returning({ id: accounts.id });
  accountId = account!.id;
  await database.db.insert(studentProfiles).values({ accountId, schoolName: "a\\b' -- ;" });
});
afterAll(async () => {
  await database.close();
});

describe('hot reads through prepared statements', () => {
  it('answer exactly what the ordinary query answers, quotes, backslashes and emoji included', async () => {
    const first = await findStudentInfo(database.db, accountId);
    const again = await findStudentInfo(database.db, accountId);
    expect(first).toEqual({
      phone: '13912345678',
      phoneCode: '86',
      name: "O'Brien 𠮷😀",
      email: null,
      schoolCountryId: null,
      schoolStateId: null,
      schoolCityId: null,
      schoolZoneId: null,
      schoolId: null,
      schoolName: "a\\b' -- ;",
      infoCompletedAt: null,
    });
    expect(again).toEqual(first);
    expect(await findStudentInfo(database.db, accountId + 1000)).toBeUndefined();
  });

  it('keep a string parameter inside its literal (no injection through a token hash)', async () => {
    const now = new Date();
    await insertToken(database.db, { tokenHash: "ab'cd\\", accountId, role: 'student', plat: null, expiresAt: new Date(now.getTime() + 60_000) });
    expect(await findLiveToken(database.db, "ab'cd\\", now)).toMatchObject({ accountId, role: 'student' });
    for (const attack of ["' or '1'='1", "x') or true --", "\\' or 1=1 --", "'; DEALLOCATE ALL; --"]) {
      expect(await findLiveToken(database.db, attack, now), attack).toBeUndefined();
    }
    // An expired token stays expired: the timestamp parameter is compared, not ignored.
    expect(await findLiveToken(database.db, "ab'cd\\", new Date(now.getTime() + 120_000))).toBeUndefined();
  });

  it.runIf(!process.env.DATABASE_URL)('on PGlite, are one server-side statement each, prepared once', async () => {
    await findStudentInfo(database.db, accountId);
    await findLiveToken(database.db, 'nope', new Date());
    const names = await preparedNames();
    expect(names.length).toBe(2);
    await findStudentInfo(database.db, accountId);
    await findLiveToken(database.db, 'still nope', new Date());
    expect((await preparedNames()).length).toBe(2);
  });

  it('answer timestamps exactly as drizzle does, to the microsecond the column keeps', async () => {
    // The prepared statement returns drizzle's text-kept columns (timestamptz here) as text itself, so EXECUTE
    // runs without drizzle's parser option, which made PGlite copy its parser table on every result (decision 095).
    await database.db.execute(sql`update student_profiles set info_completed_at = '2026-07-01 09:30:15.123456+08' where account_id = ${accountId}`);
    const plain = await database.db.select({ at: studentProfiles.infoCompletedAt }).from(studentProfiles).where(eq(studentProfiles.accountId, accountId));
    const prepared = await findStudentInfo(database.db, accountId);
    expect(prepared?.infoCompletedAt).toEqual(plain[0]!.at);
    expect(prepared?.infoCompletedAt?.toISOString()).toBe('2026-07-01T01:30:15.123Z');
    const token = await findLiveToken(database.db, "ab'cd\\", new Date());
    expect(token?.expiresAt).toBeInstanceOf(Date);
    await database.db.execute(sql`update student_profiles set info_completed_at = null where account_id = ${accountId}`);
  });

  it.runIf(!process.env.DATABASE_URL)('on PGlite, recover when the session forgets its statements', async () => {
    await database.db.execute(sql`deallocate all`);
    expect(await preparedNames()).toEqual([]);
    expect((await findStudentInfo(database.db, accountId))?.phone).toBe('13912345678');
    expect((await findStudentInfo(database.db, accountId))?.phone).toBe('13912345678');
    expect((await preparedNames()).length).toBe(1);
  });
});
