import i18next from 'i18next';

/** A feature's strings in both languages; `zh` must have every key of `en`. */
export interface MessageBundle<T extends object> {
  en: T;
  zh: T;
}

/**
 * Feature pages bring their own strings and add them when their chunk loads, so the first load
 * of /login carries only the strings it shows.
 */
export function addMessages<T extends object>(bundle: MessageBundle<T>): void {
  const add = () => {
    i18next.addResourceBundle('en', 'translation', bundle.en, true, true);
    i18next.addResourceBundle('zh', 'translation', bundle.zh, true, true);
  };
  // i18next gains its resource methods in init(): a module loaded before that (a unit test) waits.
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}
