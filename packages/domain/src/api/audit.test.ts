import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_MSG, auditActionLabel, auditActionOptions, auditActionQuery, auditDiff, auditEntityLabel, auditQuerySchema } from './audit.ts';

describe('auditDiff', () => {
  it('marks changed, added, removed and unchanged fields, changed first', () => {
    const lines = auditDiff({ name: '上海会场', capacity: 300, city: '上海' }, { name: '上海会场', capacity: 280, address: '徐汇区' });
    expect(lines).toEqual([
      { path: 'capacity', kind: 'changed', before: '300', after: '280' },
      { path: 'address', kind: 'added', before: '', after: '徐汇区' },
      { path: 'city', kind: 'removed', before: '上海', after: '' },
      { path: 'name', kind: 'same', before: '上海会场', after: '上海会场' },
    ]);
  });

  it('nested objects become dotted paths; arrays compare as JSON', () => {
    expect(auditDiff({ a: { b: 1 }, tags: ['x'] }, { a: { b: 2 }, tags: ['x'] })).toEqual([
      { path: 'a.b', kind: 'changed', before: '1', after: '2' },
      { path: 'tags', kind: 'same', before: '["x"]', after: '["x"]' },
    ]);
  });

  it('a create has only additions, a delete only removals, a bare value its own line', () => {
    expect(auditDiff(null, { points: 5 })).toEqual([{ path: 'points', kind: 'added', before: '', after: '5' }]);
    expect(auditDiff({ points: 5 }, null)).toEqual([{ path: 'points', kind: 'removed', before: '5', after: '' }]);
    expect(auditDiff('old', 'new')).toEqual([{ path: '', kind: 'changed', before: 'old', after: 'new' }]);
    expect(auditDiff(null, null)).toEqual([]);
  });
});

describe('auditQuerySchema', () => {
  it('blank filters are absent; page numbers are coerced', () => {
    expect(auditQuerySchema.parse({ actor: ' ', entity: 'venue', page: '2' })).toEqual({ entity: 'venue', page: 2 });
  });
  it('an end before the start is a 4003 on to', () => {
    const r = auditQuerySchema.safeParse({ from: '2026-07-02T00:00:00+08:00', to: '2026-07-01T00:00:00+08:00' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['to'], message: AUDIT_MSG.RANGE });
  });
  it('an entity with SQL in it is refused', () => {
    expect(auditQuerySchema.safeParse({ entity: "venue' or 1=1" }).success).toBe(false);
  });
  it('labels known types in Chinese and shows unknown ones as recorded', () => {
    expect(auditEntityLabel('house_cup')).toBe('学院杯');
    expect(auditEntityLabel('something_new')).toBe('something_new');
  });
  it('labels known actions in Chinese and shows unknown ones as recorded', () => {
    expect(auditActionLabel('sign.open')).toBe('开启签到');
    expect(auditActionLabel('attendance.override')).toBe('修改出勤状态');
    expect(auditActionLabel('something.new')).toBe('something.new');
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).toMatch(/[\u4e00-\u9fff]/);
  });
  it('names admission.decision.release and every other action in Chinese, without Latin letters', () => {
    expect(auditActionLabel('admission.decision.release')).toBe('发布录取结果');
    for (const [code, label] of Object.entries(AUDIT_ACTION_LABELS)) expect(label, code).toMatch(/^[\u4e00-\u9fff（）、CSL]+$/);
  });
  it('the 操作 filter offers every action by its Chinese name and sends the code', () => {
    expect(auditActionOptions()).toHaveLength(Object.keys(AUDIT_ACTION_LABELS).length);
    expect(auditActionOptions()).toContainEqual({ value: 'sign.open', label: '开启签到（sign.open）' });
    expect(auditActionQuery('发布录取结果')).toBe('admission.decision.release');
    expect(auditActionQuery(' 开启签到（sign.open） ')).toBe('sign.open');
    expect(auditActionQuery('house_cup')).toBe('house_cup');
  });
});
