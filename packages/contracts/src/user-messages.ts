import { AREA_MESSAGES, type FieldLabel, type MessagePattern } from './messages/index.js';

/**
 * Every message a user can see from a schema or the server, in both interface languages. The
 * schemas and services write English (the API's language and the `en` text); each area's catalogue
 * (messages/<area>.ts, listed in messages/index.ts) gives the Chinese and names fields as the forms
 * label them, and the functions here look them up. The server answers in the language of the
 * `language` cookie the web app keeps (else Accept-Language); the web checks forms with the same
 * schemas and shows their messages through the same functions.
 */
export type MessageLanguage = 'zh' | 'en';

/** Fixed messages of every area (messages/<area>.ts): English as written → Chinese. */
const FIXED = new Map<string, string>(AREA_MESSAGES.flatMap((area) => Object.entries(area.fixed ?? {})));

/** Messages with a number or a name in them, area by area in the list's order. */
const PATTERNS: readonly MessagePattern[] = AREA_MESSAGES.flatMap((area) => area.patterns ?? []);

/**
 * A schema's or service's English message in `lang` (unknown messages stay as they are). `zhTerms`:
 * names inside it that have their own Chinese (a plan's name, English → Chinese); a part the pattern
 * captured that is such a name is worded with its Chinese (the first such part, so a plan named "5"
 * leaves the number after it alone).
 */
export function localizeMessage(
  message: string,
  lang: MessageLanguage,
  zhTerms?: Readonly<Record<string, string>>,
): string {
  if (lang === 'en') return message;
  const fixed = FIXED.get(message);
  if (fixed !== undefined) return fixed;
  for (const [pattern, zh] of PATTERNS) {
    const m = pattern.exec(message);
    if (!m) continue;
    const parts = m.slice(1);
    for (const [en, name] of Object.entries(zhTerms ?? {})) {
      const at = parts.indexOf(en);
      if (at >= 0 && name) parts[at] = name;
    }
    return zh(...parts);
  }
  return message;
}

/** Whether a message has its own Chinese text (the catalogue test walks every schema with this). */
export function hasTranslation(message: string): boolean {
  return FIXED.has(message) || PATTERNS.some(([pattern]) => pattern.test(message));
}

/** The parts of a zod issue the wording needs (kept structural: the web must not load zod for it). */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  expected?: string;
  input?: unknown;
}

/**
 * A zod issue in `lang`. A message the schema wrote is in the catalogue; one zod made up itself (no
 * message given) is worded here from the issue's code, in English too, so no user reads
 * "Invalid input: expected string, received undefined".
 */
export function localizeIssue(issue: IssueLike, lang: MessageLanguage): string {
  const message = issue.message ?? '';
  if (hasTranslation(message)) return localizeMessage(message, lang);
  const zh = lang === 'zh';
  const chars = issue.origin === 'string';
  const items = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined && /received undefined$/.test(message)) return zh ? '必填' : 'required';
      return zh ? '格式不正确' : 'invalid value';
    case 'too_small': {
      const n = String(issue.minimum);
      if (chars)
        return n === '1' ? (zh ? '必填' : 'required') : zh ? `至少 ${n} 个字符` : `at least ${n} characters`;
      if (items) return zh ? `至少 ${n} 项` : `at least ${n} items`;
      return zh ? `不能小于 ${n}` : `at least ${n}`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (chars) return zh ? `最多 ${n} 个字符` : `at most ${n} characters`;
      if (items) return zh ? `最多 ${n} 项` : `at most ${n} items`;
      return zh ? `不能大于 ${n}` : `at most ${n}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return localizeMessage('not a valid email address', lang);
      if (issue.format === 'url') return zh ? '不是有效的网址' : 'not a valid URL';
      return zh ? '格式不正确' : 'invalid format';
    case 'invalid_value':
      return zh
        ? `应为以下之一：${(issue.values ?? []).join('、')}`
        : `one of: ${(issue.values ?? []).join(', ')}`;
    case 'unrecognized_keys':
      return zh
        ? `不支持的字段：${(issue.keys ?? []).join('、')}`
        : `unknown fields: ${(issue.keys ?? []).join(', ')}`;
    case 'not_multiple_of':
      return zh ? '数值不符合要求' : 'not an allowed value';
    default:
      return zh ? '输入无效' : 'invalid';
  }
}

/** Field names as the forms label them; a nested path (`domains.0`) takes its first part's label. */
const FIELD_LABELS = new Map<string, FieldLabel>(
  AREA_MESSAGES.flatMap((area) => Object.entries(area.fields ?? {})),
);

/** A field of a 422 answer as its form labels it (an unknown field keeps its name). */
export function fieldLabel(field: string, lang: MessageLanguage): string {
  const label = FIELD_LABELS.get(field) ?? FIELD_LABELS.get(field.split('.')[0] ?? '');
  return label ? label[lang] : field;
}
