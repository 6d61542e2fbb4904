/**
 * The arithmetic of the hand-drawn SVG charts (line, bar, pie): axis ticks and smooth lines. Kept
 * free of React so it can be tested on its own.
 */

/** echarts' default palette: the charts keep the colours they had when echarts drew them. */
export const PALETTE = [
  '#5470c6',
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
];

/**
 * Round ticks from 0 to at least `max` (about `count` steps of 1, 2, 2.5 or 5 times a power of ten),
 * no step finer than `minInterval` (1 for counts: no 0.5 visitor).
 */
export function niceTicks(max: number, minInterval = 0, count = 5): number[] {
  const top = max > 0 ? max : minInterval || 1;
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const step = Math.max(nice, minInterval);
  const steps = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

export type Point = [x: number, y: number];

/**
 * An SVG path through the points as a monotone cubic curve (Fritsch–Carlson): smooth like echarts'
 * `smooth: true`, but never overshooting above a peak or below zero between two points.
 */
export function smoothPath(points: Point[]): string {
  if (points.length === 0) return '';
  const [first] = points as [Point];
  if (points.length < 3) return `M${points.map(([x, y]) => `${x},${y}`).join('L')}`;
  const n = points.length;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const [x0, y0] = points[i] as Point;
    const [x1, y1] = points[i + 1] as Point;
    slopes.push((y1 - y0) / (x1 - x0 || 1));
  }
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0] as number;
    if (i === n - 1) return slopes[n - 2] as number;
    const a = slopes[i - 1] as number;
    const b = slopes[i] as number;
    return a * b <= 0 ? 0 : (a + b) / 2;
  });
  for (let i = 0; i < n - 1; i++) {
    const d = slopes[i] as number;
    if (d === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const alpha = (tangents[i] as number) / d;
    const beta = (tangents[i + 1] as number) / d;
    const sum = alpha * alpha + beta * beta;
    if (sum > 9) {
      const tau = 3 / Math.sqrt(sum);
      tangents[i] = tau * alpha * d;
      tangents[i + 1] = tau * beta * d;
    }
  }
  let path = `M${first[0]},${first[1]}`;
  for (let i = 0; i < n - 1; i++) {
    const [x0, y0] = points[i] as Point;
    const [x1, y1] = points[i + 1] as Point;
    const h = (x1 - x0) / 3;
    const c1 = `${round(x0 + h)},${round(y0 + (tangents[i] as number) * h)}`;
    const c2 = `${round(x1 - h)},${round(y1 - (tangents[i + 1] as number) * h)}`;
    path += `C${c1} ${c2} ${x1},${y1}`;
  }
  return path;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Runs of consecutive non-null values (a gap in the data is a gap in the line), with their indexes. */
export function runs(values: (number | null)[]): { index: number; value: number }[][] {
  const out: { index: number; value: number }[][] = [];
  let current: { index: number; value: number }[] = [];
  values.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      if (current.length) out.push(current);
      current = [];
    } else current.push({ index, value });
  });
  if (current.length) out.push(current);
  return out;
}

/** About how wide a label of 12px text is, without measuring (CJK characters are twice as wide). */
export function textWidth(text: string, fontSize = 12): number {
  let units = 0;
  for (const ch of text) units += ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6;
  return units * fontSize;
}
