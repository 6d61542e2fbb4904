import { describe, expect, it } from 'vitest';
import { adminSettingsUpdateSchema } from './admin-settings-schemas.js';
import { publicArticleQuerySchema } from './articles-schemas.js';
import { isImageSource, isSafeLink, plainText, stripBidiControls } from './text.js';

describe('links and image sources', () => {
  it('accepts web, Telegram and mail addresses and paths on this site', () => {
    for (const ok of [
      'https://t.me/group',
      'http://example.com/a?b=1',
      'tg://resolve?domain=x',
      'mailto:a@b.c',
      '/articles',
    ])
      expect(isSafeLink(ok), ok).toBe(true);
  });

  it('refuses script, data and protocol-relative links', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil',
      'vbscript:x',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
  });

  it('image sources are uploads by stored name or http(s) addresses', () => {
    expect(isImageSource('/uploads/3f2a9c.png')).toBe(true);
    expect(isImageSource('https://cdn.example.com/a.png')).toBe(true);
    for (const bad of [
      '/uploads/../app-secret',
      '/uploads/..',
      '/etc/passwd',
      'javascript:x',
      'data:image/png;base64,AA',
    ])
      expect(isImageSource(bad), bad).toBe(false);
  });
});

describe('settings update', () => {
  it('refuses unknown keys and checks each given key on its own', () => {
    expect(adminSettingsUpdateSchema.safeParse({ nope: 1 }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ webclose: 2 }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ tjDomains: ['tj.example.com/path'] }).success).toBe(false);
    // The refusal names the key (it was a bare "invalid" for the body as a whole).
    expect(adminSettingsUpdateSchema.safeParse({ nope: 1 }).error?.issues[0]?.message).toBe(
      'unknown setting: nope',
    );
    expect(adminSettingsUpdateSchema.safeParse({ a: 1, webclose: 1, b: 2 }).error?.issues[0]?.message).toBe(
      'unknown settings: a, b',
    );
    const parsed = adminSettingsUpdateSchema.parse({ tjDomains: ['HTTPS://TJ.example.com'], webclose: 1 });
    expect(parsed).toEqual({ tjDomains: ['https://tj.example.com'], webclose: 1 });
  });
});

describe('public article ids', () => {
  it('takes 1 to 62 digits and nothing else', () => {
    expect(publicArticleQuerySchema.safeParse({ id: '9'.repeat(62) }).success).toBe(true);
    for (const bad of ['', '9'.repeat(63), '12a', '-1', '1.5'])
      expect(publicArticleQuerySchema.safeParse({ id: bad }).success, bad).toBe(false);
  });
});

describe('bidirectional controls', () => {
  const BIDI = [
    '\u202a',
    '\u202b',
    '\u202c',
    '\u202d',
    '\u202e',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200e',
    '\u200f',
    '\u061c',
  ];

  it('plain text drops every one of them (a title \\u202Egnp.exe no longer shows as exe.png) and trims after', () => {
    expect(plainText(120).parse('\u202egnp.exe')).toBe('gnp.exe');
    for (const c of BIDI) expect(plainText(120).parse(` ${c}a${c}b ${c}`), escape(c)).toBe('ab');
    // Letters of right-to-left scripts stay: only the invisible controls go.
    expect(plainText(120).parse('שלום عربي')).toBe('שלום عربي');
    expect(stripBidiControls(`x${BIDI.join('')}y`)).toBe('xy');
  });
});
