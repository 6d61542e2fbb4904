import type { AreaLanguage } from './area-names.js';

/** Device types as stored (ua-parser-js's, desktop when it names none), in each interface language. */
export const DEVICE_NAMES: Readonly<Record<string, Record<AreaLanguage, string>>> = {
  desktop: { 'zh-CN': '桌面', 'en-US': 'Desktop' },
  mobile: { 'zh-CN': '移动', 'en-US': 'Mobile' },
  tablet: { 'zh-CN': '平板', 'en-US': 'Tablet' },
  tv: { 'zh-CN': '电视', 'en-US': 'TV' },
  console: { 'zh-CN': '游戏机', 'en-US': 'Console' },
  wearable: { 'zh-CN': '可穿戴设备', 'en-US': 'Wearable' },
  embedded: { 'zh-CN': '嵌入式设备', 'en-US': 'Embedded' },
};

export function deviceName(device: string, lang: AreaLanguage): string {
  return DEVICE_NAMES[device]?.[lang] ?? device;
}
