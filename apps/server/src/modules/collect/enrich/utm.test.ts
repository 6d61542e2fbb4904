import { describe, expect, it } from 'vitest';
import { parseUtm } from './utm.js';

describe('parseUtm', () => {
  it('reads all five parameters, decoded and trimmed', () => {
    const url = new URL(
      'https://example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=%E5%8F%8C11&utm_term=+shoes+&utm_content=top',
    );
    expect(parseUtm(url)).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: '双11',
      term: 'shoes',
      content: 'top',
    });
  });
  it('missing or blank parameters are null', () => {
    expect(parseUtm(new URL('https://example.com/?utm_source=&utm_medium=%20'))).toEqual({
      source: null,
      medium: null,
      campaign: null,
      term: null,
      content: null,
    });
  });
  it('caps long values at 200 characters', () => {
    expect(parseUtm(new URL(`https://example.com/?utm_campaign=${'x'.repeat(5000)}`)).campaign).toHaveLength(
      200,
    );
  });
});
