import { describe, expect, it } from 'vitest';
import { segmentFilterSchema } from './messages.ts';
import { applyTagChange, queryOfSegmentFilter, segmentFilterOfQuery, studentFilterQuerySchema, studentListQuerySchema, studentTagsRequestSchema, studentUpdateRequestSchema } from './students.ts';

describe('the Students filter is the segment filter', () => {
  it('has the same fields as query parameters and as JSON', () => {
    expect(Object.keys(studentFilterQuerySchema.shape).sort()).toEqual(Object.keys(segmentFilterSchema.shape).sort());
  });

  it('reads query text into a segment filter that round-trips', () => {
    const q = studentFilterQuerySchema.parse({ q: ' 张 ', tuition_paid: 'false', venue_id: '3', active_type: '4', stage: 'offer', user_ids: '5,6, 7', batch: '' });
    const f = segmentFilterOfQuery(q);
    expect(f).toEqual({ q: '张', tuition_paid: false, venue_id: 3, active_type: 4, stage: 'offer', user_ids: [5, 6, 7] });
    expect(segmentFilterSchema.parse(f)).toEqual(f);
    expect(segmentFilterOfQuery(studentFilterQuerySchema.parse(queryOfSegmentFilter(f)))).toEqual(f);
  });

  it('rejects unknown values with a Chinese message', () => {
    for (const bad of [{ active_type: '2' }, { stage: 'x' }, { user_ids: '1,a' }, { venue_id: '0' }]) {
      const r = studentFilterQuerySchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(segmentFilterSchema.safeParse({ user_ids: Array.from({ length: 5001 }, (_, i) => i + 1) }).error?.issues[0]?.message).toBe('一次最多选择5000名学生');
  });

  it('caps the page size at 100', () => {
    expect(studentListQuerySchema.safeParse({ page_size: '100', sort: 'stage', order: 'asc' }).success).toBe(true);
    expect(studentListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(studentListQuerySchema.safeParse({ sort: 'phone' }).success).toBe(false);
  });
});

describe('edits and tags', () => {
  it('words failures as the spec does', () => {
    expect(studentUpdateRequestSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('请填写姓名');
    expect(studentUpdateRequestSchema.safeParse({ gender: 3 }).error?.issues[0]?.message).toBe('请选择性别');
    expect(studentUpdateRequestSchema.safeParse({ admin_note: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('备注不能超过500个字');
    expect(studentTagsRequestSchema.safeParse({ filter: {}, add: ['x'.repeat(21)] }).error?.issues[0]?.message).toBe('标签不能超过20个字');
  });

  it('adds then removes, without duplicates', () => {
    expect(applyTagChange(['a', 'b'], ['b', 'c'], ['a'])).toEqual(['b', 'c']);
    expect(applyTagChange([], [], [])).toEqual([]);
  });
});
