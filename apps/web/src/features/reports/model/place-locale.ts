import type { AreaLanguage, Romanize } from '@tally/contracts';
import { useEffect, useState } from 'react';
import { LOCALE } from '../../../lib/language';
import { useAppStore } from '../../../stores/app';

/** The language place and device names are shown in: the interface's (country and province in English for en). */
export function usePlaceLocale(): AreaLanguage {
  return LOCALE[useAppStore((s) => s.language)];
}

let loaded: Romanize | undefined;

/**
 * Pinyin for the cities and regions abroad that the contracts' table lacks, in English only:
 * pinyin-pro's dictionary is large, so it is fetched when an English page shows places, and the
 * page re-renders with it (until then such a name shows as stored).
 */
export function useRomanize(): Romanize | undefined {
  const english = useAppStore((s) => s.language === 'en');
  const [romanize, setRomanize] = useState<Romanize | undefined>(() => loaded);
  useEffect(() => {
    if (!english || loaded) return;
    let live = true;
    void import('pinyin-pro').then(({ pinyin }) => {
      loaded = (han) =>
        pinyin(han, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).map((s) =>
          s.replace(/ü/g, 'v'),
        );
      if (live) setRomanize(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [english]);
  return english ? romanize : undefined;
}
