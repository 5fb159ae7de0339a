/**
 * Pure rules of the generic programme form (decision 075): which programme an address serves,
 * which step to show, how answers travel between the API's shape and antd's form values, and what the
 * applicant is told about the state of the application.
 */
import type { MyApplication, ProgrammeAnswer, ProgrammeFile } from '@summit/domain/api/programmes';
import type { ApplicationState, ProgrammeQuestion, ProgrammeStep } from '@summit/domain/programmes';

/** The spec's own addresses of generic pages, and the programme each serves. */
export const APPLY_ALIASES: Readonly<Record<string, string>> = {
  '/sbp/apply': 'sbp',
  '/csi/apply': 'ssi',
  '/student/additional-csi': 'ssi',
  '/volunteer/apply': 'volunteer',
  '/h-week/apply': 'hxweek',
};

/** SSI's extra form is its step keyed 'additional', on /student/additional-csi; /csi/apply shows the others. */
export const SSI_ADDITIONAL_STEP = 'additional';

/** /student/sbp101 → sbp (React Router cannot match part of a segment, so the page reads its own path). */
export function introCodeOf(pathname: string): string | null {
  const match = /^\/student\/([a-z][a-z0-9-]{1,29})101\/?$/.exec(pathname) ?? /^\/programmes\/([a-z][a-z0-9-]{1,29})\/intro\/?$/.exec(pathname);
  return match ? match[1]! : null;
}

/** The programme an apply or uploader page serves: its :code, or the alias of its fixed address. */
export function applyCodeOf(paramCode: string | undefined, pathname: string): string | null {
  if (paramCode) return paramCode;
  const clean = pathname.replace(/\/+$/, '');
  return APPLY_ALIASES[clean] ?? null;
}

/** The steps a page shows: SSI splits its additional step onto /student/additional-csi. */
export function visibleSteps(steps: readonly ProgrammeStep[], view: 'all' | 'main' | 'additional'): ProgrammeStep[] {
  if (view === 'all') return [...steps];
  const additional = steps.filter((s) => s.key === SSI_ADDITIONAL_STEP);
  if (view === 'additional') return additional.length > 0 ? additional : [...steps];
  const main = steps.filter((s) => s.key !== SSI_ADDITIONAL_STEP);
  return main.length > 0 ? main : [...steps];
}

/** Index of the first step not yet submitted (the last one when all are). */
export function firstOpenStep(steps: readonly ProgrammeStep[], submitted: readonly string[]): number {
  const index = steps.findIndex((s) => !submitted.includes(s.key));
  return index === -1 ? Math.max(steps.length - 1, 0) : index;
}

/** A step may be filled once every step before it has been submitted (the API says 请先完成前面的申请步骤). */
export function stepReachable(steps: readonly ProgrammeStep[], submitted: readonly string[], index: number): boolean {
  return steps.slice(0, index).every((s) => submitted.includes(s.key));
}

/** A submitted step, or the whole application once submitted, is read-only. */
export function stepReadOnly(app: Pick<MyApplication, 'submitted_at' | 'submitted_steps'>, stepKey: string): boolean {
  return app.submitted_at !== null || app.submitted_steps.includes(stepKey);
}

// Form values ↔ answers ---------------------------------------------------------------------------------------

/** The form's value for one question: strings, string lists, a date string, or one uploaded file. */
export type FormValue = string | string[] | ProgrammeFile | null | undefined;

function isFileList(value: ProgrammeAnswer): value is ProgrammeFile[] {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object';
}

export function answerToFormValue(question: ProgrammeQuestion, answer: ProgrammeAnswer | undefined): FormValue {
  if (answer === undefined) return question.type === 'checkbox' ? [] : question.type === 'upload' ? null : undefined;
  switch (question.type) {
    case 'upload':
      return isFileList(answer) ? answer[0]! : null;
    case 'checkbox':
      return Array.isArray(answer) && !isFileList(answer) ? (answer as string[]) : [];
    default:
      return typeof answer === 'string' ? answer : undefined;
  }
}

export function formValueToAnswer(question: ProgrammeQuestion, value: FormValue): ProgrammeAnswer | undefined {
  switch (question.type) {
    case 'upload':
      return value && typeof value === 'object' && !Array.isArray(value) ? [{ url: value.url, name: value.name }] : [];
    case 'checkbox':
      return Array.isArray(value) ? value : [];
    default:
      if (typeof value !== 'string') return undefined;
      return question.type === 'textarea' ? value : value.trim();
  }
}

export function initialFormValues(step: ProgrammeStep, saved: Record<string, ProgrammeAnswer> | undefined): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const q of step.questions) values[q.key] = answerToFormValue(q, saved?.[q.key]);
  return values;
}

/** The answers of one step from the form's values; unanswered text questions are left out of a draft. */
export function stepAnswers(step: ProgrammeStep, values: Record<string, FormValue>): Record<string, ProgrammeAnswer> {
  const answers: Record<string, ProgrammeAnswer> = {};
  for (const q of step.questions) {
    const answer = formValueToAnswer(q, values[q.key]);
    if (answer !== undefined) answers[q.key] = answer;
  }
  return answers;
}

/** Whether a question's answer counts as given (the required check before 提交本步). */
export function isAnswered(question: ProgrammeQuestion, value: FormValue): boolean {
  const answer = formValueToAnswer(question, value);
  if (answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  return answer.length > 0;
}

/** The upload questions of one uploader role, across steps, with their step: /{code}/uploader/{role}. */
export function uploadsForRole(steps: readonly ProgrammeStep[], role: string): { step: ProgrammeStep; question: ProgrammeQuestion }[] {
  const found: { step: ProgrammeStep; question: ProgrammeQuestion }[] = [];
  for (const step of steps) {
    for (const question of step.questions) {
      if (question.type === 'upload' && (question.upload_role ?? 'student') === role) found.push({ step, question });
    }
  }
  return found;
}

/** The default accepted types of an upload question (jpg, png, pdf). */
export function acceptOf(question: ProgrammeQuestion): string[] {
  return question.accept && question.accept.length > 0 ? [...question.accept] : ['jpg', 'jpeg', 'png', 'pdf'];
}

// State -----------------------------------------------------------------------------------------------------------

export type StateTone = 'neutral' | 'progress' | 'warning' | 'success' | 'danger';

export function stateTone(state: ApplicationState): StateTone {
  switch (state) {
    case 'admitted':
      return 'success';
    case 'rejected':
      return 'danger';
    case 'awaiting_fee':
    case 'waitlisted':
      return 'warning';
    case 'submitted':
      return 'progress';
    default:
      return 'neutral';
  }
}

/** One line under the state: what happens next. */
export function stateDetail(state: ApplicationState, offerLabel: string | null): string {
  switch (state) {
    case 'not_started':
      return '尚未开始申请。';
    case 'draft':
      return '申请尚未提交，草稿已为你保存。';
    case 'awaiting_fee':
      return '申请表已提交，支付申请费后进入审核。';
    case 'submitted':
      return '申请已提交，请耐心等待审核结果。';
    case 'admitted':
      return offerLabel ? `恭喜你被录取（${offerLabel}）！` : '恭喜你被录取！';
    case 'rejected':
      return '很遗憾，你本次未被录取。感谢你的申请。';
    case 'waitlisted':
      return '你已进入候补名单，如有名额将第一时间通知你。';
  }
}

/** Whether the applicant should see the form (rather than why they may not apply). */
export function blockedMessage(app: Pick<MyApplication, 'eligibility_msg' | 'window_msg' | 'state'>): string | null {
  if (app.state !== 'not_started' && app.state !== 'draft') return null;
  return app.eligibility_msg ?? app.window_msg ?? null;
}
