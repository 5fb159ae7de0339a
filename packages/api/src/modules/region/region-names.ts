import { pinyin } from 'pinyin-pro';

// Ethnic-group words inside autonomous-area names ("延边朝鲜族自治州" → "延边"). Longest first so that
// "蒙古族" wins over "蒙古".
const ETHNIC_WORDS = [
  '乌孜别克族', '柯尔克孜族', '塔吉克族', '俄罗斯族', '塔塔尔族', '达斡尔族', '鄂温克族', '鄂伦春族',
  '朝鲜族', '土家族', '布依族', '哈尼族', '景颇族', '傈僳族', '蒙古族', '仡佬族', '纳西族', '拉祜族',
  '普米族', '独龙族', '撒拉族', '东乡族', '保安族', '裕固族', '仫佬族', '毛南族', '布朗族', '阿昌族',
  '德昂族', '基诺族', '门巴族', '珞巴族', '高山族', '赫哲族', '维吾尔', '哈萨克', '柯尔克孜', '塔吉克',
  '鄂伦春', '锡伯', '蒙古', '苗族', '藏族', '羌族', '彝族', '侗族', '壮族', '傣族', '白族', '回族',
  '黎族', '畲族', '瑶族', '水族', '佤族', '怒族', '满族', '土族', '京族', '各族',
].sort((a, b) => b.length - a.length);

const ADMIN_SUFFIXES = ['特别行政区', '自治区', '自治州', '自治县', '自治旗', '林区', '地区', '新区', '省', '市', '盟', '区', '县', '旗'];

/**
 * The name people say ("广东省" → "广东", "延边朝鲜族自治州" → "延边"); the full name when stripping would
 * leave a single character ("忠县" stays "忠县").
 */
export function shortRegionName(name: string): string {
  // "省直辖县级行政区划" groups county-level cities under a province; people call it 省直辖县.
  if (name.endsWith('县级行政区划')) return name.replace(/县级行政区划$/, '县');
  let rest = name;
  const suffix = ADMIN_SUFFIXES.find((s) => rest.endsWith(s));
  if (suffix) rest = rest.slice(0, -suffix.length);
  if (suffix?.startsWith('自治')) {
    let stripped = true;
    while (stripped) {
      stripped = false;
      for (const word of ETHNIC_WORDS) {
        if (rest.length >= word.length + 2 && rest.endsWith(word)) {
          rest = rest.slice(0, -word.length);
          stripped = true;
          break;
        }
      }
    }
  }
  return rest.length >= 2 ? rest : name;
}

/** Conventional romanisations that plain pinyin gets wrong or ambiguous (陕西 vs 山西). */
const PINYIN_OVERRIDES: Record<string, string> = { 陕西: 'shaanxi', 秘鲁: 'milu', 洪都拉斯: 'hongdulasi', 丰都: 'fengdu' };

/** Toneless pinyin without spaces ("广东" → "guangdong"), for search by Latin letters. */
export function pinyinOf(text: string): string {
  const override = PINYIN_OVERRIDES[text];
  if (override) return override;
  return pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed', v: true })
    .join('')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Search aliases of a Chinese place: its short name (when different) and the pinyin of that short name. */
export function chineseAliases(name: string, extra: readonly string[] = []): string[] {
  const short = shortRegionName(name);
  const aliases = [...extra];
  if (short !== name) aliases.push(short);
  aliases.push(pinyinOf(short));
  return [...new Set(aliases.filter((a) => a && a !== name))];
}
