/** Reads of programmes and applications shared by the programme modules (issue 15, decision 075). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { programmeApplications, programmes } from '../../db/schema-programmes.ts';

export type ProgrammeRow = typeof programmes.$inferSelect;
export type ProgrammeApplicationRow = typeof programmeApplications.$inferSelect;

export async function findProgrammeByCode(db: Db, code: string): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(programmes).where(eq(programmes.code, code)).limit(1);
  return row;
}

export async function findApplication(db: Db, programmeId: number, accountId: number): Promise<ProgrammeApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(programmeApplications)
    .where(and(eq(programmeApplications.programmeId, programmeId), eq(programmeApplications.accountId, accountId)))
    .limit(1);
  return row;
}
