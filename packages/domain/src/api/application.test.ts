import { describe, expect, it } from 'vitest';
import { APPLY_MSG, DEFAULT_DEADLINES } from '../application.ts';
import { deadlineListSchema, deadlinesUpdateRequestSchema, studentFormQuerySchema, studentFormRequestSchema, applyStepRequestSchema } from './application.ts';

const items = (over: Partial<Record<string, string>> = {}) =>
  (['MRD', 'EB1', 'EB2', 'RD'] as const).map((key) => ({ key, deadline: over[key] ?? DEFAULT_DEADLINES[key] }));
const issue = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) => r.error?.issues[0];

describe('PUT /api/admin/settings/deadlines body', () => {
  it('accepts the four keys in order', () => {
    expect(deadlinesUpdateRequestSchema.parse({ items: items() }).items).toHaveLength(4);
    expect(deadlineListSchema.parse(items())).toHaveLength(4);
  });

  it('EB2 before EB1 → 4003 on that item', () => {
    const r = deadlinesUpdateRequestSchema.safeParse({ items: items({ EB2: '2027-01-01T00:00:00+08:00' }) });
    expect(issue(r)).toMatchObject({ path: ['items', 2, 'deadline'], message: APPLY_MSG.DEADLINES_ORDER });
  });

  it('MRD before RD → 4003 on MRD', () => {
    const r = deadlinesUpdateRequestSchema.safeParse({ items: items({ MRD: '2027-04-01T00:00:00+08:00' }) });
    expect(issue(r)?.path).toEqual(['items', 0, 'deadline']);
  });

  it('equal deadlines are allowed', () => {
    expect(deadlinesUpdateRequestSchema.safeParse({ items: items({ EB2: DEFAULT_DEADLINES.EB1 }) }).success).toBe(true);
  });

  it.each([
    [{ items: items().slice(1) }, 'items'],
    [{ items: [...items().slice(1), { key: 'EB1', deadline: DEFAULT_DEADLINES.EB1 }] }, 'items.3.key'],
    [{ items: [{ key: 'XX', deadline: DEFAULT_DEADLINES.EB1 }] }, 'items.0.key'],
    [{ items: items({ RD: '2027-04-30' }) }, 'items.3.deadline'],
    [{ items: items({ RD: 'soon' }) }, 'items.3.deadline'],
    [{}, 'items'],
  ])('%j → 4003 on %s', (body, field) => {
    const found = issue(deadlinesUpdateRequestSchema.safeParse(body));
    expect(found?.path.join('.')).toBe(field);
    expect(found?.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('apply step body', () => {
  it('needs submit and a data object', () => {
    expect(applyStepRequestSchema.safeParse({ submit: false, data: {} }).success).toBe(true);
    expect(issue(applyStepRequestSchema.safeParse({ data: {} }))?.path).toEqual(['submit']);
    expect(issue(applyStepRequestSchema.safeParse({ submit: true, data: [] }))?.path).toEqual(['data']);
  });
});

describe('student forms', () => {
  const value = { time_zone: 'UTC+8', device: 'computer', network: 'good', emergency_name: '王丽', emergency_phone: '13900139000', heard_from: 'school' };

  it('checks the value against the named form', () => {
    expect(studentFormRequestSchema.parse({ form_name: 'additional-info', value }).value).toMatchObject({ health_notes: '' });
    expect(issue(studentFormRequestSchema.safeParse({ form_name: 'additional-info', value: { ...value, device: 'tv' } }))?.path).toEqual(['value', 'device']);
    expect(issue(studentFormRequestSchema.safeParse({ form_name: 'secret', value }))).toMatchObject({ path: ['form_name'], message: APPLY_MSG.FORM_UNKNOWN });
  });

  it('the query lists known names, comma separated', () => {
    expect(studentFormQuerySchema.parse({ form_name: 'additional-info, additional-info' }).form_name).toEqual(['additional-info', 'additional-info']);
    expect(studentFormQuerySchema.safeParse({ form_name: 'x' }).success).toBe(false);
    expect(studentFormQuerySchema.safeParse({ form_name: '' }).success).toBe(false);
  });
});
