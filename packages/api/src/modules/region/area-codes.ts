import { createRequire } from 'node:module';
import { countries as countryData } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import type { AreaCodeItem } from '@summit/domain';
import { pinyinOf } from './region-names.ts';

/** Greater China first, in the order people expect; everyone else by pinyin. */
const PINNED: Record<string, { order: number; name: string }> = {
  CN: { order: 0, name: '中国' },
  HK: { order: 1, name: '中国香港' },
  MO: { order: 2, name: '中国澳门' },
  TW: { order: 3, name: '中国台湾' },
};

/** Territories i18n-iso-countries has no Chinese name for. */
const EXTRA_ZH_NAMES: Record<string, string> = { AC: '阿森松岛', TA: '特里斯坦-达库尼亚' };

/** countries-list gives several codes for some; the first is not always the one in use (Kosovo is +383). */
const TEL_OVERRIDES: Record<string, string> = { XK: '383' };

let areaCodes: AreaCodeItem[] | undefined;

/** Phone dialling codes for the area-code selector, built once. */
export function listAreaCodes(): AreaCodeItem[] {
  if (areaCodes) return areaCodes;
  isoCountries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/zh.json'));
  const items: Array<AreaCodeItem & { order: number }> = [];
  for (const [short, country] of Object.entries(countryData)) {
    const name = PINNED[short]?.name ?? isoCountries.getName(short, 'zh') ?? EXTRA_ZH_NAMES[short];
    const tel = TEL_OVERRIDES[short] ?? country.phone[0]?.toString();
    if (!name || !tel) continue;
    items.push({ short, name, en: country.name, tel, pinyin: pinyinOf(name), order: PINNED[short]?.order ?? 99 });
  }
  items.sort((a, b) => a.order - b.order || a.pinyin.localeCompare(b.pinyin) || a.short.localeCompare(b.short));
  areaCodes = items.map(({ order: _order, ...item }) => item);
  return areaCodes;
}
