/**
 * The completion registry (decision 046): checklist item `key` → "which of these students have done it",
 * answered from the real records, never from a tick the student could set for a form or a sign-up.
 *
 * - `form:<name>`: the onboarding form's `student_forms` row has `submitted_at` (a draft is not done).
 * - `confirm:<slug>`: the student's own 我已阅读/我已确认 row in `checklist_confirmations`.
 * - `upload:<slug>`: the file the student handed in on the checklist, a `student_forms` row named by the key.
 * - `signup:<kind>`: the onboarding module's sign-ups (`modules/onboarding/completion.ts`), one query per item.
 */
import { CHECKLIST_SIGNUP_KINDS, ONBOARDING_FORM_NAMES, isSelfConfirmedKey, isUploadKey, type ChecklistSignupKind } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentsSignedUp } from '../onboarding/completion.ts';
import { studentsWhoConfirmed, studentsWithSubmittedForm } from './checklist.repo.ts';

/** The students among `studentIds` who have done the item with this key. */
export type CompletionCheck = (db: Db, studentIds: readonly number[]) => Promise<Set<number>>;

function submittedForm(formName: string): CompletionCheck {
  return (db, ids) => studentsWithSubmittedForm(db, formName, ids);
}

function confirmed(key: string): CompletionCheck {
  return (db, ids) => studentsWhoConfirmed(db, key, ids);
}

function signedUp(kind: ChecklistSignupKind): CompletionCheck {
  return (db, ids) => studentsSignedUp(db, ids, kind);
}

const REGISTRY = new Map<string, CompletionCheck>([
  ...ONBOARDING_FORM_NAMES.map((n) => [`form:${n}`, submittedForm(n)] as const),
  ...CHECKLIST_SIGNUP_KINDS.map((k) => [`signup:${k}`, signedUp(k)] as const),
]);

/** The check for a key, or null when this deployment cannot answer for it. */
export function completionFor(key: string): CompletionCheck | null {
  if (isSelfConfirmedKey(key)) return confirmed(key);
  if (isUploadKey(key)) return submittedForm(key);
  return REGISTRY.get(key) ?? null;
}

export function isTracked(key: string): boolean {
  return completionFor(key) !== null;
}
