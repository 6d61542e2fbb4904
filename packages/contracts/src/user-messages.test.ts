import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { AREA_MESSAGES, type AreaMessages } from './messages/index.js';
import { exportedSchemas, schemaMessages } from './schema-walk.js';
import { fieldLabel, hasTranslation, localizeIssue, localizeMessage } from './user-messages.js';

const CJK = /[\u4e00-\u9fff]/;
const schemas = exportedSchemas(contracts as unknown as Record<string, unknown>);

/** Each text, pattern and field that more than one area words, with the areas (empty when each has one). */
function wordedTwice(areas: readonly AreaMessages[]): string[] {
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const { area, fixed = {}, patterns = [], fields = {} } of areas) {
    const keys = [
      ...Object.keys(fixed).map((text) => `text ${JSON.stringify(text)}`),
      ...patterns.map(([pattern]) => `pattern ${pattern}`),
      ...Object.keys(fields).map((field) => `field ${field}`),
    ];
    for (const key of keys) {
      const first = owner.get(key);
      if (first === undefined) owner.set(key, area);
      else twice.push(`${key}: ${first} and ${area}`);
    }
  }
  return twice;
}

describe('each area owns its words (messages/<area>.ts)', () => {
  it('no English text, pattern or field is worded by two areas', () => {
    expect(new Set(AREA_MESSAGES.map((a) => a.area)).size).toBe(AREA_MESSAGES.length);
    expect(wordedTwice(AREA_MESSAGES)).toEqual([]);
  });

  it('a text another area words already is found', () => {
    const stray: AreaMessages = {
      area: 'stray',
      fixed: { required: '必填' },
      fields: { id: { zh: '编号', en: 'ID' } },
    };
    expect(wordedTwice([...AREA_MESSAGES, stray])).toEqual([
      'text "required": common and stray',
      'field id: common and stray',
    ]);
  });
});

describe('every message a user can see, in zh and en', () => {
  it('walks the contracts: there are schemas and messages to check', () => {
    expect(schemas.length).toBeGreaterThan(50);
    expect(new Set(schemas.flatMap(([, s]) => schemaMessages(s))).size).toBeGreaterThan(20);
  });

  it.each(schemas)(
    '%s: each message its checks were written with reads in both languages',
    (_name, schema) => {
      for (const message of schemaMessages(schema)) {
        expect(hasTranslation(message), message).toBe(true);
        expect(localizeMessage(message, 'zh'), message).toMatch(CJK);
        expect(localizeMessage(message, 'en')).toBe(message);
      }
    },
  );

  it.each(schemas.filter(([name, s]) => /BodySchema$|InputSchema$/.test(name) && 'shape' in s._zod.def))(
    '%s: each field has the label its form shows, in both languages',
    (_name, schema) => {
      for (const field of Object.keys(schema._zod.def.shape as object)) {
        expect(fieldLabel(field, 'zh'), field).toMatch(CJK);
        expect(fieldLabel(field, 'en'), field).not.toBe(field);
      }
    },
  );

  it('words the issues zod makes up itself (no message given) in both languages', () => {
    const issues = (schema: { safeParse(v: unknown): { error?: { issues: object[] } } }, value: unknown) =>
      schema.safeParse(value).error?.issues ?? [];
    const cases: [string, { safeParse(v: unknown): { error?: { issues: object[] } } }, unknown][] = [
      ['smtp_port', contracts.adminSettingsInputSchema.shape.smtp_port, 70000],
      ['events_retention_days', contracts.adminSettingsInputSchema.shape.events_retention_days, -1],
      ['status', contracts.siteSwitchBodySchema, { id: 1, status: 'maybe' }],
      ['domains', contracts.siteSaveBodySchema.shape.domains, Array(30).fill('a.example')],
      ['missing', contracts.loginBodySchema, {}],
      ['type', contracts.siteSwitchBodySchema, { id: 'x', status: true }],
      ['unknown key', contracts.adminSettingsUpdateSchema, { nope: 1 }],
    ];
    for (const [what, schema, value] of cases) {
      const found = issues(schema, value);
      expect(found.length, what).toBeGreaterThan(0);
      for (const issue of found) {
        expect(localizeIssue(issue, 'zh'), what).toMatch(CJK);
        expect(localizeIssue(issue, 'en'), what).not.toMatch(/^Invalid input|^Too (big|small)|expected/);
      }
    }
  });

  it('words runtime messages of refinements and services (numbers and names kept)', () => {
    expect(localizeMessage('at most 366 days', 'zh')).toBe('最多 366 天');
    expect(localizeMessage('by hour for at most 31 days', 'zh')).toBe('按小时查看最多 31 天');
    expect(localizeMessage('required for a custom range', 'zh')).toMatch(CJK);
    expect(localizeMessage('x.html: the content is not an accepted type', 'zh')).toBe(
      'x.html：不支持的文件类型',
    );
    expect(localizeMessage('Please wait 42 s before asking for another code.', 'zh')).toBe(
      '请等待 42 秒后再获取验证码。',
    );
    expect(fieldLabel('domains.0', 'zh')).toBe('域名');
    expect(fieldLabel('old_password', 'en')).toBe('Current password');
  });

  it('a name with its own Chinese is worded with it, only where the pattern captured that name', () => {
    const limit = (plan: string) => `Your plan ${plan} allows 5 sites; upgrade to add more.`;
    expect(localizeMessage(limit('Free'), 'zh', { Free: '免费版' })).toBe(
      '您的套餐 免费版 最多可添加 5 个站点，请升级套餐后再添加。',
    );
    // A plan named like the number: only the first captured part, the name, changes.
    expect(localizeMessage(limit('5'), 'zh', { '5': '五号' })).toBe(
      '您的套餐 五号 最多可添加 5 个站点，请升级套餐后再添加。',
    );
    // A name that is also a word of the sentence: the sentence's words are the catalogue's, not replaced.
    expect(localizeMessage(limit('plan'), 'zh', { plan: '计划' })).toBe(
      '您的套餐 计划 最多可添加 5 个站点，请升级套餐后再添加。',
    );
    expect(localizeMessage(limit('Free'), 'en', { Free: '免费版' })).toBe(limit('Free'));
  });
});
