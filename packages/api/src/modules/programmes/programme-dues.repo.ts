import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { programmeApplications, programmes } from '../../db/schema-programmes.ts';
import type { ProgrammeApplicationRow, ProgrammeRow } from './programmes.repo.ts';

/** Released admits of every programme, keyset pages by application id (the daily reminder pass walks them). */
export async function listAdmittedApplications(db: Db, afterId: number, limit: number): Promise<Array<{ app: ProgrammeApplicationRow; programme: ProgrammeRow }>> {
  return db
    .select({ app: programmeApplications, programme: programmes })
    .from(programmeApplications)
    .innerJoin(programmes, eq(programmes.id, programmeApplications.programmeId))
    .where(and(gt(programmeApplications.id, afterId), eq(programmeApplications.decision, 'admit'), isNotNull(programmeApplications.releasedAt)))
    .orderBy(asc(programmeApplications.id))
    .limit(limit);
}
