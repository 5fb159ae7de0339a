import { describe, expect, it } from 'vitest';
import { addressFormSchema, healthFormSchema, previousFormSchema, salvageOnboardingDraft } from './onboarding-forms.ts';
import { checklistItemApplies, checklistStateOf, isChecklistKey } from './checklist.ts';
import { studentFormRequestSchema } from './api/application.ts';

const now = new Date('2027-06-01T00:00:00Z');
const past = new Date('2027-05-31T23:59:59Z');
const future = new Date('2027-06-02T00:00:00Z');

describe('checklistStateOf', () => {
  it.each([
    [{ done: false, waived: true, required: true, dueAt: past }, 'waived'],
    [{ done: true, waived: false, required: true, dueAt: past }, 'done'],
    [{ done: false, waived: false, required: true, dueAt: past }, 'late'],
    [{ done: false, waived: false, required: false, dueAt: past }, 'todo'],
    [{ done: false, waived: false, required: true, dueAt: future }, 'todo'],
    [{ done: false, waived: false, required: true, dueAt: null }, 'todo'],
    [{ done: false, waived: false, required: true, dueAt: now }, 'todo'],
  ] as const)('%j → %s', (input, state) => {
    expect(checklistStateOf({ ...input, now })).toBe(state);
  });
});

describe('checklist keys and scope', () => {
  it.each([
    ['form:basic', true],
    ['form:health', true],
    ['form:other', false],
    ['signup:podcast', true],
    ['signup:nope', false],
    ['confirm:handbook', true],
    ['confirm:Bad', false],
    ['confirm:', false],
    ['upload:passport', true],
    ['upload:', false],
    ['upload:Passport', false],
    ['anything', false],
  ])('%s → %s', (key, ok) => expect(isChecklistKey(key)).toBe(ok));

  it('applies by track and batch, null meaning all', () => {
    const s = { track: '商业经济', batch: 'RD' };
    expect(checklistItemApplies({ track: null, batch: null }, s)).toBe(true);
    expect(checklistItemApplies({ track: '商业经济', batch: 'RD' }, s)).toBe(true);
    expect(checklistItemApplies({ track: '人文社科', batch: null }, s)).toBe(false);
    expect(checklistItemApplies({ track: null, batch: 'EB1' }, s)).toBe(false);
  });
});

describe('onboarding form rules', () => {
  it('health needs the guardian’s confirmation and a non-empty answer for each question', () => {
    const base = { conditions: '无', allergies: '无', medication: '无', emergency_name: '张', emergency_relation: 'mother', emergency_phone: '13912345678', guardian_name: '张', guardian_signed_on: '2026-11-20', guardian_confirm: true };
    expect(healthFormSchema.safeParse(base).success).toBe(true);
    expect(healthFormSchema.safeParse({ ...base, guardian_confirm: false }).error?.issues[0]?.message).toBe('请监护人勾选确认');
    expect(healthFormSchema.safeParse({ ...base, conditions: '  ' }).error?.issues[0]?.message).toBe('未填写');
  });

  it('address: 6-digit postcode or none, a mainland phone, an area', () => {
    const base = { recipient: '张', phone: '13912345678', area: [110000], area_str: '北京市', detail: '东城区1号', postcode: '' };
    expect(addressFormSchema.safeParse(base).success).toBe(true);
    expect(addressFormSchema.safeParse({ ...base, postcode: '1000' }).success).toBe(false);
    expect(addressFormSchema.safeParse({ ...base, area: [] }).error?.issues[0]?.message).toBe('请选择区域');
  });

  it('previous schooling: years in order', () => {
    const ok = { curriculum: 'ib', schools: [{ school_name: 'A', start_year: '2020', end_year: '2023' }] };
    expect(previousFormSchema.safeParse(ok).success).toBe(true);
    const bad = previousFormSchema.safeParse({ ...ok, schools: [{ school_name: 'A', start_year: '2023', end_year: '2020' }] });
    expect(bad.error?.issues[0]).toMatchObject({ message: '结束年份不能早于开始年份', path: ['schools', 0, 'end_year'] });
  });
});

describe('drafts', () => {
  it('keeps the valid fields, drops blanks and unknowns, reports the invalid', () => {
    const r = salvageOnboardingDraft('basic', { chinese_name: '张小明', english_name: '小明', gender: '', extra: 'x', diet: 'none' });
    expect(r.kept).toEqual({ chinese_name: '张小明', diet: 'none' });
    expect(r.invalid).toEqual([{ field: 'english_name', msg: '请输入纯英文' }]);
  });

  it('keeps school rows part by part', () => {
    const r = salvageOnboardingDraft('previous', { schools: [{ school_name: '上海中学', start_year: '20' }] });
    expect(r.kept).toEqual({ schools: [{ school_name: '上海中学' }] });
    expect(r.invalid).toEqual([{ field: 'schools.0.start_year', msg: '请输入四位年份' }]);
  });

  it('the request schema accepts draft only for onboarding forms', () => {
    expect(studentFormRequestSchema.safeParse({ form_name: 'basic', value: {}, draft: true }).success).toBe(true);
    expect(studentFormRequestSchema.safeParse({ form_name: 'additional-info', value: {}, draft: true }).error?.issues[0]?.path).toEqual(['draft']);
  });
});
