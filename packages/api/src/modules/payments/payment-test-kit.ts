/** Shared by the payment tests: students at a given stage, and the sandbox's buttons. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, studentProfiles } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { call, registerStudent } from '../../test/flows.ts';

export interface PayingStudent {
  token: string;
  accountId: number;
}

/** A registered student with a completed profile (and, optionally, an offer in the given state). */
export async function payingStudent(t: { app: FastifyInstance; db: Db }, opts: { infoComplete?: boolean; offer?: number | null; name?: string; step1Submitted?: boolean } = {}): Promise<PayingStudent> {
  const { token } = await registerStudent(t.app);
  const status = await call<{ user_id: number }>(t.app, 'GET', '/api/student/status', { token });
  const accountId = status.body.data!.user_id;
  await t.db.update(accounts).set({ name: opts.name ?? '张小明' }).where(eq(accounts.id, accountId));
  await t.db
    .update(studentProfiles)
    .set({
      infoCompletedAt: opts.infoComplete === false ? null : new Date(),
      step1SubmittedAt: opts.step1Submitted === false ? null : new Date(),
      offerLetter: opts.offer ?? null, offerCreatedAt: opts.offer ? new Date() : null })
    .where(eq(studentProfiles.accountId, accountId));
  return { token, accountId };
}

export async function profileOf(db: Db, accountId: number) {
  const [row] = await db.select().from(studentProfiles).where(eq(studentProfiles.accountId, accountId));
  if (!row) throw new Error(`no profile ${accountId}`);
  return row;
}

/** Presses a button on the sandbox checkout page the way a script would (JSON answer). */
export async function pressSandbox(app: FastifyInstance, orderNo: string, action: 'confirm' | 'fail') {
  return call<{ status: string }>(app, 'POST', `/api/payment/sandbox/${orderNo}/${action}`);
}
