import { changePasswordBodySchema, registerBodySchema, siteDomainSchema } from '@tally/contracts';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { lazySchemas, schemaError, shapeField } from './zod-check';

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

describe('lazySchemas', () => {
  // What a feature's form-schemas.ts module is: contracts schemas, loaded on the first check.
  let loads = 0;
  const schemas = lazySchemas(async () => {
    loads += 1;
    return { changePasswordBodySchema, siteDomainSchema };
  });

  it('checks a field and a value with the schemas it loads, as antd rules', async () => {
    await i18next.changeLanguage('en');
    const rule = schemas.fieldRule('changePasswordBodySchema', 'new_password');
    const validate = (value: string) =>
      (rule as { validator: (r: unknown, v: string) => Promise<void> }).validator({}, value);
    await expect(validate('short')).rejects.toThrow('at least 8 characters');
    await expect(validate('long enough password')).resolves.toBeUndefined();
    expect(await schemas.valueError('siteDomainSchema', 'not a domain!')).toBe('not a valid domain');
    expect(await schemas.fieldError('changePasswordBodySchema', 'old_password', '')).toBe('required');
    expect(loads).toBeGreaterThan(0);
  });
});
