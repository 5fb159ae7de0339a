import { describe, expect, it } from 'vitest';
import { applyViewOf, countdownText, draftDataOf, formFieldOf, relevantDeadline, serverFieldNames, step1FormValuesOf, submitDataOf, STEP1_FORM_FIELDS, STEP2_FORM_FIELDS } from './apply-model.ts';

const st = (step1_submitted: boolean, is_apply_paid: boolean, step2_submitted: boolean) => ({ step1_submitted, is_apply_paid, step2_submitted });

describe('applyViewOf', () => {
  it('follows the progress: step 1, fee, step 2, done', () => {
    expect(applyViewOf(st(false, false, false), false, null)).toBe('step1');
    expect(applyViewOf(st(false, false, false), false, '2')).toBe('step1');
    expect(applyViewOf(st(true, false, false), false, null)).toBe('fee');
    expect(applyViewOf(st(true, false, false), false, '2')).toBe('fee');
    expect(applyViewOf(st(true, false, false), true, '2')).toBe('step2');
    expect(applyViewOf(st(true, true, false), false, null)).toBe('step2');
    expect(applyViewOf(st(true, true, true), false, null)).toBe('done');
  });

  it('?step=1 and ?step=2 re-open submitted steps for reading', () => {
    expect(applyViewOf(st(true, true, false), false, '1')).toBe('step1');
    expect(applyViewOf(st(true, true, true), false, '2')).toBe('step2');
  });
});

describe('form values → step data', () => {
  it('a draft leaves out blanks, trims text, flattens the school and drops empty activities', () => {
    expect(
      draftDataOf({
        legal_name: '  王芳 ',
        gender: undefined,
        card_number: '',
        guardian_consent: false,
        school: { school_id: 12, school_name: '北京四中' },
        activities: [{ name: '辩论队', role: '' }, {}, undefined],
      }),
    ).toEqual({ legal_name: '王芳', guardian_consent: false, school_id: 12, school_name: '北京四中', activities: [{ name: '辩论队' }] });
    expect(draftDataOf({ school: { school_id: null, school_name: '  ' } })).toEqual({});
  });

  it('a submission of step 2 always sends activities and attachment, and no score without a test', () => {
    expect(submitDataOf({ essay_motivation: 'a', english_test: 'NONE', english_score: '7' })).toEqual({
      essay_motivation: 'a',
      english_test: 'NONE',
      english_score: '',
      activities: [],
      attachment: null,
    });
    expect(submitDataOf({ legal_name: '王芳' })).toEqual({ legal_name: '王芳' });
  });

  it('stored step 1 answers prefill the school from the profile until the student chose one', () => {
    expect(step1FormValuesOf({ legal_name: '王芳' }, { school_id: 3, school_name: '上海中学' })).toEqual({ legal_name: '王芳', school: { school_id: 3, school_name: '上海中学' } });
    expect(step1FormValuesOf({ school_id: null, school_name: '自填学校' }, { school_id: 3, school_name: '上海中学' }).school).toEqual({ school_id: null, school_name: '自填学校' });
  });
});

describe('server field → form item', () => {
  it('maps school, nested activity fields and the attachment address', () => {
    expect(formFieldOf('school_name', STEP1_FORM_FIELDS)).toEqual(['school']);
    expect(formFieldOf('guardian_phone', STEP1_FORM_FIELDS)).toEqual(['guardian_phone']);
    expect(formFieldOf('activities.2.description', STEP2_FORM_FIELDS)).toEqual(['activities', 2, 'description']);
    expect(formFieldOf('attachment.url', STEP2_FORM_FIELDS)).toEqual(['attachment']);
    expect(formFieldOf('essay_motivation', STEP1_FORM_FIELDS)).toBeNull();
  });

  it('lists every server field the form shows itself', () => {
    expect(serverFieldNames(STEP1_FORM_FIELDS)).toEqual(expect.arrayContaining(['school_id', 'school_name', 'card_number']));
    expect(serverFieldNames(STEP2_FORM_FIELDS)).toEqual(expect.arrayContaining(['attachment.url', 'activities.4.description']));
  });
});

describe('countdown', () => {
  it('shows days and a clock, then 已截止', () => {
    const now = Date.UTC(2027, 0, 1);
    expect(countdownText(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toBe('2天 03:04:05');
    expect(countdownText(now + 59_000, now)).toBe('00:00:59');
    expect(countdownText(now - 1000, now)).toBe('已截止');
  });

  it('step 1 races the next early round, step 2 the materials deadline', () => {
    const deadlines = [
      { key: 'MRD' as const, deadline: '2027-05-15T15:59:59.000Z' },
      { key: 'EB1' as const, deadline: '2027-01-15T15:59:59.000Z' },
      { key: 'EB2' as const, deadline: '2027-03-01T15:59:59.000Z' },
      { key: 'RD' as const, deadline: '2027-04-30T15:59:59.000Z' },
    ];
    expect(relevantDeadline('step1', deadlines, Date.parse('2027-02-01T00:00:00Z'))?.key).toBe('EB2');
    expect(relevantDeadline('step2', deadlines, Date.parse('2027-02-01T00:00:00Z'))?.key).toBe('MRD');
    expect(relevantDeadline('step1', deadlines, Date.parse('2027-05-01T00:00:00Z'))).toBeNull();
    expect(relevantDeadline('done', deadlines, 0)).toBeNull();
  });
});
