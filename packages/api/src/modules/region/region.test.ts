import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionItemSchema, areaCodeItemSchema, schoolItemSchema } from '@summit/domain';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call } from '../../test/flows.ts';
import { regionExists } from './region.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Item = z.infer<typeof regionItemSchema>;
async function list(url: string): Promise<Item[]> {
  const res = await call<Item[]>(t.app, 'GET', url);
  expect(res.http).toBe(200);
  return z.array(regionItemSchema).parse(res.body.data);
}

describe('countries', () => {
  it('puts China first as id 1, then every other country by ISO numeric code', async () => {
    const countries = await list('/api/region/countries');
    expect(countries[0]).toMatchObject({ id: 1, name: '中国' });
    expect(countries[0]!.aliases).toEqual(expect.arrayContaining(['China', 'CN', 'CHN']));
    const rest = countries.slice(1).map((c) => c.id);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(new Set(rest).size).toBe(rest.length);
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((c) => c.id === 840)).toMatchObject({ name: '美国', aliases: expect.arrayContaining(['US', 'USA']) });
    expect(countries.find((c) => c.id === 826)?.aliases).toEqual(expect.arrayContaining(['GB', 'GBR']));
  });

  it('lists Hong Kong, Macao and Taiwan as states of China, never as countries (nor China twice)', async () => {
    const ids = (await list('/api/region/countries')).map((c) => c.id);
    for (const numeric of [156, 158, 344, 446]) expect(ids).not.toContain(numeric);
  });
});

describe('states, cities, zones', () => {
  it('gives China its provinces by GB code, then Hong Kong 3032, Macao 3033, Taiwan 3125', async () => {
    const states = await list('/api/region/states?country_id=1');
    expect(states[0]).toMatchObject({ id: 110000, name: '北京市' });
    expect(states.find((s) => s.id === 440000)).toMatchObject({ name: '广东省', aliases: expect.arrayContaining(['广东', 'guangdong']) });
    expect(states.slice(-3).map((s) => [s.id, s.name])).toEqual([
      [3032, '香港特别行政区'],
      [3033, '澳门特别行政区'],
      [3125, '台湾省'],
    ]);
    expect(states).toHaveLength(34);
  });

  it('a municipality has one city under its own name, whose zones are the districts', async () => {
    const cities = await list('/api/region/cities?state_id=110000');
    expect(cities).toEqual([{ id: 110100, name: '北京市', aliases: expect.arrayContaining(['市辖区']) }]);
    const zones = await list('/api/region/zones?city_id=110100');
    expect(zones.map((z) => [z.id, z.name])).toEqual(expect.arrayContaining([[110101, '东城区'], [110102, '西城区'], [110108, '海淀区']]));
    expect(zones).toHaveLength(16);
    const chongqing = await list('/api/region/cities?state_id=500000');
    expect(chongqing.map((c) => [c.id, c.name])).toEqual([
      [500100, '重庆城区'],
      [500200, '重庆郊县'],
    ]);
  });

  it('a province lists its prefecture cities and their districts by GB code', async () => {
    const cities = await list('/api/region/cities?state_id=440000');
    expect(cities.map((c) => c.id)).toEqual(expect.arrayContaining([440100, 440300]));
    expect(cities.find((c) => c.id === 440300)?.name).toBe('深圳市');
    const zones = await list('/api/region/zones?city_id=440300');
    expect(zones.find((z) => z.id === 440305)?.name).toBe('南山区');
  });

  it('gives Hong Kong, Macao and Taiwan sub-areas the documented stable ids', async () => {
    expect((await list('/api/region/cities?state_id=3032')).map((c) => [c.id, c.name])).toEqual([
      [303201, '香港岛'],
      [303202, '九龙'],
      [303203, '新界'],
    ]);
    expect((await list('/api/region/zones?city_id=303201'))[0]).toMatchObject({ id: 30320101, name: '中西区' });
    expect((await list('/api/region/cities?state_id=3033')).map((c) => c.id)).toEqual([303301, 303302]);
    const taiwan = await list('/api/region/cities?state_id=3125');
    expect(taiwan[0]).toMatchObject({ id: 312501, name: '台北市' });
    expect(taiwan).toHaveLength(20);
    expect((await list('/api/region/zones?city_id=312501')).find((z) => z.id === 31250110)?.name).toBe('中正区');
  });

  it('a foreign country has no states; unknown parents give empty lists', async () => {
    expect(await list('/api/region/states?country_id=840')).toEqual([]);
    expect(await list('/api/region/states?country_id=999999')).toEqual([]);
    expect(await list('/api/region/cities?state_id=999999')).toEqual([]);
    expect(await list('/api/region/zones?city_id=110000')).toEqual([]);
  });

  it('rejects a missing or malformed parent id with 4003 naming the field', async () => {
    for (const [url, field] of [
      ['/api/region/states', 'country_id'],
      ['/api/region/cities?state_id=abc', 'state_id'],
      ['/api/region/zones?city_id=-3', 'city_id'],
    ] as const) {
      const res = await call(t.app, 'GET', url);
      expect(res.http).toBe(400);
      expect(res.body).toMatchObject({ status: 4003, data: { field } });
    }
  });

  it('is public and cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/region/states?country_id=1', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=');
  });
});

describe('regionExists', () => {
  const cases: Array<[string, Parameters<typeof regionExists>[0], boolean]> = [
    ['China province, city, zone', { countryId: 1, stateId: 110000, cityId: 110100, zoneId: 110108 }, true],
    ['China province and city', { countryId: 1, stateId: 440000, cityId: 440300, zoneId: null }, true],
    ['China province only', { countryId: 1, stateId: 440000 }, true],
    ['Hong Kong down to a district', { countryId: 1, stateId: 3032, cityId: 303202, zoneId: 30320201 }, true],
    ['Taiwan city', { countryId: 1, stateId: 3125, cityId: 312501 }, true],
    ['foreign country alone', { countryId: 840, stateId: null, cityId: null, zoneId: null }, true],
    ['China without a state', { countryId: 1 }, false],
    ['unknown country', { countryId: 999 }, false],
    ['China numeric code is not China', { countryId: 156 }, false],
    ['foreign country with a state', { countryId: 840, stateId: 110000 }, false],
    ['city of another province', { countryId: 1, stateId: 110000, cityId: 440300 }, false],
    ['zone of another city', { countryId: 1, stateId: 440000, cityId: 440100, zoneId: 440305 }, false],
    ['gap before the tail', { countryId: 1, stateId: 110000, cityId: null, zoneId: 110108 }, false],
    ['city without a state', { countryId: 1, stateId: null, cityId: 110100 }, false],
    ['a zone id given as city', { countryId: 1, stateId: 110000, cityId: 110108 }, false],
    ['state of China under a foreign country', { countryId: 344, stateId: 3032 }, false],
  ];
  it.each(cases)('%s → %s', (_label, ref, expected) => {
    expect(regionExists(ref)).toBe(expected);
  });
});

describe('area codes', () => {
  it('lists dialling codes with Chinese name, English name and pinyin, Greater China first', async () => {
    const res = await call(t.app, 'GET', '/api/region/area-codes');
    const items = z.array(areaCodeItemSchema).parse(res.body.data);
    expect(items.slice(0, 4).map((i) => [i.short, i.name, i.tel])).toEqual([
      ['CN', '中国', '86'],
      ['HK', '中国香港', '852'],
      ['MO', '中国澳门', '853'],
      ['TW', '中国台湾', '886'],
    ]);
    expect(items.find((i) => i.short === 'US')).toEqual({ short: 'US', name: '美国', en: 'United States', tel: '1', pinyin: 'meiguo' });
    expect(items.find((i) => i.short === 'CA')?.tel).toBe('1');
    expect(items.find((i) => i.short === 'PE')?.pinyin).toBe('milu');
    const rest = items.slice(4).map((i) => i.pinyin);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    for (const item of items) expect(item.tel).toMatch(/^\d{1,4}$/);
  });
});

describe('school search', () => {
  type School = z.infer<typeof schoolItemSchema>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    const { schools } = await import('../../db/schema.ts');
    const rows = await t.db
      .insert(schools)
      .values([
        { name: '北京市第四中学', aliases: '北京四中', countryId: 1, stateId: 110000, cityId: 110100, zoneId: 110102, type: 1 },
        { name: '清华大学附属中学', aliases: '清华附中', countryId: 1, stateId: 110000, cityId: 110100, zoneId: 110108, type: 1 },
        { name: '北京大学', aliases: '北大,PKU', countryId: 1, stateId: 110000, cityId: 110100, zoneId: 110108, type: 2 },
        { name: '深圳中学', aliases: '深中', countryId: 1, stateId: 440000, cityId: 440300, zoneId: 440303, type: 1 },
        { name: '深圳国际交流学院', aliases: 'Shenzhen College of International Education,SCIE', countryId: 1, stateId: 440000, cityId: 440300, zoneId: 440304, type: 1, category: 3 },
        { name: '100%_学校', aliases: '', countryId: 1, stateId: 440000, cityId: 440300, zoneId: 440304, type: 1 },
        { name: '100分学校', aliases: '', countryId: 1, stateId: 440000, cityId: 440300, zoneId: 440304, type: 1 },
        { name: 'Back\\slash School', aliases: '', countryId: 840, stateId: null, cityId: null, zoneId: null, type: 1, category: 2 },
        { name: 'Phillips Exeter Academy', aliases: 'Exeter', countryId: 840, stateId: null, cityId: null, zoneId: null, type: 1, category: 2 },
      ])
      .returning({ id: schools.id, name: schools.name });
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  });

  async function search(query: string): Promise<School[]> {
    const res = await call<School[]>(t.app, 'GET', `/api/region/schools${query}`);
    expect(res.body.status).toBe(200);
    return z.array(schoolItemSchema).parse(res.body.data);
  }
  const names = (rows: School[]) => rows.map((r) => r.name);

  it('filters by country, state, city and type', async () => {
    expect(names(await search('?country_id=840')).sort()).toEqual(['Back\\slash School', 'Phillips Exeter Academy']);
    expect(names(await search('?state_id=110000')).sort()).toEqual(['北京大学', '北京市第四中学', '清华大学附属中学'].sort());
    expect(names(await search('?state_id=110000&type=1')).sort()).toEqual(['北京市第四中学', '清华大学附属中学'].sort());
    expect(names(await search('?state_id=110000&type=2'))).toEqual(['北京大学']);
    const one = await search(`?school_id=${ids['深圳中学']}`);
    expect(one).toEqual([{ id: ids['深圳中学'], name: '深圳中学', country_id: 1, state_id: 440000, city_id: 440300, type: 1 }]);
  });

  it('matches name and aliases as a case-insensitive substring', async () => {
    expect(names(await search(`?name=${encodeURIComponent('四中')}`))).toEqual(['北京市第四中学']);
    expect(names(await search(`?name=${encodeURIComponent('清华附中')}`))).toEqual(['清华大学附属中学']);
    expect(names(await search('?name=scie'))).toEqual(['深圳国际交流学院']);
    expect(names(await search('?name=exeter&country_id=840'))).toEqual(['Phillips Exeter Academy']);
    expect(await search(`?name=${encodeURIComponent('四中')}&state_id=440000`)).toEqual([]);
  });

  it('treats % _ and \\ in the name literally', async () => {
    expect(names(await search(`?name=${encodeURIComponent('100%')}`))).toEqual(['100%_学校']);
    expect(names(await search(`?name=${encodeURIComponent('%_')}`))).toEqual(['100%_学校']);
    expect(await search(`?name=${encodeURIComponent('_')}&country_id=840`)).toEqual([]);
    expect(names(await search(`?name=${encodeURIComponent('k\\s')}`))).toEqual(['Back\\slash School']);
  });

  it('orders by name and answers at most 50', async () => {
    const { schools } = await import('../../db/schema.ts');
    await t.db.insert(schools).values(
      Array.from({ length: 60 }, (_, i) => ({ name: `测试中学${String(i).padStart(2, '0')}`, countryId: 702, type: 1 })),
    );
    const rows = await search('?country_id=702');
    expect(rows).toHaveLength(50);
    expect(rows[0]!.name).toBe('测试中学00');
    expect(rows[49]!.name).toBe('测试中学49');
  });

  it('ignores blank filters and rejects bad ones with 4003', async () => {
    expect((await search('?name=&type=&country_id=840')).length).toBe(2);
    for (const [query, field] of [
      ['?type=9', 'type'],
      ['?country_id=x', 'country_id'],
      // Past PostgreSQL's integer: a 4003, never a database error.
      ['?state_id=9007199254740991', 'state_id'],
      ['?school_id=2147483648', 'school_id'],
      [`?name=${'a'.repeat(101)}`, 'name'],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/region/schools${query}`);
      expect(res.body).toMatchObject({ status: 4003, data: { field } });
    }
  });
});
