/**
 * Zod-free words of the programme structure after admission (decisions 039–045): course categories, languages, the twelve
 * houses and the course centre's limits. Shared by the admin console, the course centre and the house pages.
 */
import type { SessionKey } from './programme-terms.ts';

/** A course's category; the keys are stored, the labels shown. */
export const COURSE_CATEGORIES = ['major', 'seminar', 'fc', 'cw', 'master_class', 'capstone'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];
export const COURSE_CATEGORY_LABELS: Record<CourseCategory, string> = {
  major: '专业课',
  seminar: '研讨课',
  fc: '前沿对话（Frontier Conversation）',
  cw: '基石工作坊（Cornerstone Workshop）',
  master_class: '大师课',
  capstone: '毕业项目（Capstone）',
};

export const COURSE_LANGUAGES = ['zh', 'en', 'bilingual'] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const COURSE_LANGUAGE_LABELS: Record<CourseLanguage, string> = { zh: '中文', en: '英文', bilingual: '中英双语' };

/** docs/product/constants.md: at most 2 extra Frontier Conversation places per student; at least 2 Cornerstone Workshops. */
export const COURSE_LIMITS = { FC_EXTRA_MAX: 2, CW_MIN: 2 } as const;

/**
 * The twelve houses (spec: "assigned a place (venue) and a house", /12house). The first four carry the symbols of
 * the public house pages (/inner/h/{symbol}, content-slugs HOUSES), so a house's page and its record agree.
 */
export const TWELVE_HOUSES = [
  { code: 'phoenix', name: '凤凰', english: 'Phoenix', colour: '#c0392b' },
  { code: 'qilin', name: '麒麟', english: 'Qilin', colour: '#d4a017' },
  { code: 'dragon', name: '青龙', english: 'Azure Dragon', colour: '#1f6f8b' },
  { code: 'tiger', name: '白虎', english: 'White Tiger', colour: '#7f8c8d' },
  { code: 'vermilion', name: '朱雀', english: 'Vermilion Bird', colour: '#e74c3c' },
  { code: 'tortoise', name: '玄武', english: 'Black Tortoise', colour: '#2c3e50' },
  { code: 'kunpeng', name: '鲲鹏', english: 'Kunpeng', colour: '#2980b9' },
  { code: 'baize', name: '白泽', english: 'Baize', colour: '#16a085' },
  { code: 'xiezhi', name: '獬豸', english: 'Xiezhi', colour: '#8e44ad' },
  { code: 'pixiu', name: '貔貅', english: 'Pixiu', colour: '#b9770e' },
  { code: 'tengshe', name: '腾蛇', english: 'Tengshe', colour: '#27ae60' },
  { code: 'chongming', name: '重明', english: 'Chongming', colour: '#d35400' },
] as const;
export type HouseCode = (typeof TWELVE_HOUSES)[number]['code'];

/** A session key from the Chinese name stored on an offer (student_profiles.place_name is 第一期 … 第三期). */
export function sessionKeyOfName(name: string | null | undefined, names: Record<SessionKey, string>): SessionKey | null {
  for (const [key, value] of Object.entries(names) as Array<[SessionKey, string]>) if (value === name) return key;
  return null;
}
