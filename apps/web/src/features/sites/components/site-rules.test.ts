import type { FormRule } from 'antd';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { domainsRule, ignoredIpsRule, matomoIdRule, umamiIdsRule } from './site-rules';

/** The rule's answer for a textarea's text: undefined when valid, else the error's message. */
async function check(rule: FormRule, text: string | undefined): Promise<string | undefined> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({} as never, text, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

// The site form's line rules load their schemas on the first check (../form-schemas.ts), so the site
// list's first load carries no zod: each rule must still refuse what the server refuses, line by line.
describe("the site form's line rules", () => {
  beforeAll(async () => {
    initI18n('en');
    await i18next.changeLanguage('en');
  });

  it('asks for a domain, refuses a bad one and names the line', async () => {
    const rule = domainsRule('at least one domain');
    expect(await check(rule, '')).toBe('at least one domain');
    expect(await check(rule, 'example.com\nnot a domain!')).toBe('not a domain!: not a valid domain');
    expect(await check(rule, 'https://Example.com/path\n例子.中国')).toBeUndefined();
  });

  it('takes empty optional fields and checks each entry of the others', async () => {
    expect(await check(ignoredIpsRule(), undefined)).toBeUndefined();
    expect(await check(ignoredIpsRule(), '203.0.113.7, 198.51.100.0/24')).toBeUndefined();
    expect(await check(ignoredIpsRule(), '198.51.100.0/33')).toBe(
      '198.51.100.0/33: not an IP address or CIDR range',
    );
    expect(await check(umamiIdsRule(), 'has space')).toBe('has space: not a valid Umami website id');
    expect(await check(matomoIdRule(), '0')).toBe('0: not a valid Matomo site id');
    expect(await check(matomoIdRule(), '42')).toBeUndefined();
  });
});
