/**
 * Pure logic of /student/apply: which step to show, how form values become the API's step data and back,
 * where a server field error lands, and the countdown text. No React, no antd: tested on its own.
 */
import type { ApplyState } from '@summit/domain/api/application';
import type { DeadlineKey } from '@summit/domain/constants';

export type ApplyView = 'step1' | 'fee' | 'step2' | 'done';

/** antd Steps index of each view (1 基本信息 · 缴纳申请费 · 2 申请材料; done = all three finished). */
export const VIEW_STEP_INDEX: Record<ApplyView, number> = { step1: 0, fee: 1, step2: 2, done: 3 };

/**
 * The view for the student's progress. `?step=1` re-opens the (read-only) step 1 once submitted;
 * `?step=2` asks for step 2, which still needs step 1 and the fee (else the earlier view shows).
 */
export function applyViewOf(state: Pick<ApplyState, 'step1_submitted' | 'step2_submitted' | 'is_apply_paid'>, tuitionPaid: boolean, requested: string | null): ApplyView {
  if (!state.step1_submitted) return 'step1';
  if (requested === '1') return 'step1';
  if (state.step2_submitted) return requested === '2' ? 'step2' : 'done';
  const paid = state.is_apply_paid || tuitionPaid;
  if (!paid) return 'fee';
  return 'step2';
}

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/**
 * A draft keeps only what the student has filled: empty inputs are left out (the server checks every
 * present field), half-filled activities keep their filled parts, and entirely empty ones are dropped.
 */
export function draftDataOf(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'activities' && Array.isArray(value)) {
      const items = value
        .map((item) => (item && typeof item === 'object' ? draftDataOf(item as Record<string, unknown>) : {}))
        .filter((item) => Object.keys(item).length > 0);
      if (items.length > 0) out.activities = items;
      continue;
    }
    if (key === 'school' && value && typeof value === 'object') {
      const school = value as { school_id?: number | null; school_name?: string };
      if (!isBlank(school.school_name)) {
        out.school_name = school.school_name!.trim();
        out.school_id = school.school_id ?? null;
      }
      continue;
    }
    if (!isBlank(value)) out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Everything, for submission: the server reports the first missing or invalid field. */
export function submitDataOf(values: Record<string, unknown>): Record<string, unknown> {
  const out = draftDataOf(values);
  if ('english_test' in out && out.english_test === 'NONE') out.english_score = '';
  if (!('activities' in out) && 'english_test' in values) out.activities = [];
  if ('english_test' in values && !('attachment' in out)) out.attachment = null;
  return out;
}

/** Stored step 1 answers → form values (school as the SchoolSelect's one value). */
export function step1FormValuesOf(stored: Record<string, unknown>, profileSchool: ApplyState['profile_school']): Record<string, unknown> {
  const { school_id, school_name, ...rest } = stored;
  const hasOwn = typeof school_name === 'string' && school_name !== '';
  return {
    ...rest,
    school: hasOwn
      ? { school_id: typeof school_id === 'number' ? school_id : null, school_name }
      : { school_id: profileSchool.school_id, school_name: profileSchool.school_name ?? '' },
  };
}

/**
 * A server field ('school_name', 'activities.0.description', 'attachment.url') → the antd name path of the
 * form item that shows it, or null when the form has no such item.
 */
export function formFieldOf(serverField: string, formFields: readonly string[]): Array<string | number> | null {
  if (serverField === 'school_id' || serverField === 'school_name') return formFields.includes('school') ? ['school'] : null;
  const parts = serverField.split('.');
  const head = parts[0] ?? '';
  if (!formFields.includes(head)) return null;
  if (head === 'attachment') return ['attachment'];
  if (head === 'activities' && parts.length >= 3 && /^\d+$/.test(parts[1] ?? '')) return ['activities', Number(parts[1]), parts[2] ?? ''];
  return [head];
}

export const STEP1_FORM_FIELDS = [
  'legal_name',
  'gender',
  'birth_date',
  'card_type',
  'card_number',
  'school',
  'grade',
  'guardian_name',
  'guardian_relation',
  'guardian_phone',
  'guardian_consent',
  'session_preference',
  'track_preference',
] as const;

export const STEP2_FORM_FIELDS = ['essay_motivation', 'essay_question', 'english_test', 'english_score', 'activities', 'attachment'] as const;

/** Server fields the form shows under its inputs (the api client then does not toast them). */
export function serverFieldNames(formFields: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of formFields) {
    if (f === 'school') out.push('school_id', 'school_name');
    else if (f === 'attachment') out.push('attachment', 'attachment.url', 'attachment.name');
    else if (f === 'activities') {
      out.push('activities');
      for (let i = 0; i < 5; i += 1) for (const sub of ['name', 'role', 'description']) out.push(`activities.${i}.${sub}`);
    } else out.push(f);
  }
  return out;
}

/** '12天 03:04:05' until the deadline; '已截止' once passed. */
export function countdownText(deadlineMs: number, nowMs: number): string {
  const left = Math.floor((deadlineMs - nowMs) / 1000);
  if (left < 0) return '已截止';
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}

/** Which deadline the student is racing: step 1 against the early rounds and RD, step 2 against MRD. */
export function relevantDeadline(
  view: ApplyView,
  deadlines: ReadonlyArray<{ key: DeadlineKey; deadline: string }>,
  nowMs: number,
): { key: DeadlineKey; deadline: string } | null {
  const keys: DeadlineKey[] = view === 'step1' ? ['EB1', 'EB2', 'RD'] : view === 'done' ? [] : ['MRD'];
  for (const key of keys) {
    const item = deadlines.find((d) => d.key === key);
    if (item && new Date(item.deadline).getTime() >= nowMs) return item;
  }
  return null;
}
