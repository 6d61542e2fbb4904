import type { AreaLanguage } from '@tally/contracts';
import { LOCALE } from '../../../lib/language';
import { useAppStore } from '../../../stores/app';

/** The language place and device names are shown in: the interface's (country and province in English for en). */
export function usePlaceLocale(): AreaLanguage {
  return LOCALE[useAppStore((s) => s.language)];
}
