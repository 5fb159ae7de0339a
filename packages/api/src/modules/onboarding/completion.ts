/**
 * The checklist's completion registry entries for sign-ups (issue 17 item 1; helper "obforms" wires them):
 * "has this student done it" per kind. major_confirmed: the student holds a confirmed major.
 */
import { offeringKindOfCompletion, type SignupCompletionKind } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { hasSignupOfKind } from './onboarding.repo.ts';

export function hasSignedUp(db: Db, studentId: number, kind: SignupCompletionKind): Promise<boolean> {
  return hasSignupOfKind(db, studentId, offeringKindOfCompletion(kind));
}
