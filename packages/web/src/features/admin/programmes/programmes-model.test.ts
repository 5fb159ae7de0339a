import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { MSG } from '@summit/domain/messages';
import { programmeDefinitionSchema, type ProgrammeDefinition } from '@summit/domain/programmes';
import { answerText, checkProgrammeForm, decisionText, definitionToForm, formPathOf, formToDefinition, newProgrammeDefinition, releasable } from './programmes-model.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const hxweek: ProgrammeDefinition = {
  ...newProgrammeDefinition(),
  name: 'H-week',
  summary: '一周',
  status: 'open',
  apply_opens_at: '2026-12-01T00:00:00.000Z',
  apply_closes_at: null,
  ends_on: '2027-07-20',
  eligibility: { active_types: [3, 1], secondary_only: true, early_batch_only: false, required_tag: 'sbp_offer', hidden_on_amc: false },
  steps: [
    {
      key: 'basics',
      title: '基本信息',
      questions: [
        { key: 'why', label: '申请理由', type: 'textarea', required: true, max_length: 800 },
        { key: 'size', label: 'T恤尺码', type: 'radio', required: false, options: ['S', 'M', 'L'] },
        { key: 'letter', label: '家长同意书', type: 'upload', required: true, upload_role: 'parent' },
      ],
    },
  ],
  fees: {
    apply_fee_fen: 50_000,
    mode: 'split',
    fee_fen: 2_000_050,
    deposit_fen: 500_000,
    whole_due: { kind: 'after_offer', days: 14 },
    deposit_due: { kind: 'after_offer', days: 7 },
    final_due: { kind: 'date', at: '2027-05-31T15:59:00.000Z' },
    durations: [{ key: 'w2', label: '两周', weeks: 2, fee_fen: 1_000_000 }],
    parent_pay: true,
  },
  documents: { passport: true, visa: true },
  offer_types: [
    { key: 'hweek', label: 'H-week' },
    { key: 'xweek', label: 'X-week' },
  ],
  weeks: [{ week: 1, title: '第一周', opens_at: '2027-07-01T01:00:00.000Z', content_html: '<p>内容</p>', tasks: ['读书', '写作'] }],
};

describe('programme form model', () => {
  it('a definition goes through the form and back unchanged (yuan, Beijing pickers, one option per line)', () => {
    const back = formToDefinition(definitionToForm(hxweek));
    expect(back).toEqual({ ...hxweek, eligibility: { ...hxweek.eligibility, active_types: [1, 3] } });
    expect(programmeDefinitionSchema.safeParse(back).success).toBe(true);
  });

  it('a new programme needs a code, a name and a question label, each placed on its field', () => {
    const check = checkProgrammeForm(definitionToForm(newProgrammeDefinition(), ''), true);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const byField = Object.fromEntries(check.errors.map((e) => [e.name.join('.'), e.errors[0]]));
    expect(byField.code).toBe(MSG.PROGRAMME_CODE_INVALID);
    expect(byField.name).toBe(MSG.TEXT_REQUIRED);
    expect(byField['steps.0.questions.0.label']).toBe(MSG.TEXT_REQUIRED);
  });

  it('choices need options, keys are unique, and a bad amount is refused on its yuan field', () => {
    const form = definitionToForm(hxweek);
    form.steps[0]!.questions[1]!.options_text = '  \n ';
    form.steps[0]!.questions[2]!.key = 'why';
    form.fees.deposit_yuan = 12.345;
    const check = checkProgrammeForm(form, false);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const byField = Object.fromEntries(check.errors.map((e) => [e.name.join('.'), e.errors[0]]));
    expect(byField['fees.deposit_yuan']).toBe(MSG.FEE_INVALID);
    expect(byField['steps.0.questions.1.options_text']).toBe(MSG.PROGRAMME_OPTIONS_REQUIRED);
    expect(byField['steps.0.questions.2.key']).toBe(MSG.PROGRAMME_KEY_DUPLICATE);
  });

  it('a valid form gives the request body', () => {
    const form = definitionToForm({ ...newProgrammeDefinition(), name: '冬令营' }, 'winter-camp');
    form.steps[0]!.questions[0]!.label = '你的学校';
    const check = checkProgrammeForm(form, true);
    expect(check).toMatchObject({ ok: true, code: 'winter-camp', definition: { name: '冬令营', fees: { mode: 'none', fee_fen: 0 } } });
  });

  it('server field paths land on the form fields', () => {
    expect(formPathOf('definition.steps.0.questions.1.options.2')).toEqual(['steps', 0, 'questions', 1, 'options_text']);
    expect(formPathOf('definition.fees.durations.0.fee_fen')).toEqual(['fees', 'durations', 0, 'fee_yuan']);
    expect(formPathOf('definition.fees.final_due.at')).toEqual(['fees', 'final_due', 'at']);
    expect(formPathOf('definition.fees.final_due')).toEqual(['fees', 'final_due', 'days']);
    expect(formPathOf('definition.weeks.1.tasks.0')).toEqual(['weeks', 1, 'tasks_text']);
    expect(formPathOf('code')).toEqual(['code']);
    expect(formPathOf('definition')).toBeNull();
  });

  it('answers and decisions in words', () => {
    expect(answerText(null)).toBe('未填写');
    expect(answerText(['A', 'B'])).toBe('A、B');
    expect(answerText([{ url: '/f/1', name: '同意书.pdf' }])).toBe('同意书.pdf');
    const row = { decision: { decision: 'admit' as const, offer_type: 'hweek', note: '', decided_at: '2026-11-01T00:00:00Z', released_at: null } };
    expect(decisionText(row, { admit: '录取' }, { hweek: 'H-week' })).toBe('录取 · H-week（草稿）');
    expect(releasable(row)).toBe(true);
    expect(releasable({ decision: { ...row.decision, released_at: '2026-11-02T00:00:00Z' } })).toBe(false);
  });
});
