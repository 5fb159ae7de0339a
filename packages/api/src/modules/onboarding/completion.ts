/**
 * The checklist's completion entries for sign-ups (decision 046): which students have done it, per kind.
 * major_confirmed: the student holds a confirmed major. One query for many students.
 */
import { offeringKindOfCompletion, type SignupCompletionKind } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentsWithSignupOfKind } from './onboarding.repo.ts';

export function studentsSignedUp(db: Db, studentIds: readonly number[], kind: SignupCompletionKind): Promise<Set<number>> {
  return studentsWithSignupOfKind(db, studentIds, offeringKindOfCompletion(kind));
}
