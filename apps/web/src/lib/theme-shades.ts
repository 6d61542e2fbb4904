/**
 * Shades of the theme colour that reach WCAG AA (issue 29): the colour the user picks (by default
 * the seed's #409EFF) stays the theme's identity and colours non-text accents (borders, the logo,
 * the active tag's dot), but #409EFF reaches only 2.78:1 against white, so text and filled controls
 * use a shade of the same hue darkened until it reaches 4.5:1 (white text on it reads as well: the
 * ratio is symmetric). In dark mode, text on the dark background needs the opposite: a lighter shade.
 * Pure functions, so any colour the drawer offers can be checked in a unit test.
 */

export const AA_TEXT = 4.5;

/** A little above AA, so rounding in the browser's colour maths never drops below it. */
const TARGET = 4.6;

/** antd's surfaces: cards and the layout's grey in light; the lightest and darkest in dark. */
const LIGHT_BACKGROUNDS = ['#ffffff', '#f5f5f5'];
const DARK_BACKGROUNDS = ['#1f1f1f', '#000000'];

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(h)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.x relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rr ? (gg - bb) / d + (gg < bb ? 6 : 0) : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = (t0 + 1) % 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/** `amount` (0–1) of `colour` over `base`, as an opaque colour. */
export function mix(colour: string, base: string, amount: number): string {
  const a = parseHex(colour);
  const b = parseHex(base);
  return toHex(a.map((c, i) => c * amount + b[i]! * (1 - amount)) as Rgb);
}

/**
 * The colour itself when it already reaches `target` against every background, else the nearest
 * shade of the same hue and saturation (lightness moved by 1% steps, darker or lighter) that does.
 * `drawn` is what the theme makes of the colour before painting it.
 */
export function shadeFor(
  colour: string,
  against: readonly string[],
  direction: 'darker' | 'lighter',
  target = TARGET,
  drawn: (hex: string) => string = (hex) => hex,
): string {
  const [h, s, l0] = toHsl(parseHex(colour));
  let hex = toHex(parseHex(colour));
  const lowest = () => Math.min(...against.map((bg) => contrast(drawn(hex), bg)));
  const step = direction === 'darker' ? -0.01 : 0.01;
  for (let l = l0; lowest() < target && (step < 0 ? l > 0 : l < 1); ) {
    l = Math.min(1, Math.max(0, l + step));
    hex = toHex(fromHsl([h, s, l]));
  }
  return hex;
}

export interface ThemeShades {
  /** The chosen colour: the theme's identity, for non-text accents (borders, marks, the logo). */
  identity: string;
  /** The colour antd paints as its primary: text and links on the page, and filled controls. */
  primary: string;
  /** What to give antd as colorPrimary for it to paint `primary` (they differ in dark mode). */
  seed: string;
  /** Text on a filled primary control: white on the light theme's dark shade, dark on the dark one's. */
  onPrimary: string;
  /**
   * antd's colorPrimaryBg (the selected menu item, row, option), a tint of the identity fixed here:
   * antd's own tint follows the primary, so the primary could never be sure to read on it.
   */
  primaryBg: string;
}

/**
 * antd's dark algorithm does not paint colorPrimary as given: it paints the 6th colour of its dark
 * palette, the colour mixed 85% over #141414 (@ant-design/colors). The shade is chosen for that.
 */
const antdDark = (hex: string) => mix(hex, '#141414', 0.85);

/** The AA shades of `colour` for the light theme, or for antd's dark algorithm. */
export function themeShades(colour: string, dark = false): ThemeShades {
  const identity = toHex(parseHex(colour));
  if (!dark) {
    const primaryBg = mix(identity, '#ffffff', 0.12);
    const primary = shadeFor(identity, [...LIGHT_BACKGROUNDS, primaryBg], 'darker');
    return { identity, primary, seed: primary, onPrimary: '#ffffff', primaryBg };
  }
  const primaryBg = mix(identity, '#141414', 0.2);
  const primary = shadeFor(identity, [...DARK_BACKGROUNDS, primaryBg], 'lighter', TARGET, antdDark);
  return { identity, primary: antdDark(primary), seed: primary, onPrimary: '#141414', primaryBg };
}

/** antd's preset colour names (`<Tag color="green">`), each a palette `green1` … `green10`. */
export const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

/** antd's status tags (`<Tag color="success">`): text `colorX` on `colorXBg`. */
const STATUSES = ['Success', 'Info', 'Warning', 'Error'] as const;

/**
 * Text colours for antd's Tag that reach AA on the tag's own tint. A preset tag writes palette 7 on
 * palette 1 (green: #389e0d on #f6ffed, 3.4:1) and a status tag `colorWarning` on `colorWarningBg`
 * (#faad14 on #fffbe6, 1.9:1); each gets the nearest shade of its hue that reads on the tint and on
 * the surface around it. `token` is antd's computed design token of the theme (theme.getDesignToken),
 * the result goes in as Tag's component tokens so no other component's colours move.
 */
export function tagTextShades(token: Record<string, unknown>, dark = false): Record<string, string> {
  const surface = dark ? '#141414' : '#ffffff';
  const direction = dark ? 'lighter' : 'darker';
  const pairs: [string, string][] = [
    ...PRESET_COLOURS.map((c): [string, string] => [`${c}7`, `${c}1`]),
    ...STATUSES.map((s): [string, string] => [`color${s}`, `color${s}Bg`]),
  ];
  const shades: Record<string, string> = {};
  for (const [text, tint] of pairs) {
    const colour = token[text];
    const background = token[tint];
    if (typeof colour !== 'string' || typeof background !== 'string') continue;
    shades[text] = shadeFor(colour, [background, surface], direction);
  }
  return shades;
}
