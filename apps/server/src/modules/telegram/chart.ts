import { crc32, deflateSync } from 'node:zlib';

/** One hour of the chart: its local hour label ("09") and its page views and visitors. */
export interface HourPoint {
  label: string;
  pv: number;
  uv: number;
}

type Rgb = readonly [number, number, number];

const W = 720;
const H = 360;
const PLOT = { left: 70, right: W - 30, top: 50, bottom: H - 40 };
const WHITE: Rgb = [255, 255, 255];
const GRID: Rgb = [226, 230, 236];
const AXIS: Rgb = [120, 128, 140];
const INK: Rgb = [70, 76, 86];
export const PV_COLOUR: Rgb = [24, 144, 255];
export const UV_COLOUR: Rgb = [82, 196, 26];

/** 3×5 digits and the few letters the chart writes, one string per row ('#' = ink). */
const GLYPHS: Record<string, string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '..#', '..#', '..#'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  P: ['##.', '#.#', '##.', '#..', '#..'],
  V: ['#.#', '#.#', '#.#', '#.#', '.#.'],
  U: ['#.#', '#.#', '#.#', '#.#', '###'],
  k: ['#..', '#.#', '##.', '#.#', '#.#'],
  M: ['#.#', '###', '###', '#.#', '#.#'],
  '.': ['...', '...', '...', '...', '.#.'],
  ' ': ['...', '...', '...', '...', '...'],
};

/** An RGB raster with the few drawing operations a line chart needs. */
class Raster {
  readonly px = Buffer.alloc(W * H * 3, 255);

  dot(x: number, y: number, c: Rgb): void {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return;
    this.px.set(c, (yi * W + xi) * 3);
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) this.dot(x + i, y + j, c);
  }

  /** A line `width` pixels thick: square pens stepped along it. */
  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, width = 1): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
    const half = Math.floor(width / 2);
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      this.rect(Math.round(x) - half, Math.round(y) - half, width, width, c);
    }
  }

  /** Text in the 3×5 font scaled by `scale`; `align` right puts its end at x. */
  text(
    s: string,
    x: number,
    y: number,
    c: Rgb,
    scale = 2,
    align: 'left' | 'right' | 'center' = 'left',
  ): void {
    const advance = 4 * scale;
    const width = s.length * advance - scale;
    let left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    for (const ch of s) {
      const rows = GLYPHS[ch] ?? GLYPHS[' ']!;
      rows.forEach((row, j) => {
        for (let i = 0; i < row.length; i++)
          if (row[i] === '#') this.rect(left + i * scale, y + j * scale, scale, scale, c);
      });
      left += advance;
    }
  }
}

/** 1234 → "1234", 12345 → "12.3k", 2500000 → "2.5M": axis labels stay short. */
export function shortNumber(n: number): string {
  if (n >= 1e6) return `${Number((n / 1e6).toFixed(1))}M`;
  if (n >= 1e4) return `${Number((n / 1e3).toFixed(1))}k`;
  return String(Math.round(n));
}

/** The axis top: the maximum rounded up to 1, 2 or 5 × a power of ten (at least 4, so ticks are whole). */
function niceMax(max: number): number {
  if (max <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

/** A PNG (RGB, 8 bit) of the raster: signature, IHDR, one zlib IDAT, IEND. */
function encodePng(r: Raster): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(W, 0);
  header.writeUInt32BE(H, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) r.px.copy(rows, y * (W * 3 + 1) + 1, y * W * 3, (y + 1) * W * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The 24-hour PV/UV line chart of a report, drawn without a browser: a grid with the value axis on
 * the left, every third hour labelled, PV in blue and UV in green with a legend.
 */
export function hoursChartPng(points: readonly HourPoint[]): Buffer {
  const r = new Raster();
  r.rect(0, 0, W, H, WHITE);
  const top = niceMax(Math.max(0, ...points.map((p) => Math.max(p.pv, p.uv))));
  const plotH = PLOT.bottom - PLOT.top;
  const yOf = (v: number) => PLOT.bottom - (v / top) * plotH;
  const xOf = (i: number) => PLOT.left + (i * (PLOT.right - PLOT.left)) / Math.max(1, points.length - 1);
  for (let k = 0; k <= 4; k++) {
    const y = Math.round(PLOT.top + (k * plotH) / 4);
    r.line(PLOT.left, y, PLOT.right, y, k === 4 ? AXIS : GRID);
    r.text(shortNumber((top * (4 - k)) / 4), PLOT.left - 10, y - 5, INK, 2, 'right');
  }
  points.forEach((p, i) => {
    // Every third hour, counted back from the latest one, so the newest hour is always labelled.
    if ((points.length - 1 - i) % 3 === 0) r.text(p.label, xOf(i), PLOT.bottom + 10, INK, 2, 'center');
  });
  for (const [key, colour] of [
    ['pv', PV_COLOUR],
    ['uv', UV_COLOUR],
  ] as const) {
    for (let i = 1; i < points.length; i++)
      r.line(xOf(i - 1), yOf(points[i - 1]![key]), xOf(i), yOf(points[i]![key]), colour, 3);
    points.forEach((p, i) => {
      r.rect(Math.round(xOf(i)) - 3, Math.round(yOf(p[key])) - 3, 7, 7, colour);
    });
  }
  r.rect(PLOT.left, 18, 24, 6, PV_COLOUR);
  r.text('PV', PLOT.left + 32, 14, INK, 3);
  r.rect(PLOT.left + 90, 18, 24, 6, UV_COLOUR);
  r.text('UV', PLOT.left + 122, 14, INK, 3);
  return encodePng(r);
}
