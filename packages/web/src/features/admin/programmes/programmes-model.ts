/**
 * The 其他项目 editor's form model (decision 075), pure and unit-tested: a programme definition as the
 * form holds it (yuan, pickers, one option per line) and back, the domain schema's issues placed on the form's
 * fields, and the labels of the applications list.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { programmeCreateRequestSchema, type ADMIN_APPLICATION_FILTERS, type AdminProgrammeApplicationRow, type ProgrammeAnswer } from '@summit/domain/api/programmes';
import type { DueRule } from '@summit/domain/fee-plan';
import { MSG } from '@summit/domain/messages';
import { programmeDefinitionSchema, type ApplicantRole, type FeeMode, type ProgrammeDefinition, type ProgrammeStatus, type QuestionType, type UploadRole } from '@summit/domain/programmes';
import { beijingWallClockToIso } from '../shell/admin-format.ts';
import { fenToYuan, yuanToFen } from '../money/money.ts';

/** docs/product/users-and-roles.md active_type values an admin may restrict a programme to. */
export const ACTIVE_TYPE_OPTIONS = [
  { value: 1, label: '学生 1' },
  { value: 3, label: 'SSI 3' },
  { value: 4, label: '志愿者 4' },
  { value: 8, label: '实习生 8' },
  { value: 12, label: '志愿实习生 12' },
] as const;

export const APPLICANT_ROLE_LABELS: Record<ApplicantRole, string> = { student: '学生', sl: '学生领袖' };

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  radio: '单选',
  checkbox: '多选',
  select: '下拉选择',
  date: '日期',
  upload: '上传文件',
};
export const CHOICE_TYPES: readonly QuestionType[] = ['radio', 'checkbox', 'select'];

export type ApplicationFilter = (typeof ADMIN_APPLICATION_FILTERS)[number];
export const APPLICATION_FILTER_LABELS: Record<ApplicationFilter, string> = {
  all: '全部',
  draft: '填写中',
  submitted: '已提交',
  decided: '已决定未发布',
  released: '已发布',
  admitted: '录取',
  rejected: '未录取',
  waitlisted: '候补',
};

// Form values --------------------------------------------------------------------------------------------------

export interface DueField {
  kind: 'after_offer' | 'date';
  days?: number | null;
  at?: Dayjs | null;
}

export interface QuestionField {
  key: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** Choice types: one option per line. */
  options_text?: string;
  max_length?: number | null;
  hint?: string;
  upload_role?: UploadRole;
}

export interface ProgrammeFormValues {
  code?: string;
  name: string;
  summary: string;
  status: ProgrammeStatus;
  applicant_role: ApplicantRole;
  apply_opens_at?: Dayjs | null;
  apply_closes_at?: Dayjs | null;
  ends_on?: Dayjs | null;
  eligibility: { active_types: number[]; secondary_only: boolean; early_batch_only: boolean; required_tag?: string; hidden_on_amc: boolean };
  steps: Array<{ key: string; title: string; questions: QuestionField[] }>;
  fees: {
    apply_fee_yuan?: number | null;
    mode: FeeMode;
    fee_yuan?: number | null;
    deposit_yuan?: number | null;
    whole_due: DueField;
    deposit_due: DueField;
    final_due: DueField;
    durations: Array<{ key: string; label: string; weeks?: number | null; fee_yuan?: number | null }>;
    parent_pay: boolean;
  };
  documents: { passport: boolean; visa: boolean };
  offer_types: Array<{ key: string; label: string }>;
  intro_html: string;
  course_html: string;
  announcement_html: string;
  weeks: Array<{ week?: number | null; title: string; opens_at?: Dayjs | null; content_html: string; tasks_text?: string }>;
}

const beijing = (iso: string) => dayjs(iso).tz('Asia/Shanghai');
const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
/** A yuan figure → fen; -1 (refused by the schema with 费用无效) when it is not an amount. */
const fen = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? 0 : (yuanToFen(yuan) ?? -1));
const toDueField = (r: DueRule): DueField => (r.kind === 'date' ? { kind: 'date', at: beijing(r.at) } : { kind: 'after_offer', days: r.days });
/** An unpicked date stays invalid (the schema answers 截止时间无效) rather than turning into "now". */
const toDueRule = (f: DueField): DueRule => (f.kind === 'date' ? { kind: 'date', at: f.at ? beijingWallClockToIso(f.at) : '' } : { kind: 'after_offer', days: f.days ?? 0 });

/** A new programme: open to students, free, one step with one question (the schema needs a step and a question). */
export function newProgrammeDefinition(): ProgrammeDefinition {
  const due: DueRule = { kind: 'after_offer', days: 14 };
  return {
    name: '',
    summary: '',
    applicant_role: 'student',
    status: 'draft',
    apply_opens_at: null,
    apply_closes_at: null,
    ends_on: null,
    eligibility: { active_types: [], secondary_only: false, early_batch_only: false, required_tag: null, hidden_on_amc: false },
    steps: [{ key: 'step1', title: '基本信息', questions: [{ key: 'q1', label: '', type: 'text', required: true }] }],
    fees: { apply_fee_fen: 0, mode: 'none', fee_fen: 0, deposit_fen: 0, whole_due: due, deposit_due: due, final_due: { kind: 'after_offer', days: 30 }, durations: [], parent_pay: false },
    documents: { passport: false, visa: false },
    offer_types: [],
    intro_html: '',
    course_html: '',
    announcement_html: '',
    weeks: [],
  };
}

export function definitionToForm(def: ProgrammeDefinition, code?: string): ProgrammeFormValues {
  return {
    ...(code !== undefined ? { code } : {}),
    name: def.name,
    summary: def.summary,
    status: def.status,
    applicant_role: def.applicant_role,
    apply_opens_at: def.apply_opens_at ? beijing(def.apply_opens_at) : null,
    apply_closes_at: def.apply_closes_at ? beijing(def.apply_closes_at) : null,
    ends_on: def.ends_on ? dayjs(def.ends_on) : null,
    eligibility: { ...def.eligibility, required_tag: def.eligibility.required_tag ?? '' },
    steps: def.steps.map((s) => ({
      key: s.key,
      title: s.title,
      questions: s.questions.map((q) => ({
        key: q.key,
        label: q.label,
        type: q.type,
        required: q.required,
        options_text: (q.options ?? []).join('\n'),
        max_length: q.max_length ?? null,
        hint: q.hint ?? '',
        upload_role: q.upload_role ?? 'student',
      })),
    })),
    fees: {
      apply_fee_yuan: fenToYuan(def.fees.apply_fee_fen),
      mode: def.fees.mode,
      fee_yuan: fenToYuan(def.fees.fee_fen),
      deposit_yuan: fenToYuan(def.fees.deposit_fen),
      whole_due: toDueField(def.fees.whole_due),
      deposit_due: toDueField(def.fees.deposit_due),
      final_due: toDueField(def.fees.final_due),
      durations: def.fees.durations.map((d) => ({ key: d.key, label: d.label, weeks: d.weeks, fee_yuan: fenToYuan(d.fee_fen) })),
      parent_pay: def.fees.parent_pay,
    },
    documents: { ...def.documents },
    offer_types: def.offer_types.map((o) => ({ ...o })),
    intro_html: def.intro_html,
    course_html: def.course_html,
    announcement_html: def.announcement_html,
    weeks: def.weeks.map((w) => ({ week: w.week, title: w.title, opens_at: beijing(w.opens_at), content_html: w.content_html, tasks_text: w.tasks.join('\n') })),
  };
}

export function formToDefinition(v: ProgrammeFormValues): ProgrammeDefinition {
  return {
    name: (v.name ?? '').trim(),
    summary: (v.summary ?? '').trim(),
    applicant_role: v.applicant_role,
    status: v.status,
    apply_opens_at: v.apply_opens_at ? beijingWallClockToIso(v.apply_opens_at) : null,
    apply_closes_at: v.apply_closes_at ? beijingWallClockToIso(v.apply_closes_at) : null,
    ends_on: v.ends_on ? v.ends_on.format('YYYY-MM-DD') : null,
    eligibility: {
      active_types: [...(v.eligibility?.active_types ?? [])].sort((a, b) => a - b),
      secondary_only: Boolean(v.eligibility?.secondary_only),
      early_batch_only: Boolean(v.eligibility?.early_batch_only),
      required_tag: v.eligibility?.required_tag?.trim() || null,
      hidden_on_amc: Boolean(v.eligibility?.hidden_on_amc),
    },
    steps: (v.steps ?? []).map((s) => ({
      key: (s.key ?? '').trim(),
      title: (s.title ?? '').trim(),
      questions: (s.questions ?? []).map((q) => {
        const out: ProgrammeDefinition['steps'][number]['questions'][number] = { key: (q.key ?? '').trim(), label: (q.label ?? '').trim(), type: q.type, required: Boolean(q.required) };
        if (CHOICE_TYPES.includes(q.type)) out.options = lines(q.options_text);
        if ((q.type === 'text' || q.type === 'textarea') && q.max_length) out.max_length = q.max_length;
        if (q.hint?.trim()) out.hint = q.hint.trim();
        if (q.type === 'upload') out.upload_role = q.upload_role ?? 'student';
        return out;
      }),
    })),
    fees: {
      apply_fee_fen: fen(v.fees.apply_fee_yuan),
      mode: v.fees.mode,
      fee_fen: v.fees.mode === 'none' ? 0 : fen(v.fees.fee_yuan),
      deposit_fen: v.fees.mode === 'split' ? fen(v.fees.deposit_yuan) : 0,
      whole_due: toDueRule(v.fees.whole_due),
      deposit_due: toDueRule(v.fees.deposit_due),
      final_due: toDueRule(v.fees.final_due),
      durations: (v.fees.durations ?? []).map((d) => ({ key: (d.key ?? '').trim(), label: (d.label ?? '').trim(), weeks: d.weeks ?? 0, fee_fen: fen(d.fee_yuan) })),
      parent_pay: Boolean(v.fees.parent_pay),
    },
    documents: { passport: Boolean(v.documents?.passport), visa: Boolean(v.documents?.visa) },
    offer_types: (v.offer_types ?? []).map((o) => ({ key: (o.key ?? '').trim(), label: (o.label ?? '').trim() })),
    intro_html: v.intro_html ?? '',
    course_html: v.course_html ?? '',
    announcement_html: v.announcement_html ?? '',
    weeks: (v.weeks ?? []).map((w) => ({
      week: w.week ?? 0,
      title: (w.title ?? '').trim(),
      opens_at: w.opens_at ? beijingWallClockToIso(w.opens_at) : '',
      content_html: w.content_html ?? '',
      tasks: lines(w.tasks_text),
    })),
  };
}

// Errors on fields -------------------------------------------------------------------------------------------

export type FormPath = Array<string | number>;

/**
 * Where a definition path (the schema's issue path, or the server's `data.field` such as
 * definition.steps.0.questions.1.options.2) is on the form: fen fields are yuan fields, options and tasks are one
 * text box each, a due rule's days or date is the rule's input. Null when the form has no such field.
 */
export function formPathOf(path: ReadonlyArray<PropertyKey> | string): FormPath | null {
  const raw = typeof path === 'string' ? path.split('.').filter(Boolean) : path.map(String);
  const parts: FormPath = raw.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] === 'definition') parts.shift();
  if (parts.length === 0) return null;
  const out: FormPath = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (typeof p === 'string' && p.endsWith('_fen')) {
      out.push(`${p.slice(0, -4)}_yuan`);
      break;
    }
    if (p === 'options' || p === 'tasks') {
      out.push(`${p === 'options' ? 'options' : 'tasks'}_text`);
      break;
    }
    if ((p === 'whole_due' || p === 'deposit_due' || p === 'final_due') && out[out.length - 1] === 'fees') {
      const next = parts[i + 1];
      out.push(p, next === 'at' ? 'at' : 'days');
      break;
    }
    out.push(p);
  }
  return out;
}

export interface FieldError {
  name: FormPath;
  errors: string[];
}

/** Checks beyond the schema that the server makes as well: keys unique, choices with options. */
function modelErrors(def: ProgrammeDefinition): FieldError[] {
  const errors: FieldError[] = [];
  const stepKeys = new Set<string>();
  def.steps.forEach((s, si) => {
    if (stepKeys.has(s.key)) errors.push({ name: ['steps', si, 'key'], errors: [MSG.PROGRAMME_KEY_DUPLICATE] });
    stepKeys.add(s.key);
    const keys = new Set<string>();
    s.questions.forEach((q, qi) => {
      if (keys.has(q.key)) errors.push({ name: ['steps', si, 'questions', qi, 'key'], errors: [MSG.PROGRAMME_KEY_DUPLICATE] });
      keys.add(q.key);
      if (CHOICE_TYPES.includes(q.type) && (q.options ?? []).length === 0) errors.push({ name: ['steps', si, 'questions', qi, 'options_text'], errors: [MSG.PROGRAMME_OPTIONS_REQUIRED] });
    });
  });
  return errors;
}

export type ProgrammeFormCheck = { ok: true; definition: ProgrammeDefinition; code?: string } | { ok: false; errors: FieldError[]; /** Issues no form field shows. */ messages: string[] };

/** The domain schema over the form's values: the request body, or every issue placed on its field. */
export function checkProgrammeForm(values: ProgrammeFormValues, creating: boolean): ProgrammeFormCheck {
  const definition = formToDefinition(values);
  const code = (values.code ?? '').trim();
  const parsed = creating ? programmeCreateRequestSchema.safeParse({ code, definition }) : programmeDefinitionSchema.safeParse(definition);
  const errors: FieldError[] = [];
  const messages: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = formPathOf(creating ? issue.path : ['definition', ...issue.path]);
      if (!name) messages.push(issue.message);
      else if (!errors.some((e) => e.name.join('.') === name.join('.'))) errors.push({ name, errors: [issue.message] });
    }
  }
  for (const e of modelErrors(definition)) if (!errors.some((x) => x.name.join('.') === e.name.join('.'))) errors.push(e);
  if (errors.length > 0 || messages.length > 0) return { ok: false, errors, messages };
  return creating ? { ok: true, definition, code } : { ok: true, definition };
}

// The applications list ----------------------------------------------------------------------------------------

/** One line of an answer: text as typed, choices joined, files by name (the drawer links them). */
export function answerText(value: ProgrammeAnswer | null): string {
  if (value === null || value === undefined) return '未填写';
  if (typeof value === 'string') return value.trim() === '' ? '未填写' : value;
  if (value.length === 0) return '未填写';
  return value.map((v) => (typeof v === 'string' ? v : v.name)).join('、');
}

/** The 决定 column: 录取（草稿）, 未录取（已发布）, or a dash. */
export function decisionText(row: Pick<AdminProgrammeApplicationRow, 'decision'>, labels: Record<string, string>, offerLabels: Record<string, string> = {}): string {
  const d = row.decision;
  if (!d) return '—';
  const offer = d.offer_type ? ` · ${offerLabels[d.offer_type] ?? d.offer_type}` : '';
  return `${labels[d.decision] ?? d.decision}${offer}${d.released_at ? '' : '（草稿）'}`;
}

/** Rows whose decision is a draft may be released. */
export const releasable = (row: Pick<AdminProgrammeApplicationRow, 'decision'>) => row.decision !== null && row.decision.released_at === null;
