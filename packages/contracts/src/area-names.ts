/**
 * Place names as Tally stores them (ip2region's Chinese, in one canonical form) and in English.
 * ip2region's IPv4 database names municipalities and autonomous regions short (北京, 广西) and its IPv6
 * database in full (北京市, 广西壮族自治区); both are stored in full, the form the China map reads too.
 */
import { PLACE_NAMES_EN } from './place-names-en.js';

/** China's provincial-level divisions: full name → English. */
export const CN_PROVINCES: Readonly<Record<string, string>> = {
  北京市: 'Beijing',
  天津市: 'Tianjin',
  上海市: 'Shanghai',
  重庆市: 'Chongqing',
  河北省: 'Hebei',
  山西省: 'Shanxi',
  辽宁省: 'Liaoning',
  吉林省: 'Jilin',
  黑龙江省: 'Heilongjiang',
  江苏省: 'Jiangsu',
  浙江省: 'Zhejiang',
  安徽省: 'Anhui',
  福建省: 'Fujian',
  江西省: 'Jiangxi',
  山东省: 'Shandong',
  河南省: 'Henan',
  湖北省: 'Hubei',
  湖南省: 'Hunan',
  广东省: 'Guangdong',
  海南省: 'Hainan',
  四川省: 'Sichuan',
  贵州省: 'Guizhou',
  云南省: 'Yunnan',
  陕西省: 'Shaanxi',
  甘肃省: 'Gansu',
  青海省: 'Qinghai',
  台湾省: 'Taiwan',
  内蒙古自治区: 'Inner Mongolia',
  广西壮族自治区: 'Guangxi',
  西藏自治区: 'Tibet',
  宁夏回族自治区: 'Ningxia',
  新疆维吾尔自治区: 'Xinjiang',
  香港特别行政区: 'Hong Kong',
  澳门特别行政区: 'Macao',
};

/** The four municipalities: their city is the province itself (IPv6 leaves it empty). */
export const CN_MUNICIPALITIES = ['北京市', '天津市', '上海市', '重庆市'] as const;

/** 北京市 → 北京, 广西壮族自治区 → 广西: the short form ip2region's IPv4 database and the map use. */
export function shortProvinceName(name: string): string {
  return name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
}

// Built on first use: a module-level `new Map` would be kept in every bundle that imports the contracts.
let fullByShort: Map<string, string> | undefined;

/** The full name of a Chinese province however ip2region spelled it; other names unchanged. */
export function canonicalProvince(name: string): string {
  fullByShort ??= new Map(Object.keys(CN_PROVINCES).map((full) => [shortProvinceName(full), full]));
  return fullByShort.get(shortProvinceName(name)) ?? name;
}

/**
 * ip2region's IPv6 database names carriers by their network (中国电信公众宽带, 中国联通IDC), the IPv4 one
 * by the carrier (电信, 联通): both become the carrier's short name.
 */
const ISP_RULES: [RegExp, string][] = [
  [/^中国电信/, '电信'],
  [/^中国(联通|网通)/, '联通'],
  [/^中国移动/, '移动'],
  [/^中国铁通/, '铁通'],
  [/^中国广电/, '广电'],
  [/教育网|CERNET/i, '教育网'],
  [/^阿里云/, '阿里云'],
];

export function canonicalIsp(name: string): string {
  return ISP_RULES.find(([re]) => re.test(name))?.[1] ?? name;
}

/** ip2region country names that are not CLDR's Chinese names: ISO codes, or English for regions. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  中非: 'CF',
  刚果布: 'CG',
  刚果金: 'CD',
  南乔治亚岛和南桑威奇群岛: 'GS',
  圣马丁: 'MF',
  多米尼加: 'DO',
  孟加拉: 'BD',
  巴勒斯坦: 'PS',
  托克劳群岛: 'TK',
  法国南部领地: 'TF',
  波黑: 'BA',
  瓦利斯和富图纳群岛: 'WF',
  留尼旺: 'RE',
  蒙塞拉特岛: 'MS',
  阿联酋: 'AE',
  马其顿: 'MK',
};
const REGION_NAMES: Readonly<Record<string, string>> = {
  安的列斯: 'Netherlands Antilles',
  亚太地区: 'Asia-Pacific',
  北美地区: 'North America',
  非洲地区: 'Africa',
  欧洲: 'Europe',
  法兰克福: 'Frankfurt',
};

let codeByChineseName: Map<string, string> | undefined;
/** CLDR's Chinese country names (the ones ip2region uses) → ISO code, built once from `Intl`. */
function countryCode(name: string): string | undefined {
  if (!codeByChineseName) {
    codeByChineseName = new Map();
    const zh = new Intl.DisplayNames(['zh-CN'], { type: 'region' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters) {
      for (const b of letters) {
        const code = a + b;
        const label = zh.of(code);
        if (label && label !== code && !codeByChineseName.has(label)) codeByChineseName.set(label, code);
      }
    }
  }
  return COUNTRY_ALIASES[name] ?? codeByChineseName.get(name);
}

let englishRegions: Intl.DisplayNames | undefined;
/** A country's English name (中国 → China, 美国 → United States); an unknown name stays as it is. */
export function englishCountryName(name: string): string {
  if (REGION_NAMES[name]) return REGION_NAMES[name];
  const code = countryCode(name);
  if (!code) return name;
  englishRegions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return englishRegions.of(code) ?? name;
}

export type AreaLanguage = 'zh-CN' | 'en-US';

/**
 * Chinese text → its pinyin syllables, without tones (深圳 → ['shen', 'zhen']). The contracts
 * import nothing but zod, so the caller hands one in: the server wraps pinyin-pro at start, the web
 * loads it with the pages that show cities (see `englishPlaceName`).
 */
export type Romanize = (han: string) => readonly string[];

const HAN = /\p{Script=Han}/u;
/** Suffixes of an administrative unit, left out to find a name in PLACE_NAMES_EN (东京都 → 东京). */
const UNIT_SUFFIX = /(都|府|县|省|州|市|特别行政区|地区|盟)$/;
/** What a city's English name leaves out (深圳市 → 深圳, 阿里地区 → 阿里, 兴安盟 → 兴安). */
const CITY_SUFFIX = /(市|地区|盟|县)$/;

/**
 * A region or city in English: the table's name where English differs from pinyin (北海道 → Hokkaido,
 * 呼和浩特 → Hohhot), else the pinyin of the name without its unit (深圳市 → Shenzhen); a name
 * with no Chinese in it stays as it is. Without `romanize`, a name the table lacks stays Chinese.
 */
export function englishPlaceName(name: string, romanize?: Romanize): string {
  if (!HAN.test(name)) return name;
  const known = PLACE_NAMES_EN[name] ?? PLACE_NAMES_EN[name.replace(UNIT_SUFFIX, '')];
  if (known) return known;
  if (!romanize) return name;
  const bare = name.replace(CITY_SUFFIX, '') || name;
  const word = romanize(bare).join('');
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : name;
}

/**
 * A stored place name in the reader's language: for en-US, Chinese provinces by the table above,
 * countries through CLDR, then regions and cities by `englishPlaceName`; unchanged for zh-CN.
 */
export function placeName(name: string, lang: AreaLanguage, romanize?: Romanize): string {
  if (lang !== 'en-US' || !name) return name;
  const province = CN_PROVINCES[canonicalProvince(name)];
  if (province) return province;
  const country = englishCountryName(name);
  return country !== name ? country : englishPlaceName(name, romanize);
}

/** A place's parts (country, province, city) without repeats (中国 北京市 北京市 → 中国 北京市), translated. */
export function areaText(parts: readonly string[], lang: AreaLanguage, romanize?: Romanize): string {
  return parts
    .filter((part, i) => part && part !== parts[i - 1])
    .map((part) => placeName(part, lang, romanize))
    .join(' ');
}
