/**
 * The completion registry (decision 046): checklist item `key` → "which of these students have done it",
 * answered from the real records, never from a tick the student could set for a form or a sign-up.
 *
 * - `form:<name>`: the onboarding form's `student_forms` row has `submitted_at` (a draft is not done).
 * - `confirm:<slug>`: the student's own 我已阅读/我已确认 row in `checklist_confirmations`.
 * - `upload:<slug>`: the file the student handed in on the checklist, a `student_forms` row named by the key.
 * - `signup:<kind>`: the onboarding module's sign-ups (`modules/onboarding/completion.ts`), one query per item.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { CHECKLIST_SIGNUP_KINDS, ONBOARDING_FORM_NAMES, isSelfConfirmedKey, isUploadKey, type ChecklistSignupKind } from '@summit/domain';
import type { Db } from '../../db/client.ts';
import { studentForms } from '../../db/schema-admission.ts';
import { checklistConfirmations } from '../../db/schema-checklist.ts';
import { studentsSignedUp } from '../onboarding/completion.ts';

/** The students among `studentIds` who have done the item with this key. */
export type CompletionCheck = (db: Db, studentIds: readonly number[]) => Promise<Set<number>>;

function submittedForm(formName: string): CompletionCheck {
  return async (db, ids) => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: studentForms.accountId })
      .from(studentForms)
      .where(and(eq(studentForms.formName, formName), isNotNull(studentForms.submittedAt), inArray(studentForms.accountId, [...ids])));
    return new Set(rows.map((r) => r.id));
  };
}

function confirmed(key: string): CompletionCheck {
  return async (db, ids) => {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: checklistConfirmations.studentId })
      .from(checklistConfirmations)
      .where(and(eq(checklistConfirmations.key, key), inArray(checklistConfirmations.studentId, [...ids])));
    return new Set(rows.map((r) => r.id));
  };
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
