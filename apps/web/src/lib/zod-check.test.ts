import { changePasswordBodySchema, registerBodySchema, siteDomainSchema } from '@tally/contracts';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { schemaError, shapeField } from './zod-check';

describe('form checks speak the interface language', () => {
  beforeAll(() => {
    initI18n('zh');
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('words register, password and site-domain errors in Chinese in the zh interface', async () => {
    await i18next.changeLanguage('zh');
    expect(schemaError(shapeField(registerBodySchema, 'username'), 'x')).toBe('至少 3 个字符');
    expect(schemaError(shapeField(registerBodySchema, 'email'), 'nope')).toBe('不是有效的邮箱地址');
    expect(schemaError(shapeField(registerBodySchema, 'password'), 'short')).toBe('至少 8 个字符');
    expect(schemaError(shapeField(changePasswordBodySchema, 'old_password'), '')).toBe('必填');
    expect(schemaError(siteDomainSchema, 'not a domain!')).toBe('不是有效的域名');
  });

  it('keeps the schema’s English in the en interface', async () => {
    await i18next.changeLanguage('en');
    expect(schemaError(shapeField(registerBodySchema, 'password'), 'short')).toBe('at least 8 characters');
    expect(schemaError(siteDomainSchema, 'example.com')).toBeUndefined();
  });
});
