import { describe, expect, it } from 'vitest';
import type { ProgrammeQuestion, ProgrammeStep } from '@summit/domain/programmes';
import {
  answerToFormValue,
  applyCodeOf,
  blockedMessage,
  firstOpenStep,
  formValueToAnswer,
  initialFormValues,
  introCodeOf,
  isAnswered,
  stepAnswers,
  stepReachable,
  stepReadOnly,
  uploadsForRole,
  visibleSteps,
} from './apply-model.ts';

const q = (key: string, type: ProgrammeQuestion['type'], extra: Partial<ProgrammeQuestion> = {}): ProgrammeQuestion => ({ key, label: key, type, required: true, ...extra });
const steps: ProgrammeStep[] = [
  { key: 'basic', title: '基本信息', questions: [q('motivation', 'textarea'), q('grade', 'select', { options: ['高一', '高二'] }), q('topics', 'checkbox', { options: ['a', 'b'] })] },
  { key: 'materials', title: '材料', questions: [q('transcript', 'upload'), q('consent', 'upload', { upload_role: 'parent', required: false })] },
  { key: 'additional', title: '补充', questions: [q('born', 'date')] },
];

describe('programme addresses', () => {
  it('reads the code from :code or from the spec address it serves', () => {
    expect(applyCodeOf('deans-list', '/deans-list/apply')).toBe('deans-list');
    expect(applyCodeOf(undefined, '/csi/apply')).toBe('ssi');
    expect(applyCodeOf(undefined, '/h-week/apply/')).toBe('hxweek');
    expect(applyCodeOf(undefined, '/student/additional-csi')).toBe('ssi');
    expect(applyCodeOf(undefined, '/nowhere')).toBeNull();
    expect(introCodeOf('/student/sbp101')).toBe('sbp');
    expect(introCodeOf('/student/deans-list101')).toBe('deans-list');
    expect(introCodeOf('/student/manage')).toBeNull();
    expect(introCodeOf('/programmes/summer-lab/intro')).toBe('summer-lab');
  });
});

describe('steps', () => {
  it('splits SSI: the additional step on its own page, the rest on /csi/apply', () => {
    expect(visibleSteps(steps, 'main').map((s) => s.key)).toEqual(['basic', 'materials']);
    expect(visibleSteps(steps, 'additional').map((s) => s.key)).toEqual(['additional']);
    expect(visibleSteps(steps.slice(0, 2), 'additional').map((s) => s.key)).toEqual(['basic', 'materials']);
  });

  it('opens at the first step not submitted and only lets a step be filled after the ones before it', () => {
    expect(firstOpenStep(steps, [])).toBe(0);
    expect(firstOpenStep(steps, ['basic'])).toBe(1);
    expect(firstOpenStep(steps, ['basic', 'materials', 'additional'])).toBe(2);
    expect(stepReachable(steps, ['basic'], 1)).toBe(true);
    expect(stepReachable(steps, ['basic'], 2)).toBe(false);
  });

  it('is read-only once the step or the whole application is submitted', () => {
    expect(stepReadOnly({ submitted_at: null, submitted_steps: ['basic'] }, 'basic')).toBe(true);
    expect(stepReadOnly({ submitted_at: null, submitted_steps: ['basic'] }, 'materials')).toBe(false);
    expect(stepReadOnly({ submitted_at: '2027-01-01T00:00:00Z', submitted_steps: [] }, 'materials')).toBe(true);
  });
});

describe('answers', () => {
  it('round-trips every question type between the API and the form', () => {
    const file = { url: '/files/a.pdf', name: 'a.pdf' };
    const [basic, materials, additional] = steps as [ProgrammeStep, ProgrammeStep, ProgrammeStep];
    const values = initialFormValues(basic, { motivation: '想参加', grade: '高一', topics: ['a'] });
    expect(values).toEqual({ motivation: '想参加', grade: '高一', topics: ['a'] });
    expect(stepAnswers(basic, values)).toEqual({ motivation: '想参加', grade: '高一', topics: ['a'] });

    const up = initialFormValues(materials, { transcript: [file] });
    expect(up).toEqual({ transcript: file, consent: null });
    expect(stepAnswers(materials, up)).toEqual({ transcript: [file], consent: [] });

    expect(stepAnswers(additional, { born: '2010-05-01' })).toEqual({ born: '2010-05-01' });
    // A draft leaves out text never typed rather than sending an empty answer of the wrong kind.
    expect(stepAnswers(basic, {})).toEqual({ topics: [] });
  });

  it('trims one-line text but keeps a long answer as typed', () => {
    expect(formValueToAnswer(q('name', 'text'), '  张三 ')).toBe('张三');
    expect(formValueToAnswer(q('essay', 'textarea'), ' 第一段\n')).toBe(' 第一段\n');
    expect(answerToFormValue(q('name', 'text'), ['x'])).toBeUndefined();
  });

  it('counts an answer as given only when it has content', () => {
    expect(isAnswered(q('a', 'text'), '   ')).toBe(false);
    expect(isAnswered(q('a', 'text'), '好')).toBe(true);
    expect(isAnswered(q('a', 'checkbox'), [])).toBe(false);
    expect(isAnswered(q('a', 'upload'), null)).toBe(false);
    expect(isAnswered(q('a', 'upload'), { url: '/x', name: 'x.pdf' })).toBe(true);
  });

  it('lists the uploads of one role across steps (student is the default role)', () => {
    expect(uploadsForRole(steps, 'student').map((u) => u.question.key)).toEqual(['transcript']);
    expect(uploadsForRole(steps, 'parent').map((u) => `${u.step.key}.${u.question.key}`)).toEqual(['materials.consent']);
    expect(uploadsForRole(steps, 'school')).toEqual([]);
  });
});

describe('who may fill the form', () => {
  it('shows why not before the application is submitted, and the state after', () => {
    expect(blockedMessage({ state: 'not_started', eligibility_msg: '仅中学生可游览', window_msg: null })).toBe('仅中学生可游览');
    expect(blockedMessage({ state: 'draft', eligibility_msg: null, window_msg: '该项目申请已截止' })).toBe('该项目申请已截止');
    expect(blockedMessage({ state: 'submitted', eligibility_msg: null, window_msg: '该项目申请已截止' })).toBeNull();
  });
});
