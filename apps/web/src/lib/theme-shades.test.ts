import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, THEME_PRESETS } from '../stores/page-style';
import {
  AA_TEXT,
  contrast,
  PRESET_COLOURS,
  parseHex,
  shadeFor,
  tagTextShades,
  themeShades,
} from './theme-shades';

/** antd's real tokens for this primary colour: the backgrounds the primary is drawn on as text. */
function antdTokens(primary: string, link: string, dark: boolean) {
  return theme.getDesignToken({
    token: { colorPrimary: primary, colorLink: link },
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
  });
}

/** Checks the shades against every background antd draws primary text on, and text on a fill. */
function expectAA(colour: string, dark: boolean) {
  const { primary, seed, onPrimary, primaryBg } = themeShades(colour, dark);
  const token = { ...antdTokens(seed, seed, dark), colorPrimaryBg: primaryBg };
  // What antd paints is the shade the function promised.
  expect(token.colorPrimary.toLowerCase(), `${colour} painted`).toBe(primary);
  expect(token.colorLink.toLowerCase(), `${colour} link`).toBe(primary);
  for (const background of [
    token.colorBgContainer,
    token.colorBgElevated,
    token.colorBgLayout,
    token.colorPrimaryBg,
  ]) {
    expect(contrast(primary, background), `${colour} ${primary} on ${background}`).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  }
  expect(contrast(onPrimary, primary), `${onPrimary} on ${primary}`).toBeGreaterThanOrEqual(AA_TEXT);
}

describe('theme shades', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // The figure: the seed's colour against white.
    expect(contrast('#409EFF', '#ffffff')).toBeCloseTo(2.78, 2);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('keeps #409EFF as the identity and darkens it for text and fills', () => {
    const shades = themeShades(DEFAULT_THEME);
    expect(shades.identity).toBe('#409eff');
    expect(shades.primary).not.toBe('#409eff');
    expect(contrast(shades.primary, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // Same hue: blue stays blue (the red channel lowest, blue highest).
    const [r, g, b] = parseHex(shades.primary);
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it.each(THEME_PRESETS)('reaches AA for the drawer colour %s in light and dark', (colour) => {
    expectAA(colour, false);
    expectAA(colour, true);
  });

  it('reaches AA for any colour the picker can give (a grid over the RGB cube)', () => {
    const steps = [0x00, 0x55, 0xaa, 0xff].map((v) => v.toString(16).padStart(2, '0'));
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          expectAA(`#${r}${g}${b}`, false);
          expectAA(`#${r}${g}${b}`, true);
        }
  }, 60_000);

  it('leaves a colour that already passes alone', () => {
    expect(shadeFor('#003eb3', ['#ffffff'], 'darker')).toBe('#003eb3');
    expect(themeShades('#003eb3').primary).toBe('#003eb3');
  });

  it('refuses what is not a colour', () => {
    expect(() => themeShades('blue')).toThrow(/not a hex colour/);
  });

  it.each([false, true])('gives every coloured tag a text that reads on its tint (dark: %s)', (dark) => {
    const token = theme.getDesignToken({
      token: { colorError: dark ? undefined : '#cf1322' },
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    }) as unknown as Record<string, string>;
    const shades = tagTextShades(token, dark);
    // antd's own green tag is the one axe caught: #389e0d on #f6ffed.
    if (!dark) expect(contrast(token.green7!, token.green1!)).toBeLessThan(AA_TEXT);
    const pairs = [
      ...PRESET_COLOURS.map((c) => [`${c}7`, `${c}1`]),
      ...['Success', 'Info', 'Warning', 'Error'].map((s) => [`color${s}`, `color${s}Bg`]),
    ];
    for (const [text, tint] of pairs) {
      const shade = shades[text!]!;
      expect(shade, text).toBeDefined();
      expect(contrast(shade, token[tint!]!), `${text} on ${tint}`).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(shade, dark ? '#141414' : '#ffffff'), `${text} on the surface`).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
  });
});
