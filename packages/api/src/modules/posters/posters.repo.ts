import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, studentProfiles } from '../../db/schema.ts';

/** The name and school a poster shows for an account; null when the account does not exist. */
export async function posterPerson(db: Db, accountId: number): Promise<{ name: string; school: string | null } | null> {
  const [row] = await db
    .select({ name: accounts.name, school: studentProfiles.schoolName })
    .from(accounts)
    .leftJoin(studentProfiles, eq(studentProfiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}
