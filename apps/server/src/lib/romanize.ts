import type { Romanize } from '@tally/contracts';
import { pinyin } from 'pinyin-pro';

/**
 * Pinyin of a Chinese place name for English CSVs and messages (深圳 → ['shen', 'zhen']); the
 * contracts' `placeName` and `areaText` take it for the cities and regions their table lacks.
 */
export const romanize: Romanize = (han) =>
  pinyin(han, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).map((s) => s.replace(/ü/g, 'v'));
