import { describe, expect, it } from 'vitest';
import {
  areaCodeItemSchema,
  cityListQuerySchema,
  regionItemSchema,
  schoolItemSchema,
  schoolSearchQuerySchema,
  stateListQuerySchema,
  zoneListQuerySchema,
} from './region.ts';

describe('region list queries', () => {
  it.each([
    [stateListQuerySchema, { country_id: '1' }, { country_id: 1 }],
    [cityListQuerySchema, { state_id: '110000' }, { state_id: 110000 }],
    [zoneListQuerySchema, { city_id: '110100' }, { city_id: 110100 }],
  ] as const)('%#: coerces %j', (schema, query, expected) => {
    expect(schema.parse(query)).toEqual(expected);
  });

  it.each([{}, { country_id: '' }, { country_id: 'x' }, { country_id: '-1' }, { country_id: '1.5' }, { country_id: '1e400' }])(
    'rejects %j with 参数格式错误',
    (query) => {
      const result = stateListQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('参数格式错误');
    },
  );
});

describe('schoolSearchQuerySchema', () => {
  it.each([
    [{}, {}],
    [{ country_id: '1', state_id: '110000', city_id: '110100', type: '1', name: ' 四中 ', school_id: '12' }, { country_id: 1, state_id: 110000, city_id: 110100, type: 1, name: '四中', school_id: 12 }],
    [{ country_id: '', name: '', type: '' }, {}],
  ])('%j → %j', (query, expected) => {
    expect(schoolSearchQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([{ type: '3' }, { type: 'a' }, { name: 'x'.repeat(101) }, { city_id: '0' }])('rejects %j', (query) => {
    const result = schoolSearchQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('参数格式错误');
  });
});

describe('region items', () => {
  it('parses regions, schools and area codes', () => {
    expect(regionItemSchema.parse({ id: 110000, name: '北京市', aliases: ['北京', 'Beijing'] }).aliases).toHaveLength(2);
    expect(regionItemSchema.safeParse({ id: 1, name: '中国' }).success).toBe(false);
    const foreign = { id: 9, name: 'Phillips Academy', country_id: 840, state_id: null, city_id: null, type: 1 };
    expect(schoolItemSchema.parse(foreign)).toEqual(foreign);
    const code = { short: 'CN', name: '中国', en: 'China', tel: '86', pinyin: 'zhongguo' };
    expect(areaCodeItemSchema.parse(code)).toEqual(code);
    expect(areaCodeItemSchema.safeParse({ ...code, tel: 86 }).success).toBe(false);
  });
});
