import i18next from 'i18next';

/**
 * Registers a feature's texts under `key` when its chunk loads. The entry bundle carries only the
 * shell's texts, so the report and site pages' strings never weigh on the first load of /login.
 */
export function addFeatureMessages(key: string, messages: { en: object; zh: object }): void {
  i18next.addResourceBundle('en', 'translation', { [key]: messages.en }, true, true);
  i18next.addResourceBundle('zh', 'translation', { [key]: messages.zh }, true, true);
}
